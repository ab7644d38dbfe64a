import type { Ledger } from './ledger.js';
/** Beyond every router deadline: a request still unanswered then is lost, not slow. */
export declare const LOST_AFTER_MS = 45000;
export type Principal = 'alice' | 'bob' | 'stdio';
export interface SoakClient {
    name: string;
    principal: Principal;
    modern: boolean;
    /** A tools/call; resolves with `ok` or the error's code (never rejects). */
    call: (name: string, args: Record<string, unknown>, options?: {
        progress?: boolean;
        signal?: AbortSignal;
    }) => Promise<Outcome>;
    close: () => Promise<void>;
}
/** `ok`, a JSON-RPC error code, `cancelled` (by the soak), or a local failure's kind. */
export type Outcome = 'ok' | 'cancelled' | string;
/** The outcome of a rejected call: the JSON-RPC code when there is one. */
export declare function outcomeOf(error: unknown, signal?: AbortSignal): Outcome;
/** A legacy session over Streamable HTTP for `principal`. */
export declare function httpClient(ledger: Ledger, url: string, principal: 'alice' | 'bob', index: number): Promise<SoakClient>;
/** A legacy session over stdio of a second router (no principal: it is the local user). */
export declare function stdioClient(ledger: Ledger, configFile: string): Promise<SoakClient & {
    pid: () => number | undefined;
}>;
/** Alice's 2026-07-28 client over HTTP; it accepts every elicitation (URL mode). */
export declare function modernClient(ledger: Ledger, url: string): Promise<SoakClient>;
