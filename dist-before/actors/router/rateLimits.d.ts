/**
 * `RouteHost.rateLimit` from `mcpMux.rateLimits`: one `RateLimiter` per config (a reload that
 * changes the rules starts with full buckets), on the router's clock, each refusal counted
 * by the observer (`mcp_mux_rate_limited_total`). Undefined without rules.
 */
import type { SchedulerLike } from 'rxjs';
import type { RateLimitRule } from '../../core/config/index.js';
import type { RouterObserver } from '../../core/observe/index.js';
import type { Caller } from '../downstream/index.js';
export type RateLimit = (caller: Caller, upstream: string, exposed: string) => void;
export declare function rateLimitsOf(rules: () => RateLimitRule[] | undefined, scheduler: SchedulerLike, observer: RouterObserver | undefined): () => RateLimit | undefined;
