export interface LoopbackRedirect {
    /** The redirect URI with the port actually bound (the configured one unless it was 0). */
    readonly redirectUri: string;
    /** The callback's query parameters. */
    readonly parameters: Promise<URLSearchParams>;
    close(): void;
}
export declare function listenForRedirect(redirectUri: string, timeoutMs?: number): Promise<LoopbackRedirect>;
