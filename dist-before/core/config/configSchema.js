/**
 * A small hand-written validation kit for the config file (no zod at runtime). Every check
 * records an issue with the JSON path and the reason and returns `undefined` instead of
 * throwing, so one pass reports ALL issues at once.
 */
import { didYouMean } from './clientKeys.js';
export class Issues {
    list = [];
    /** Things worth telling that do not refuse the file (ignored client keys, duplicates…). */
    warnings = [];
    /** Keys that MCP clients write and mcp-mux ignores, by JSON path (one warning for all). */
    ignored = [];
    add(path, reason) {
        this.list.push({ path, reason });
        return undefined;
    }
    warn(message) {
        this.warnings.push(message);
    }
}
/** The JSON type of a value as a user reads it in an error message. */
export function describe(value) {
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'array';
    return typeof value;
}
const PLAIN_KEY = /^[A-Za-z0-9_$-]+$/;
/** `base.key`, or `base["odd key"]` when the key would be ambiguous with dots. */
export function child(base, key) {
    if (!PLAIN_KEY.test(key))
        return `${base}[${JSON.stringify(key)}]`;
    return base === '' ? key : `${base}.${key}`;
}
export function item(base, index) {
    return `${base}[${index}]`;
}
export const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
export function object(value, path, issues) {
    if (isObject(value))
        return value;
    return issues.add(path, `expected an object, got ${describe(value)}`);
}
/**
 * Reports every key of `value` that is not in `known`, with "did you mean" when a known key is
 * close; keys in `ignored` (what MCP clients write) are only noted in `issues.ignored`.
 */
export function knownKeys(value, path, known, issues, ignored) {
    for (const key of Object.keys(value)) {
        if (known.has(key))
            continue;
        if (ignored?.has(key)) {
            issues.ignored.push(child(path, key));
            continue;
        }
        const guess = didYouMean(key, known);
        issues.add(child(path, key), guess ? `unknown key (did you mean "${guess}"?)` : 'unknown key');
    }
}
export function string(value, path, issues, rule) {
    if (typeof value !== 'string')
        return issues.add(path, `expected a string, got ${describe(value)}`);
    if (rule && !rule.pattern.test(value)) {
        return issues.add(path, `expected ${rule.description}, got ${JSON.stringify(value)}`);
    }
    return value;
}
export function boolean(value, path, issues) {
    if (typeof value === 'boolean')
        return value;
    return issues.add(path, `expected a boolean, got ${describe(value)}`);
}
/** The largest delay Node timers honour; above it `setTimeout` fires at once. */
export const MAX_TIMER_MS = 2_147_483_647;
export function integer(value, path, issues, range) {
    if (typeof value !== 'number') {
        return issues.add(path, `expected an integer, got ${describe(value)}`);
    }
    if (!Number.isInteger(value))
        return issues.add(path, `expected an integer, got ${value}`);
    if (value < range.min || value > range.max) {
        return issues.add(path, `expected an integer from ${range.min} to ${range.max}, got ${value}`);
    }
    return value;
}
export function oneOf(value, path, issues, choices) {
    if (typeof value === 'string' && choices.includes(value)) {
        return value;
    }
    const shown = typeof value === 'string' ? JSON.stringify(value) : describe(value);
    return issues.add(path, `expected one of ${choices.map((c) => `"${c}"`).join(', ')}, got ${shown}`);
}
export function stringArray(value, path, issues, options = {}) {
    if (!Array.isArray(value))
        return issues.add(path, `expected an array, got ${describe(value)}`);
    let ok = true;
    value.forEach((entry, index) => {
        if (typeof entry !== 'string') {
            issues.add(item(path, index), `expected a string, got ${describe(entry)}`);
            ok = false;
        }
        else if (options.nonEmptyItems && entry === '') {
            issues.add(item(path, index), 'expected a non-empty string');
            ok = false;
        }
    });
    return ok ? value : undefined;
}
export function stringRecord(value, path, issues) {
    const record = object(value, path, issues);
    if (!record)
        return undefined;
    let ok = true;
    for (const [key, entry] of Object.entries(record)) {
        if (typeof entry !== 'string') {
            issues.add(child(path, key), `expected a string, got ${describe(entry)}`);
            ok = false;
        }
    }
    return ok ? record : undefined;
}
/** `${env:NAME}`, `${NAME}`, and either with `:-default` (used when NAME is unset or empty). */
const ENV_REFERENCE = /\$\{(env:)?([^}]*?)(?::-([^}]*))?\}/g;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/**
 * Expands every `${NAME}`, `${env:NAME}`, `${NAME:-default}` and `${env:NAME:-default}` in
 * `text` from `env`, as client configs (Claude Desktop, Cursor, VS Code) write them. A missing
 * variable without a default, or a malformed name, is an issue (unless `lenient`, used for
 * disabled servers, which leaves the text as written). `$NAME` without braces stays literal,
 * and there is no escape.
 */
export function substituteEnv(text, path, env, issues, lenient) {
    let failed = false;
    const out = text.replace(ENV_REFERENCE, (whole, _env, name, fallback) => {
        // Own keys only: `${env:constructor}` must not find Object.prototype's members.
        const value = ENV_NAME.test(name) && Object.hasOwn(env, name) ? env[name] : undefined;
        if (fallback !== undefined && ENV_NAME.test(name))
            return value ? value : fallback;
        if (value !== undefined)
            return value;
        failed = true;
        if (!lenient) {
            issues.add(path, ENV_NAME.test(name)
                ? `environment variable ${name} is not set`
                : `invalid environment variable reference ${JSON.stringify(whole)}`);
        }
        return whole;
    });
    return failed ? text : out;
}
/** `substituteEnv` over each string of an array (`args`). */
export function substituteEnvArray(values, path, env, issues, lenient) {
    return values.map((value, index) => substituteEnv(value, item(path, index), env, issues, lenient));
}
export function substituteEnvRecord(record, path, env, issues, lenient) {
    // fromEntries defines own properties, so a key named `__proto__` stays a plain key.
    return Object.fromEntries(Object.entries(record).map(([key, value]) => [
        key,
        substituteEnv(value, child(path, key), env, issues, lenient),
    ]));
}
//# sourceMappingURL=configSchema.js.map