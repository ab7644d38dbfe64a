/**
 * `mcpMux.rateLimits` across the instances of a cluster: the same rules as `RateLimiter`, their
 * buckets in the cluster's shared store (`ClusterStore.takeToken`, GCRA, atomic per take), so
 * a principal's calls count wherever they land. Keys name the rule (its index and content
 * digest: instances with one config share a bucket, a changed rule starts a new one) and the
 * principal: `rate:<rule identity>:<principal id>`.
 *
 * The shared engine down (`available` false, or a take rejects or does not answer within
 * `timeoutMs`): the local `RateLimiter` decides, so each instance enforces the limit on its own until the engine returns; a client
 * never sees the outage. Several matching rules are taken in order and the first refusal
 * stops (the tokens earlier rules gave are spent: the store has no give-back; locally a
 * refused call takes from none).
 */
import type { Principal } from '../../core/auth/index.js';
import { bounded, type ClusterStore } from '../../core/cluster/index.js';
import type { RateLimited, RateLimiter } from './rateLimiter.js';

export class ClusterRateLimiter {
  readonly #local: RateLimiter;
  readonly #store: ClusterStore;
  readonly #timeoutMs: number;

  /** `timeoutMs`: the longest a call waits for the store before the local buckets decide. */
  constructor(local: RateLimiter, store: ClusterStore, timeoutMs = 250) {
    this.#local = local;
    this.#store = store;
    this.#timeoutMs = timeoutMs;
  }

  /** As `RateLimiter.take`, cluster-wide while the shared engine answers. */
  async take(
    principal: Principal | undefined,
    id: string,
    upstream: string,
    tool: string,
  ): Promise<RateLimited | undefined> {
    if (!this.#store.available) return this.#local.take(principal, id, upstream, tool);
    const rules = this.#local.matching(principal, upstream, tool);
    try {
      for (const rule of rules) {
        const key = `rate:${rule.identity}:${id}`;
        const take = this.#store.takeToken(key, rule.interval, rule.burst);
        const taken = await bounded(take, this.#timeoutMs);
        if (!taken.allowed) return { rule: rule.index, retryAfterMs: taken.retryAfterMs };
      }
      return undefined;
    } catch {
      return this.#local.take(principal, id, upstream, tool);
    }
  }
}
