/**
 * `mcpMux.rateLimits`: token buckets on `tools/call`, per principal and rule
 * (actors/routes/rateLimiter.ts).
 *
 *   "rateLimits": [{ "principals": ["token:ci"], "upstreams": ["github"],
 *                    "tools": ["github__create_*"], "perMinute": 30, "burst": 5 }]
 *
 * `principals` are the patterns of `mcpMux.access` (`token:NAME`, `sub:…`, `scope:…`,
 * `client:…`, `*`); `upstreams` and `tools` are globs (absent: all; `tools` matches the
 * exposed name, as in `mcpMux.access`). `burst` (default 1) calls may go at once, then one
 * every `60000 / perMinute` ms.
 */
import { rulePrincipals, withRuleScope } from './authConfig.js';
import { child, integer, item, knownKeys, object } from './configSchema.js';
const KEYS = new Set(['principals', 'upstreams', 'tools', 'perMinute', 'burst']);
const PATH = 'mcpMux.rateLimits';
/** Parses `mcpMux.rateLimits`; undefined when it is not an array. */
export function parseRateLimits(value, issues) {
    if (!Array.isArray(value))
        return issues.add(PATH, 'expected an array of rules');
    const rules = [];
    value.forEach((entry, index) => {
        const at = item(PATH, index);
        const raw = object(entry, at, issues);
        if (!raw)
            return;
        knownKeys(raw, at, KEYS, issues);
        for (const key of ['principals', 'perMinute']) {
            if (raw[key] === undefined)
                issues.add(child(at, key), 'required');
        }
        const principals = raw.principals === undefined ? undefined : rulePrincipals(raw.principals, at, issues);
        const range = { min: 1, max: 1_000_000 };
        const perMinute = raw.perMinute === undefined
            ? undefined
            : integer(raw.perMinute, child(at, 'perMinute'), issues, range);
        const burst = raw.burst === undefined ? 1 : integer(raw.burst, child(at, 'burst'), issues, range);
        if (!principals || perMinute === undefined || burst === undefined)
            return;
        rules.push(withRuleScope({ principals, perMinute, burst }, raw, at, issues));
    });
    return rules;
}
//# sourceMappingURL=rateLimitConfig.js.map