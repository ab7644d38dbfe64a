/**
 * Observability keys of `mcpMux` (core/observe/README.md):
 *
 *   "metrics": { "trackTools": ["search", "github/create_issue"], "timeEvery": 1 }
 *   "readiness": "all" | "any" | ["github", "files"]
 */
import { child, integer, knownKeys, object, stringArray, } from './configSchema.js';
export const OBSERVE_KEYS = ['metrics', 'readiness'];
const METRICS_KEYS = new Set(['trackTools', 'timeEvery']);
/** At most this many tracked tools: each one is a label value (cardinality stays bounded). */
const MAX_TRACKED_TOOLS = 100;
export function parseObserve(raw, issues) {
    const out = {};
    const at = (key) => child('mcpMux', key);
    if (raw.metrics !== undefined) {
        const metrics = object(raw.metrics, at('metrics'), issues);
        if (metrics) {
            knownKeys(metrics, at('metrics'), METRICS_KEYS, issues);
            if (metrics.trackTools !== undefined) {
                const path = child(at('metrics'), 'trackTools');
                const tools = stringArray(metrics.trackTools, path, issues, { nonEmptyItems: true });
                if (tools && tools.length > MAX_TRACKED_TOOLS) {
                    issues.add(path, `at most ${MAX_TRACKED_TOOLS} tools can be tracked`);
                }
                else if (tools)
                    out.metrics = { trackTools: tools };
            }
            if (metrics.timeEvery !== undefined) {
                const path = child(at('metrics'), 'timeEvery');
                const every = integer(metrics.timeEvery, path, issues, { min: 1, max: 1_000_000 });
                if (every !== undefined)
                    out.metrics = { ...out.metrics, timeEvery: every };
            }
        }
    }
    if (raw.readiness !== undefined) {
        const value = raw.readiness;
        if (value === 'all' || value === 'any')
            out.readiness = value;
        else if (Array.isArray(value)) {
            const names = stringArray(value, at('readiness'), issues, { nonEmptyItems: true });
            if (names)
                out.readiness = names;
        }
        else {
            issues.add(at('readiness'), 'expected "all", "any" or an array of upstream names');
        }
    }
    return out;
}
/** Readiness names that are not configured upstreams (checked once the servers are known). */
export function checkReadinessNames(config, upstreams) {
    if (!Array.isArray(config.readiness))
        return [];
    const known = new Set(upstreams);
    return config.readiness
        .filter((name) => !known.has(name))
        .map((name) => ({
        path: 'mcpMux.readiness',
        reason: `"${name}" is not a server under mcpServers`,
    }));
}
//# sourceMappingURL=observeConfig.js.map