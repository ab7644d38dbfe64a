import { type Issues } from './configSchema.js';
export interface RateLimitRule {
    principals: string[];
    upstreams?: string[];
    tools?: string[];
    /** Sustained calls per minute. */
    perMinute: number;
    /** Calls that may go at once after a quiet spell (default 1). */
    burst: number;
}
/** Parses `mcpMux.rateLimits`; undefined when it is not an array. */
export declare function parseRateLimits(value: unknown, issues: Issues): RateLimitRule[] | undefined;
