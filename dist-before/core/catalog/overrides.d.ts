/**
 * Per-server overrides of tools and prompts (`toolOverrides`, `promptOverrides`): a new
 * upstream-side name (prefixed and shortened like any other name), a title, a description, tool
 * annotations merged over the upstream's, or hidden. Keyed by the ORIGINAL upstream name; calls
 * to the new name still reach the original (the catalog keeps the original in `Resolved`).
 */
/** The annotation hints a config may set on a tool. */
export interface ToolAnnotationsOverride {
    title?: string;
    readOnlyHint?: boolean;
    destructiveHint?: boolean;
    idempotentHint?: boolean;
    openWorldHint?: boolean;
}
export interface ItemOverride {
    /** The upstream-side name to expose instead of the original (before prefixing). */
    name?: string;
    title?: string;
    description?: string;
    /** Tools only: merged key by key over the upstream's `annotations`. */
    annotations?: ToolAnnotationsOverride;
    /** Left out of the catalog: not listed, and a call to it is an unknown tool. */
    hidden?: boolean;
}
/** Overrides of one kind, by original upstream name. */
export type ItemOverrides = Readonly<Record<string, ItemOverride>>;
type Item = Record<string, unknown>;
/** `item` with `override`'s fields written over it (a shallow copy; `name` is left to the caller). */
export declare function overriddenItem(item: Item, override: ItemOverride): Item;
/** The override of `original`, own keys only (`__proto__` or `toString` are names like others). */
export declare function overrideOf(overrides: ItemOverrides | undefined, original: string): ItemOverride | undefined;
export {};
