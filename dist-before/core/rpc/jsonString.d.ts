/** `i` at an opening quote: the index after the closing one, or -1 when invalid. */
export declare function skipString(text: string, i: number): number;
/** Starts a scan of `text`: its `bytes` are used only if ASCII-aligned with it (stringStops.ts). */
export declare function startLine(text: string, bytes: Uint8Array | undefined): void;
/** Ends the scan: the line's bytes are not kept. */
export declare function endLine(): void;
