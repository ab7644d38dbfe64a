/**
 * Per-principal session counting for the listeners that hold one session per live stream or
 * socket (legacy HTTP+SSE, WebSocket): a principal (bearer token, else remote address) may
 * hold at most `max` open sessions; one more is refused with 429. These
 * sessions are live connections, never idle leftovers, so none is evicted to make room (the
 * Streamable HTTP server, whose sessions outlive their requests, evicts instead).
 */
import type { IncomingMessage } from 'node:http';
import { type TrustProxy } from './forwardedFor.js';
/** Sessions per principal when `mcpMux.maxSessionsPerPrincipal` is not set. */
export declare const DEFAULT_MAX_SESSIONS_PER_PRINCIPAL = 100;
/**
 * What per-principal limits count by: the bearer token's principal, else the client's address
 * (the peer's, or with `trustProxy` the forwarded one: forwardedFor.ts). Without tokens every
 * client behind one address (loopback, one proxy) shares one pool.
 */
export declare function limitKey(req: IncomingMessage, principal: string | undefined, trustProxy?: TrustProxy): string;
export declare class PrincipalLimit {
    #private;
    constructor(max?: number);
    /**
     * Takes a place for `key`: the function that gives it back (idempotent), or undefined when
     * `key` already holds `max` sessions.
     */
    acquire(key: string): (() => void) | undefined;
    /** Open sessions per key (stats and tests). */
    counts(): Map<string, number>;
}
