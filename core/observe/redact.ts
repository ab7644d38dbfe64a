/**
 * A JSON value with the values of keys matching `globs` (picomatch, case-insensitive, at any
 * depth) replaced by `"[redacted]"`: what the approval message and a `full` audit line show of
 * a call's arguments (`mcpMux.approveRedact`). A fresh copy; the value given is not modified.
 */
import picomatch from 'picomatch';

export const REDACTED = '[redacted]';

type Matcher = (key: string) => boolean;

/** Compiled per glob list (the config's array: it lives as long as the config). */
const compiled = new WeakMap<readonly string[], Matcher>();

function matcherFor(globs: readonly string[]): Matcher {
  let matcher = compiled.get(globs);
  if (!matcher) {
    matcher = picomatch(globs as string[], { dot: true, nocase: true, windows: false });
    compiled.set(globs, matcher);
  }
  return matcher;
}

export function redactKeys(value: unknown, globs: readonly string[]): unknown {
  return redactWith(value, matcherFor(globs));
}

function redactWith(value: unknown, matches: Matcher): unknown {
  if (Array.isArray(value)) return value.map((item) => redactWith(item, matches));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = matches(key) ? REDACTED : redactWith(item, matches);
  }
  return out;
}
