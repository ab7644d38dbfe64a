/**
 * `mcpMux.rateLimits` on `tools/call`: one GCRA (a token bucket kept as one number, its
 * "theoretical arrival time") per (rule, principal id), on the router's clock. Every rule that
 * matches the caller, the upstream and the exposed tool name must let the call pass; a refused
 * call takes nothing from any bucket and never reaches the upstream (the route throws before
 * forwarding).
 */
import { createHash } from 'node:crypto';
import {
  globMatcher,
  type Matcher,
  type Principal,
  principalMatcher,
} from '../../core/auth/index.js';
import type { RateLimitRule } from '../../core/config/index.js';
import { ErrorCode, RpcError } from '../../core/errors/index.js';

/** Why a call was refused: the rule's index in `mcpMux.rateLimits`, when to try again. */
export interface RateLimited {
  readonly rule: number;
  readonly retryAfterMs: number;
}

/** What a cluster-wide bucket needs of a rule (clusterRateLimiter.ts). */
export interface BucketRule {
  readonly index: number;
  /** The rule's index and a digest of its content: instances with one config share buckets. */
  readonly identity: string;
  /** Milliseconds per call at the sustained rate. */
  readonly interval: number;
  readonly burst: number;
}

interface CompiledRule extends BucketRule {
  readonly principals: readonly ((p: Principal | undefined) => boolean)[];
  readonly upstream: Matcher;
  readonly tool: Matcher;
  /** How far ahead of now the arrival time may run: (burst − 1) intervals. */
  readonly tolerance: number;
}

/** Buckets kept before the idle ones (arrival time in the past: a full bucket) are dropped. */
const PRUNE_AT = 10_000;

export class RateLimiter {
  readonly #rules: readonly CompiledRule[];
  readonly #now: () => number;
  /** Arrival time by `<rule index> <principal id>`; absent: a full bucket. */
  readonly #arrivals = new Map<string, number>();

  constructor(rules: readonly RateLimitRule[], now: () => number) {
    this.#now = now;
    this.#rules = rules.map((rule, index) => {
      const interval = 60_000 / rule.perMinute;
      const digest = createHash('sha256').update(JSON.stringify(rule)).digest('base64url');
      return {
        index,
        identity: `${index}.${digest.slice(0, 16)}`,
        burst: rule.burst,
        principals: rule.principals.map(principalMatcher),
        upstream: globMatcher(rule.upstreams),
        tool: globMatcher(rule.tools),
        interval,
        tolerance: (rule.burst - 1) * interval,
      };
    });
  }

  /** Buckets held now (idle ones are dropped past `PRUNE_AT`). */
  get size(): number {
    return this.#arrivals.size;
  }

  /**
   * Takes one call from every matching rule's bucket of `principal` (`id`: its key, '' for
   * nobody), or none when one of them
   * is empty: then what refused it and when its bucket has room again.
   */
  take(
    principal: Principal | undefined,
    id: string,
    upstream: string,
    tool: string,
  ): RateLimited | undefined {
    const now = this.#now();
    let matched: { key: string; next: number }[] | undefined;
    for (const rule of this.#rules) {
      if (!rule.principals.some((m) => m(principal)) || !rule.upstream(upstream)) continue;
      if (!rule.tool(tool)) continue;
      const key = `${rule.index} ${id}`;
      const arrival = Math.max(this.#arrivals.get(key) ?? now, now);
      const early = arrival - now - rule.tolerance;
      if (early > 0) return { rule: rule.index, retryAfterMs: Math.ceil(early) };
      matched ??= [];
      matched.push({ key, next: arrival + rule.interval });
    }
    if (matched === undefined) return undefined;
    if (this.#arrivals.size >= PRUNE_AT) this.#prune(now);
    for (const { key, next } of matched) this.#arrivals.set(key, next);
    return undefined;
  }

  /** The rules whose buckets a call of `principal` to `upstream`'s `tool` takes from. */
  matching(principal: Principal | undefined, upstream: string, tool: string): BucketRule[] {
    return this.#rules.filter(
      (rule) =>
        rule.principals.some((m) => m(principal)) && rule.upstream(upstream) && rule.tool(tool),
    );
  }

  #prune(now: number): void {
    for (const [key, arrival] of this.#arrivals) if (arrival <= now) this.#arrivals.delete(key);
  }
}

/** The -32010 of a refused call: `data.retryAfterMs` and the rule's index. */
export function rateLimitedError(limited: RateLimited, tool: string): RpcError {
  return new RpcError(
    ErrorCode.Overloaded,
    `Rate limit: ${tool} refused by mcpMux.rateLimits[${limited.rule}]; retry in ${limited.retryAfterMs} ms`,
    { retryAfterMs: limited.retryAfterMs, rule: limited.rule },
  );
}
