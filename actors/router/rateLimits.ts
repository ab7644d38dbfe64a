/**
 * `RouteHost.rateLimit` from `mcpMux.rateLimits`: one `RateLimiter` per config (a reload that
 * changes the rules starts with full buckets), on the router's clock, each refusal counted
 * by the observer (`mcp_mux_rate_limited_total`). Undefined without rules.
 */
import type { SchedulerLike } from 'rxjs';
import type { RateLimitRule } from '../../core/config/index.js';
import type { RouterObserver } from '../../core/observe/index.js';
import type { Caller } from '../downstream/index.js';
import { ownerOf, RateLimiter, rateLimitedError } from '../routes/index.js';

export type RateLimit = (caller: Caller, upstream: string, exposed: string) => void;

export function rateLimitsOf(
  rules: () => RateLimitRule[] | undefined,
  scheduler: SchedulerLike,
  observer: RouterObserver | undefined,
): () => RateLimit | undefined {
  let compiledFrom: RateLimitRule[] | undefined;
  let check: RateLimit | undefined;
  return () => {
    const current = rules();
    if (current !== compiledFrom) {
      compiledFrom = current;
      const limiter =
        current && current.length > 0 ? new RateLimiter(current, () => scheduler.now()) : undefined;
      check =
        limiter &&
        ((caller, upstream, exposed) => {
          const limited = limiter.take(caller.identity, ownerOf(caller), upstream, exposed);
          if (limited === undefined) return;
          observer?.rateLimited?.(upstream, limited.rule);
          throw rateLimitedError(limited, exposed);
        });
    }
    return check;
  };
}
