/**
 * `RouteHost.rateLimit` from `mcpMux.rateLimits`: one `RateLimiter` per config (a reload that
 * changes the rules starts with full buckets), on the router's clock, each refusal counted
 * by the observer (`mcp_mux_rate_limited_total`). Undefined without rules.
 *
 * With a cluster store (`RouterOptions.cluster`) the buckets are the cluster's
 * (routes/clusterRateLimiter.ts) and the check resolves a promise; without one it stays a
 * synchronous call that throws, as fast as a single process needs.
 */
import type { SchedulerLike } from 'rxjs';
import type { ClusterStore } from '../../core/cluster/index.js';
import type { RateLimitRule } from '../../core/config/index.js';
import type { RouterObserver } from '../../core/observe/index.js';
import type { Caller } from '../downstream/index.js';
import {
  ClusterRateLimiter,
  ownerOf,
  type RateLimited,
  RateLimiter,
  rateLimitedError,
} from '../routes/index.js';

/** Throws (or, cluster-wide, rejects with) the -32010 of a refused call. */
export type RateLimit = (caller: Caller, upstream: string, exposed: string) => void | Promise<void>;

export function rateLimitsOf(
  rules: () => RateLimitRule[] | undefined,
  scheduler: SchedulerLike,
  observer: RouterObserver | undefined,
  cluster?: ClusterStore,
): () => RateLimit | undefined {
  let compiledFrom: RateLimitRule[] | undefined;
  let check: RateLimit | undefined;
  const refuse = (limited: RateLimited, upstream: string, exposed: string) => {
    observer?.rateLimited?.(upstream, limited.rule);
    return rateLimitedError(limited, exposed);
  };
  return () => {
    const current = rules();
    if (current !== compiledFrom) {
      compiledFrom = current;
      const limiter =
        current && current.length > 0 ? new RateLimiter(current, () => scheduler.now()) : undefined;
      if (limiter === undefined) check = undefined;
      else if (cluster === undefined) {
        check = (caller, upstream, exposed) => {
          const limited = limiter.take(caller.identity, ownerOf(caller), upstream, exposed);
          if (limited !== undefined) throw refuse(limited, upstream, exposed);
        };
      } else {
        const shared = new ClusterRateLimiter(limiter, cluster);
        check = async (caller, upstream, exposed) => {
          const limited = await shared.take(caller.identity, ownerOf(caller), upstream, exposed);
          if (limited !== undefined) throw refuse(limited, upstream, exposed);
        };
      }
    }
    return check;
  };
}
