/**
 * Namespacing: the one place that turns an upstream's tool/prompt name into the name the
 * facade shows, and the one place that decides whether a name passes an allow/deny filter.
 * See core/catalog/README.md.
 */
import picomatch from 'picomatch';
export const DEFAULT_SEPARATOR = '__';
/** The spec's tool-name rule (2025-11-25, tools.mdx "Tool Names"): 1–128 of [A-Za-z0-9_.-]. */
export const NAME_PATTERN = /^[A-Za-z0-9_.-]{1,128}$/;
/** The longest name the spec allows; `maxLength` can only lower it. */
export const MAX_NAME_LENGTH = 128;
/** The router's default `maxLength`: most model APIs cap tool names at 64 characters. */
export const DEFAULT_MAX_NAME_LENGTH = 64;
/** The shortest `maxLength` accepted: room for a readable head, `_` and the 8-hex hash. */
export const MIN_MAX_LENGTH = 16;
const INVALID_CHARS = /[^A-Za-z0-9_.-]/g;
const HASH_LENGTH = 8;
/** 32-bit FNV-1a over UTF-16 code units, as 8 hex digits. Stable across runs and platforms. */
export function shortHash(text) {
    let hash = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) {
        hash ^= text.charCodeAt(i);
        hash = Math.imul(hash, 0x01000193);
    }
    return (hash >>> 0).toString(16).padStart(HASH_LENGTH, '0');
}
/**
 * The exposed name of upstream item `name` under `prefix`.
 *
 * - prefix `""` → the name itself; otherwise `prefix + separator + name`.
 * - Characters outside [A-Za-z0-9_.-] are replaced by `_` (in both cases), and an empty
 *   result becomes `_`, so the result always satisfies NAME_PATTERN.
 * - Longer than `min(maxLength, 128)` → the head is kept and `_` + 8 hex digits of the
 *   FNV-1a hash of the full unsanitized `prefix + separator + name` is appended, so two long
 *   names sharing their head still differ, and the same input always gives the same output.
 *
 * Different inputs can still meet (e.g. `a b` and `a_b`); the catalog detects that and
 * reports a collision instead of exposing both.
 *
 * @throws RangeError when `maxLength` is not an integer ≥ MIN_MAX_LENGTH.
 */
export function exposeName(prefix, name, options) {
    const limit = lengthLimit(options.maxLength);
    const full = prefix === '' ? name : prefix + options.separator + name;
    const clean = full.replace(INVALID_CHARS, '_') || '_';
    if (clean.length <= limit)
        return clean;
    return `${clean.slice(0, limit - HASH_LENGTH - 1)}_${shortHash(full)}`;
}
function lengthLimit(maxLength) {
    if (maxLength === undefined)
        return MAX_NAME_LENGTH;
    if (!Number.isInteger(maxLength) || maxLength < MIN_MAX_LENGTH) {
        throw new RangeError(`maxLength must be an integer ≥ ${MIN_MAX_LENGTH}, got ${maxLength}`);
    }
    return Math.min(maxLength, MAX_NAME_LENGTH);
}
/** Compiled matchers per glob list; filters come from config and live as long as it. */
const compiled = new WeakMap();
function matcherFor(globs) {
    let matcher = compiled.get(globs);
    if (!matcher) {
        // `dot`: names may start with '.'; `windows: false`: '\' is never a separator here.
        matcher = picomatch(globs, { dot: true, windows: false });
        compiled.set(globs, matcher);
    }
    return matcher;
}
/**
 * Whether an upstream item named `name` (its ORIGINAL name) is exposed: allowed when there is
 * no allow list (absent or empty) or a glob of it matches, and no deny glob matches.
 * Globs are picomatch globs; `*` does not cross `/`, use `**` for names containing `/`.
 */
export function matchesFilter(name, filter) {
    const { allow, deny } = filter;
    if (allow && allow.length > 0 && !matcherFor(allow)(name))
        return false;
    if (deny && deny.length > 0 && matcherFor(deny)(name))
        return false;
    return true;
}
//# sourceMappingURL=naming.js.map