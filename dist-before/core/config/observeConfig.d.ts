/**
 * Observability keys of `mcpMux` (core/observe/README.md):
 *
 *   "metrics": { "trackTools": ["search", "github/create_issue"], "timeEvery": 1 }
 *   "readiness": "all" | "any" | ["github", "files"]
 */
import { type ConfigIssue, type Issues, type JsonObject } from './configSchema.js';
export type ReadinessConfig = 'all' | 'any' | string[];
export interface ObserveConfig {
    /** Tools (as the upstream names them, or `upstream/tool`) with their own metric label. */
    metrics?: {
        trackTools?: string[];
        timeEvery?: number;
    };
    /** `/readyz` rule (default `all`). */
    readiness?: ReadinessConfig;
}
export declare const OBSERVE_KEYS: readonly ["metrics", "readiness"];
export declare function parseObserve(raw: JsonObject, issues: Issues): ObserveConfig;
/** Readiness names that are not configured upstreams (checked once the servers are known). */
export declare function checkReadinessNames(config: ObserveConfig, upstreams: readonly string[]): ConfigIssue[];
