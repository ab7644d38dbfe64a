/**
 * `mcpMux.rateLimits` on `tools/call`: one GCRA (a token bucket kept as one number, its
 * "theoretical arrival time") per (rule, principal id), on the router's clock. Every rule that
 * matches the caller, the upstream and the exposed tool name must let the call pass; a refused
 * call takes nothing from any bucket and never reaches the upstream (the route throws before
 * forwarding).
 */
import { type Principal } from '../../core/auth/index.js';
import type { RateLimitRule } from '../../core/config/index.js';
import { RpcError } from '../../core/errors/index.js';
/** Why a call was refused: the rule's index in `mcpMux.rateLimits`, when to try again. */
export interface RateLimited {
    readonly rule: number;
    readonly retryAfterMs: number;
}
export declare class RateLimiter {
    #private;
    constructor(rules: readonly RateLimitRule[], now: () => number);
    /** Buckets held now (idle ones are dropped past `PRUNE_AT`). */
    get size(): number;
    /**
     * Takes one call from every matching rule's bucket of `principal` (`id`: its key, '' for
     * nobody), or none when one of them
     * is empty: then what refused it and when its bucket has room again.
     */
    take(principal: Principal | undefined, id: string, upstream: string, tool: string): RateLimited | undefined;
}
/** The -32010 of a refused call: `data.retryAfterMs` and the rule's index. */
export declare function rateLimitedError(limited: RateLimited, tool: string): RpcError;
