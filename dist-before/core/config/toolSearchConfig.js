/**
 * `toolSearch` (under `mcpMux`; later also under a profile, hence the path parameter):
 *
 *   "toolSearch": { "mode": "auto", "threshold": 40, "maxResults": 10, "maxActivated": 32 }
 *
 * `off` (the default): clients list every tool. `search`: clients list the meta-tools
 * `search_tools` and `call_tool` (plus the tools they activated). `auto`: like `search` for a
 * client that would see more than `threshold` tools, else the plain list.
 */
import { child, integer, knownKeys, object, oneOf } from './configSchema.js';
export const TOOL_SEARCH_DEFAULTS = Object.freeze({
    mode: 'off',
    threshold: 40,
    maxResults: 10,
    maxActivated: 32,
});
const KEYS = new Set(['mode', 'threshold', 'maxResults', 'maxActivated']);
const MODES = ['off', 'search', 'auto'];
/** Parses one `toolSearch` object at `path`; missing keys take the defaults. */
export function parseToolSearch(value, path, issues) {
    const raw = object(value, path, issues);
    if (!raw)
        return undefined;
    knownKeys(raw, path, KEYS, issues);
    const at = (key) => child(path, key);
    const out = { ...TOOL_SEARCH_DEFAULTS };
    if (raw.mode !== undefined)
        out.mode = oneOf(raw.mode, at('mode'), issues, MODES) ?? out.mode;
    if (raw.threshold !== undefined) {
        const range = { min: 0, max: 1_000_000 };
        out.threshold = integer(raw.threshold, at('threshold'), issues, range) ?? out.threshold;
    }
    if (raw.maxResults !== undefined) {
        const range = { min: 1, max: 100 };
        out.maxResults = integer(raw.maxResults, at('maxResults'), issues, range) ?? out.maxResults;
    }
    if (raw.maxActivated !== undefined) {
        const range = { min: 0, max: 256 };
        const max = integer(raw.maxActivated, at('maxActivated'), issues, range);
        if (max !== undefined)
            out.maxActivated = max;
    }
    return out;
}
//# sourceMappingURL=toolSearchConfig.js.map