import { boolean, child, knownKeys, object, string } from './configSchema.js';
const NAME_RULE = { pattern: /^[A-Za-z0-9_.-]{1,128}$/, description: '1–128 of [A-Za-z0-9_.-]' };
const TOOL_KEYS = new Set(['name', 'title', 'description', 'annotations', 'hidden']);
const PROMPT_KEYS = new Set(['name', 'title', 'description', 'hidden']);
const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'];
const ANNOTATION_KEYS = new Set(['title', ...HINTS]);
/** Parses `toolOverrides` (kind `tools`) or `promptOverrides` (kind `prompts`) at `path`. */
export function parseOverrides(value, path, kind, issues) {
    if (value === undefined)
        return undefined;
    const raw = object(value, path, issues);
    if (!raw)
        return undefined;
    const out = {};
    for (const [original, entry] of Object.entries(raw)) {
        const override = parseOverride(entry, child(path, original), kind, issues);
        if (override)
            out[original] = override;
    }
    checkNames(out, path, issues);
    return Object.keys(out).length === 0 ? undefined : out;
}
function parseOverride(value, path, kind, issues) {
    const raw = object(value, path, issues);
    if (!raw)
        return undefined;
    knownKeys(raw, path, kind === 'tools' ? TOOL_KEYS : PROMPT_KEYS, issues);
    const at = (key) => child(path, key);
    const out = {};
    if (raw.name !== undefined) {
        const name = string(raw.name, at('name'), issues, NAME_RULE);
        if (name !== undefined)
            out.name = name;
    }
    for (const key of ['title', 'description']) {
        if (raw[key] === undefined)
            continue;
        const text = string(raw[key], at(key), issues);
        if (text !== undefined)
            out[key] = text;
    }
    if (raw.hidden !== undefined) {
        const hidden = boolean(raw.hidden, at('hidden'), issues);
        if (hidden !== undefined)
            out.hidden = hidden;
    }
    if (raw.annotations !== undefined) {
        const annotations = parseAnnotations(raw.annotations, at('annotations'), issues);
        if (annotations)
            out.annotations = annotations;
    }
    return out;
}
function parseAnnotations(value, path, issues) {
    const raw = object(value, path, issues);
    if (!raw)
        return undefined;
    knownKeys(raw, path, ANNOTATION_KEYS, issues);
    const out = {};
    if (raw.title !== undefined) {
        const title = string(raw.title, child(path, 'title'), issues);
        if (title !== undefined)
            out.title = title;
    }
    for (const hint of HINTS) {
        if (raw[hint] === undefined)
            continue;
        const flag = boolean(raw[hint], child(path, hint), issues);
        if (flag !== undefined)
            out[hint] = flag;
    }
    return out;
}
/**
 * Collisions known from the config alone: two visible overrides giving the same name, or a new
 * name equal to another override's key that stays exposed under its own name.
 */
function checkNames(overrides, path, issues) {
    const given = new Map();
    const keeps = (key) => Object.hasOwn(overrides, key) &&
        !overrides[key]?.hidden &&
        (overrides[key]?.name === undefined || overrides[key]?.name === key);
    for (const [original, override] of Object.entries(overrides)) {
        const name = override.name;
        if (name === undefined || override.hidden || name === original)
            continue;
        const at = child(child(path, original), 'name');
        const first = given.get(name);
        if (first !== undefined) {
            issues.add(at, `"${name}" is already the new name of "${first}"`);
        }
        else if (keeps(name)) {
            issues.add(at, `"${name}" is kept by its own override; rename or hide that one`);
        }
        given.set(name, first ?? original);
    }
}
//# sourceMappingURL=overridesConfig.js.map