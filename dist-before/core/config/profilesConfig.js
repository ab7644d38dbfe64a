/**
 * `mcpMux.profiles`: named views of the router (virtual servers), each a subset of what it
 * serves, with its own tool search:
 *
 *   "profiles": {
 *     "coding": { "upstreams": ["github", "fs*"], "tools": ["*__read_*", "github__*"],
 *                 "toolSearch": { "mode": "auto" } },
 *     "docs":   { "upstreams": ["docs"], "resources": ["docs://**"] }
 *   }
 *
 * Globs (picomatch, like `access`): `upstreams` over server names, `tools` and `prompts` over
 * EXPOSED names, `resources` over resource URIs and URI templates. A key left out lets
 * everything of its kind through. Served at `/mcp/<name>` (and `/sse/<name>`, WebSocket
 * `/mcp/<name>`) and chosen over stdio with `--profile NAME`.
 */
import { child, knownKeys, object, stringArray } from './configSchema.js';
import { parseToolSearch } from './toolSearchConfig.js';
/** A profile's name: one URL path segment, as a server name is. */
export const PROFILE_NAME = /^[A-Za-z0-9_.-]{1,64}$/;
const KEYS = new Set(['upstreams', 'tools', 'prompts', 'resources', 'toolSearch']);
const GLOB_KEYS = ['upstreams', 'tools', 'prompts', 'resources'];
export function parseProfiles(value, path, issues) {
    const raw = object(value, path, issues);
    if (!raw)
        return undefined;
    const out = {};
    for (const [name, entry] of Object.entries(raw)) {
        const at = child(path, name);
        if (!PROFILE_NAME.test(name) || name === '.' || name === '..') {
            issues.add(at, 'a profile name is 1–64 characters of [A-Za-z0-9_.-] (not "." or "..")');
            continue;
        }
        const profile = parseProfile(entry, at, issues);
        if (profile)
            out[name] = profile;
    }
    return out;
}
function parseProfile(value, path, issues) {
    const raw = object(value, path, issues);
    if (!raw)
        return undefined;
    knownKeys(raw, path, KEYS, issues);
    const profile = {};
    for (const key of GLOB_KEYS) {
        if (raw[key] === undefined)
            continue;
        const globs = stringArray(raw[key], child(path, key), issues, { nonEmptyItems: true });
        if (globs)
            profile[key] = globs;
    }
    if (raw.toolSearch !== undefined) {
        const toolSearch = parseToolSearch(raw.toolSearch, child(path, 'toolSearch'), issues);
        if (toolSearch)
            profile.toolSearch = toolSearch;
    }
    return profile;
}
//# sourceMappingURL=profilesConfig.js.map