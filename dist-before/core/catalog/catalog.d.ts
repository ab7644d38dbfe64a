import { type NameFilter, type NamingOptions } from './naming.js';
import { type ItemOverrides } from './overrides.js';
export type CatalogKind = 'tools' | 'prompts' | 'resources' | 'resourceTemplates';
export declare const CATALOG_KINDS: readonly CatalogKind[];
export interface CatalogUpstream {
    name: string;
    prefix: string;
    /** Position in config order; lower wins collisions. Ties are broken by name. */
    order: number;
    tools: NameFilter;
    prompts: NameFilter;
    /** `toolOverrides` / `promptOverrides` by original name (overrides.ts); absent: none. */
    toolOverrides?: ItemOverrides | undefined;
    promptOverrides?: ItemOverrides | undefined;
}
/** Where an exposed name or URI goes: the upstream and the name/URI it knows. */
export interface Resolved {
    upstream: string;
    original: string;
}
export interface Collision {
    kind: CatalogKind;
    /** The exposed name (tools/prompts), URI (resources) or URI template (templates). */
    exposed: string;
    winner: Resolved;
    loser: Resolved;
}
type Item = Record<string, unknown>;
export declare class Catalog {
    #private;
    /** @throws RangeError when `options.maxLength` is invalid (see `exposeName`). */
    constructor(options: NamingOptions);
    /** Increments on every change; cursors embed it. */
    get version(): number;
    /** The version at which `kind`'s merged list last changed (a cursor stays valid across changes of other kinds). */
    versionOf(kind: CatalogKind): number;
    /**
     * Replaces one upstream's items of one kind (all pages already fetched). Items are MCP
     * objects passed through untouched, except that exposed tools/prompts are shallow copies
     * with `name` rewritten. Items without a string name/uri/uriTemplate are ignored.
     * @returns whether anything changed: the same items (as JSON) with the same prefix, order
     *   and filters change nothing, not even the version, so cursors stay valid.
     */
    setItems(upstream: CatalogUpstream, kind: CatalogKind, items: readonly Item[]): boolean;
    removeUpstream(name: string): void;
    /**
     * The merged list in a deterministic order: upstream order, then the upstream's own order.
     * The same array (frozen) is returned until something of this kind changes.
     */
    list(kind: CatalogKind): readonly Item[];
    resolve(kind: 'tools' | 'prompts', exposedName: string): Resolved | undefined;
    /**
     * The upstream for a URI: the upstream that listed exactly this resource first, else the
     * first upstream (in order) with a resource template that matches it (see uriTemplate.ts).
     */
    resolveUri(uri: string): Resolved | undefined;
    /**
     * The URI the facade shows for an upstream's URI. URIs are exposed unchanged (clients read back
     * exactly what they saw; collisions are reported, never rewritten), so this is the identity;
     * it exists so callers do not hard-code that decision. The reverse is `resolveUri`.
     */
    exposedUri(_upstream: string, uri: string): string;
    /**
     * Every exposed item of a kind with its origin, in list order (for `mcp-mux inspect`);
     * `name` is the upstream-side name before prefixing: the original, or an override's.
     */
    entries(kind: CatalogKind): (Resolved & {
        exposed: string;
        name: string;
    })[];
    collisions(): readonly Collision[];
    /** Names of the upstreams that have items of `kind` set (possibly an empty list), in order. */
    upstreamsOf(kind: CatalogKind): string[];
}
export {};
