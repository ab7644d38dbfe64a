/**
 * `mcpMux.rateLimits` on `tools/call`: one GCRA (a token bucket kept as one number, its
 * "theoretical arrival time") per (rule, principal id), on the router's clock. Every rule that
 * matches the caller, the upstream and the exposed tool name must let the call pass; a refused
 * call takes nothing from any bucket and never reaches the upstream (the route throws before
 * forwarding).
 */
import { globMatcher, principalMatcher, } from '../../core/auth/index.js';
import { ErrorCode, RpcError } from '../../core/errors/index.js';
/** Buckets kept before the idle ones (arrival time in the past: a full bucket) are dropped. */
const PRUNE_AT = 10_000;
export class RateLimiter {
    #rules;
    #now;
    /** Arrival time by `<rule index> <principal id>`; absent: a full bucket. */
    #arrivals = new Map();
    constructor(rules, now) {
        this.#now = now;
        this.#rules = rules.map((rule, index) => {
            const interval = 60_000 / rule.perMinute;
            return {
                index,
                principals: rule.principals.map(principalMatcher),
                upstream: globMatcher(rule.upstreams),
                tool: globMatcher(rule.tools),
                interval,
                tolerance: (rule.burst - 1) * interval,
            };
        });
    }
    /** Buckets held now (idle ones are dropped past `PRUNE_AT`). */
    get size() {
        return this.#arrivals.size;
    }
    /**
     * Takes one call from every matching rule's bucket of `principal` (`id`: its key, '' for
     * nobody), or none when one of them
     * is empty: then what refused it and when its bucket has room again.
     */
    take(principal, id, upstream, tool) {
        const now = this.#now();
        let matched;
        for (const rule of this.#rules) {
            if (!rule.principals.some((m) => m(principal)) || !rule.upstream(upstream))
                continue;
            if (!rule.tool(tool))
                continue;
            const key = `${rule.index} ${id}`;
            const arrival = Math.max(this.#arrivals.get(key) ?? now, now);
            const early = arrival - now - rule.tolerance;
            if (early > 0)
                return { rule: rule.index, retryAfterMs: Math.ceil(early) };
            matched ??= [];
            matched.push({ key, next: arrival + rule.interval });
        }
        if (matched === undefined)
            return undefined;
        if (this.#arrivals.size >= PRUNE_AT)
            this.#prune(now);
        for (const { key, next } of matched)
            this.#arrivals.set(key, next);
        return undefined;
    }
    #prune(now) {
        for (const [key, arrival] of this.#arrivals)
            if (arrival <= now)
                this.#arrivals.delete(key);
    }
}
/** The -32010 of a refused call: `data.retryAfterMs` and the rule's index. */
export function rateLimitedError(limited, tool) {
    return new RpcError(ErrorCode.Overloaded, `Rate limit: ${tool} refused by mcpMux.rateLimits[${limited.rule}]; retry in ${limited.retryAfterMs} ms`, { retryAfterMs: limited.retryAfterMs, rule: limited.rule });
}
//# sourceMappingURL=rateLimiter.js.map