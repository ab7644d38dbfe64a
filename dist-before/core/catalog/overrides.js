/**
 * Per-server overrides of tools and prompts (`toolOverrides`, `promptOverrides`): a new
 * upstream-side name (prefixed and shortened like any other name), a title, a description, tool
 * annotations merged over the upstream's, or hidden. Keyed by the ORIGINAL upstream name; calls
 * to the new name still reach the original (the catalog keeps the original in `Resolved`).
 */
/** `item` with `override`'s fields written over it (a shallow copy; `name` is left to the caller). */
export function overriddenItem(item, override) {
    const out = { ...item };
    if (override.title !== undefined)
        out.title = override.title;
    if (override.description !== undefined)
        out.description = override.description;
    if (override.annotations !== undefined) {
        const given = item.annotations;
        const base = typeof given === 'object' && given !== null ? given : {};
        out.annotations = { ...base, ...override.annotations };
    }
    return out;
}
/** The override of `original`, own keys only (`__proto__` or `toString` are names like others). */
export function overrideOf(overrides, original) {
    return overrides !== undefined && Object.hasOwn(overrides, original)
        ? overrides[original]
        : undefined;
}
//# sourceMappingURL=overrides.js.map