export interface SoakFlags {
    durationMs: number;
    killEveryMs: number;
    reloadEveryMs: number;
    /** Requests per second; `undefined` = calibrate, then half of saturation. */
    rate: number | undefined;
    out: string | undefined;
}
/** `90`, `90s`, `3m`, `1h`, `1.5h`, `500ms` → milliseconds. @throws on anything else */
export declare function parseDuration(text: string): number;
export declare function parseSoakFlags(argv: string[]): SoakFlags;
