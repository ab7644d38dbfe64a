/**
 * A JSON value with the values of keys matching `globs` (picomatch, case-insensitive, at any
 * depth) replaced by `"[redacted]"`: what the approval message and a `full` audit line show of
 * a call's arguments (`mcpMux.approveRedact`). A fresh copy; the value given is not modified.
 */
import picomatch from 'picomatch';
export const REDACTED = '[redacted]';
/** Compiled per glob list (the config's array: it lives as long as the config). */
const compiled = new WeakMap();
function matcherFor(globs) {
    let matcher = compiled.get(globs);
    if (!matcher) {
        matcher = picomatch(globs, { dot: true, nocase: true, windows: false });
        compiled.set(globs, matcher);
    }
    return matcher;
}
export function redactKeys(value, globs) {
    return redactWith(value, matcherFor(globs));
}
function redactWith(value, matches) {
    if (Array.isArray(value))
        return value.map((item) => redactWith(item, matches));
    if (typeof value !== 'object' || value === null)
        return value;
    const out = {};
    for (const [key, item] of Object.entries(value)) {
        out[key] = matches(key) ? REDACTED : redactWith(item, matches);
    }
    return out;
}
//# sourceMappingURL=redact.js.map