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
  /** Arrival time by principal id; absent: a full bucket. */
  readonly arrivals: Map<string, number>;
}

/** Buckets kept before the idle ones (arrival time in the past: a full bucket) are dropped. */
const PRUNE_AT = 10_000;
/** Upstream and tool names whose matching rules are kept (then the table starts afresh). */
const MAX_NAMES = 4096;

const forPrincipal = (rule: CompiledRule, principal: Principal | undefined): boolean => {
  for (const matches of rule.principals) if (matches(principal)) return true;
  return false;
};

export class RateLimiter {
  readonly #rules: readonly CompiledRule[];
  readonly #now: () => number;
  /**
   * The rules whose upstream and tool globs match, by upstream and tool: the same few names
   * come back on every call, and matching globs per call cost more than the bucket itself.
   */
  #byName = new Map<string, Map<string, readonly CompiledRule[]>>();
  #names = 0;

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
        arrivals: new Map<string, number>(),
      };
    });
  }

  /** Buckets held now (idle ones are dropped past `PRUNE_AT`). */
  get size(): number {
    let size = 0;
    for (const rule of this.#rules) size += rule.arrivals.size;
    return size;
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
    const rules = this.#named(upstream, tool);
    if (rules.length === 0) return undefined;
    const now = this.#now();
    let matched = false;
    for (const rule of rules) {
      if (!forPrincipal(rule, principal)) continue;
      const arrival = Math.max(rule.arrivals.get(id) ?? now, now);
      const early = arrival - now - rule.tolerance;
      if (early > 0) return { rule: rule.index, retryAfterMs: Math.ceil(early) };
      matched = true;
    }
    if (!matched) return undefined;
    if (this.size >= PRUNE_AT) this.#prune(now);
    // Every bucket had room: each takes the call (a second pass, so a refusal takes nothing).
    for (const rule of rules) {
      if (!forPrincipal(rule, principal)) continue;
      const arrival = Math.max(rule.arrivals.get(id) ?? now, now);
      rule.arrivals.set(id, arrival + rule.interval);
    }
    return undefined;
  }

  /** The rules whose buckets a call of `principal` to `upstream`'s `tool` takes from. */
  matching(principal: Principal | undefined, upstream: string, tool: string): BucketRule[] {
    return this.#named(upstream, tool).filter((rule) => forPrincipal(rule, principal));
  }

  /** The rules whose upstream and tool globs match `upstream` and `tool` (kept, bounded). */
  #named(upstream: string, tool: string): readonly CompiledRule[] {
    const known = this.#byName.get(upstream)?.get(tool);
    if (known !== undefined) return known;
    if (this.#names >= MAX_NAMES) {
      this.#byName = new Map();
      this.#names = 0;
    }
    const rules = this.#rules.filter((rule) => rule.upstream(upstream) && rule.tool(tool));
    let byTool = this.#byName.get(upstream);
    if (byTool === undefined) {
      byTool = new Map();
      this.#byName.set(upstream, byTool);
    }
    byTool.set(tool, rules);
    this.#names++;
    return rules;
  }

  #prune(now: number): void {
    for (const rule of this.#rules) {
      for (const [id, arrival] of rule.arrivals) if (arrival <= now) rule.arrivals.delete(id);
    }
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
