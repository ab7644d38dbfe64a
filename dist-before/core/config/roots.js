/**
 * `roots`: the roots a SHARED upstream is told about (per server, defaulting to `mcpMux.roots`).
 * A shared upstream serves every client, so it must never see one client's roots on behalf of
 * another: the router answers its `roots/list` itself with these (or with none), and does not
 * forward a client's `notifications/roots/list_changed` to it. Isolated upstreams get their
 * own client's roots (actors/router/serverRequests.ts).
 *
 * Each entry is a `file://` URI, an absolute path, or a path relative to the config file's
 * directory (both turned into `file://` URIs), or `{ "uri": ..., "name": ... }`.
 */
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { child, describe, item, knownKeys, object } from './configSchema.js';
const ROOT_KEYS = new Set(['uri', 'name']);
function uriOf(text, baseDir) {
    if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(text))
        return text;
    if (text === '')
        return undefined;
    const path = isAbsolute(text) || baseDir === undefined ? text : resolve(baseDir, text);
    return pathToFileURL(path).href;
}
/** Reads a `roots` value at `path`; `undefined` when absent (then the default applies). */
export function parseRoots(value, path, issues, baseDir) {
    if (value === undefined)
        return undefined;
    if (!Array.isArray(value)) {
        return issues.add(path, `expected an array of paths, URIs or { uri, name }, got ${describe(value)}`);
    }
    const roots = [];
    value.forEach((entry, index) => {
        const at = item(path, index);
        if (typeof entry === 'string') {
            const uri = uriOf(entry, baseDir);
            if (uri === undefined)
                issues.add(at, 'expected a non-empty path or URI');
            else
                roots.push({ uri });
            return;
        }
        const raw = object(entry, at, issues);
        if (!raw)
            return;
        knownKeys(raw, at, ROOT_KEYS, issues);
        const uri = typeof raw.uri === 'string' ? uriOf(raw.uri, baseDir) : undefined;
        if (uri === undefined) {
            issues.add(child(at, 'uri'), 'expected a non-empty path or URI');
            return;
        }
        if (raw.name !== undefined && typeof raw.name !== 'string') {
            issues.add(child(at, 'name'), `expected a string, got ${describe(raw.name)}`);
            return;
        }
        roots.push(typeof raw.name === 'string' ? { uri, name: raw.name } : { uri });
    });
    return roots;
}
//# sourceMappingURL=roots.js.map