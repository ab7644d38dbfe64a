/**
 * The merged catalog: every upstream's tools, prompts, resources and resource templates (all
 * pages already fetched), merged into the lists the facade serves, plus the reverse index the
 * router uses to send a call to its upstream. Pure and synchronous: no I/O, no timers.
 * Rules (order, collisions, filters) are in core/catalog/README.md.
 */
import { createHash } from 'node:crypto';
import { exposeName, matchesFilter } from './naming.js';
import { overriddenItem, overrideOf } from './overrides.js';
import { compileUriTemplate } from './uriTemplate.js';
export const CATALOG_KINDS = [
    'tools',
    'prompts',
    'resources',
    'resourceTemplates',
];
/** The field that identifies an item of each kind. */
const KEY = {
    tools: 'name',
    prompts: 'name',
    resources: 'uri',
    resourceTemplates: 'uriTemplate',
};
export class Catalog {
    #options;
    #entries = new Map();
    #built = new Map();
    #version = 0;
    #kindVersion = {
        tools: 0,
        prompts: 0,
        resources: 0,
        resourceTemplates: 0,
    };
    #collisions;
    /** @throws RangeError when `options.maxLength` is invalid (see `exposeName`). */
    constructor(options) {
        this.#options = { ...options };
        exposeName('', 'probe', this.#options);
    }
    /** Increments on every change; cursors embed it. */
    get version() {
        return this.#version;
    }
    /** The version at which `kind`'s merged list last changed (a cursor stays valid across changes of other kinds). */
    versionOf(kind) {
        return this.#kindVersion[kind];
    }
    /**
     * Replaces one upstream's items of one kind (all pages already fetched). Items are MCP
     * objects passed through untouched, except that exposed tools/prompts are shallow copies
     * with `name` rewritten. Items without a string name/uri/uriTemplate are ignored.
     * @returns whether anything changed: the same items (as JSON) with the same prefix, order
     *   and filters change nothing, not even the version, so cursors stay valid.
     */
    setItems(upstream, kind, items) {
        const known = this.#entries.get(upstream.name);
        const entry = known ?? { upstream, items: {}, digests: {} };
        const infoChanged = known !== undefined && !sameUpstream(known.upstream, upstream);
        const digest = createHash('sha256').update(JSON.stringify(items)).digest('base64url');
        if (known &&
            !infoChanged &&
            entry.items[kind] !== undefined &&
            entry.digests[kind] === digest) {
            return false;
        }
        entry.upstream = { ...upstream };
        entry.items[kind] = items.slice();
        entry.digests[kind] = digest;
        this.#entries.set(upstream.name, entry);
        // A new prefix, order or filter can change every kind's merge; new items only their own.
        this.#changed(infoChanged ? CATALOG_KINDS : [kind]);
        return true;
    }
    removeUpstream(name) {
        const entry = this.#entries.get(name);
        if (!entry)
            return;
        this.#entries.delete(name);
        this.#changed(CATALOG_KINDS.filter((kind) => entry.items[kind] !== undefined));
    }
    /**
     * The merged list in a deterministic order: upstream order, then the upstream's own order.
     * The same array (frozen) is returned until something of this kind changes.
     */
    list(kind) {
        return this.#build(kind).list;
    }
    resolve(kind, exposedName) {
        return this.#build(kind).index.get(exposedName);
    }
    /**
     * The upstream for a URI: the upstream that listed exactly this resource first, else the
     * first upstream (in order) with a resource template that matches it (see uriTemplate.ts).
     */
    resolveUri(uri) {
        const listed = this.#build('resources').index.get(uri);
        if (listed)
            return listed;
        for (const template of this.#build('resourceTemplates').templates) {
            if (template.pattern.test(uri))
                return { upstream: template.upstream, original: uri };
        }
        return undefined;
    }
    /**
     * The URI the facade shows for an upstream's URI. URIs are exposed unchanged (clients read back
     * exactly what they saw; collisions are reported, never rewritten), so this is the identity;
     * it exists so callers do not hard-code that decision. The reverse is `resolveUri`.
     */
    exposedUri(_upstream, uri) {
        return uri;
    }
    /**
     * Every exposed item of a kind with its origin, in list order (for `mcp-mux inspect`);
     * `name` is the upstream-side name before prefixing: the original, or an override's.
     */
    entries(kind) {
        const built = this.#build(kind);
        return built.list.map((item) => {
            const exposed = item[KEY[kind]];
            const origin = built.index.get(exposed);
            return { ...origin, exposed, name: built.renamed.get(exposed) ?? origin.original };
        });
    }
    collisions() {
        this.#collisions ??= Object.freeze(CATALOG_KINDS.flatMap((kind) => this.#build(kind).collisions));
        return this.#collisions;
    }
    /** Names of the upstreams that have items of `kind` set (possibly an empty list), in order. */
    upstreamsOf(kind) {
        return this.#ordered()
            .filter((entry) => entry.items[kind] !== undefined)
            .map((entry) => entry.upstream.name);
    }
    #changed(kinds) {
        this.#version++;
        for (const kind of kinds) {
            this.#kindVersion[kind] = this.#version;
            this.#built.delete(kind);
        }
        this.#collisions = undefined;
    }
    #ordered() {
        return [...this.#entries.values()].sort((a, b) => a.upstream.order - b.upstream.order ||
            (a.upstream.name < b.upstream.name ? -1 : a.upstream.name > b.upstream.name ? 1 : 0));
    }
    #build(kind) {
        const cached = this.#built.get(kind);
        if (cached)
            return cached;
        const built = {
            list: [],
            index: new Map(),
            collisions: [],
            templates: [],
            renamed: new Map(),
        };
        const list = [];
        const renames = kind === 'tools' || kind === 'prompts';
        for (const { upstream, items } of this.#ordered()) {
            const filter = kind === 'tools' ? upstream.tools : kind === 'prompts' ? upstream.prompts : {};
            const overrides = kind === 'tools'
                ? upstream.toolOverrides
                : kind === 'prompts'
                    ? upstream.promptOverrides
                    : undefined;
            for (const given of items[kind] ?? []) {
                const original = given[KEY[kind]];
                if (typeof original !== 'string')
                    continue;
                if (renames && !matchesFilter(original, filter))
                    continue;
                const override = overrideOf(overrides, original);
                if (override?.hidden)
                    continue;
                const item = override ? overriddenItem(given, override) : given;
                const name = override?.name ?? original;
                const exposed = renames ? exposeName(upstream.prefix, name, this.#options) : original;
                const origin = { upstream: upstream.name, original };
                const winner = built.index.get(exposed);
                if (winner) {
                    built.collisions.push({ kind, exposed, winner, loser: origin });
                    continue;
                }
                built.index.set(exposed, origin);
                if (override?.name !== undefined)
                    built.renamed.set(exposed, override.name);
                list.push(renames ? { ...item, name: exposed } : item);
                if (kind === 'resourceTemplates') {
                    const pattern = compileUriTemplate(original);
                    if (pattern)
                        built.templates.push({ upstream: upstream.name, pattern });
                }
            }
        }
        built.list = Object.freeze(list);
        this.#built.set(kind, built);
        return built;
    }
}
function sameFilter(a, b) {
    return JSON.stringify([a.allow, a.deny]) === JSON.stringify([b.allow, b.deny]);
}
function sameUpstream(a, b) {
    return (a.prefix === b.prefix &&
        a.order === b.order &&
        sameFilter(a.tools, b.tools) &&
        sameFilter(a.prompts, b.prompts) &&
        JSON.stringify([a.toolOverrides, a.promptOverrides]) ===
            JSON.stringify([b.toolOverrides, b.promptOverrides]));
}
//# sourceMappingURL=catalog.js.map