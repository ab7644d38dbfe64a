/**
 * The merged catalog: every upstream's tools, prompts, resources and resource templates (all
 * pages already fetched), merged into the lists the facade serves, plus the reverse index the
 * router uses to send a call to its upstream. Pure and synchronous: no I/O, no timers.
 * Rules (order, collisions, filters) are in core/catalog/README.md.
 */
import { createHash } from 'node:crypto';
import { exposeUiUri, isUiUri, toolUiUris, withExposedUi } from './appUi.js';
import { exposeName, matchesFilter, type NameFilter, type NamingOptions } from './naming.js';
import { type ItemOverrides, overriddenItem, overrideOf } from './overrides.js';
import { compileUriTemplate } from './uriTemplate.js';

export type CatalogKind = 'tools' | 'prompts' | 'resources' | 'resourceTemplates';
export const CATALOG_KINDS: readonly CatalogKind[] = [
  'tools',
  'prompts',
  'resources',
  'resourceTemplates',
];

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

interface Entry {
  upstream: CatalogUpstream;
  items: Partial<Record<CatalogKind, readonly Item[]>>;
  /** SHA-256 of each kind's items as JSON: a refetch that brings the same list is no change. */
  digests: Partial<Record<CatalogKind, string>>;
}

interface Template {
  upstream: string;
  pattern: RegExp;
}

interface Built {
  list: readonly Item[];
  /** Exposed name / URI / URI template → origin. */
  index: Map<string, Resolved>;
  collisions: Collision[];
  templates: Template[];
  /** Exposed name → the upstream-side name an override gave it (only renamed items). */
  renamed: Map<string, string>;
  /** Tools only: exposed `ui://` URI named in an exposed tool's `_meta` → its origin (appUi.ts). */
  apps: Map<string, Resolved>;
}

/** The field that identifies an item of each kind. */
const KEY: Record<CatalogKind, string> = {
  tools: 'name',
  prompts: 'name',
  resources: 'uri',
  resourceTemplates: 'uriTemplate',
};

export class Catalog {
  readonly #options: NamingOptions;
  readonly #entries = new Map<string, Entry>();
  readonly #built = new Map<CatalogKind, Built>();
  #version = 0;
  readonly #kindVersion: Record<CatalogKind, number> = {
    tools: 0,
    prompts: 0,
    resources: 0,
    resourceTemplates: 0,
  };
  #collisions: readonly Collision[] | undefined;

  /** @throws RangeError when `options.maxLength` is invalid (see `exposeName`). */
  constructor(options: NamingOptions) {
    this.#options = { ...options };
    exposeName('', 'probe', this.#options);
  }

  /** Increments on every change; cursors embed it. */
  get version(): number {
    return this.#version;
  }

  /** The version at which `kind`'s merged list last changed (a cursor stays valid across changes of other kinds). */
  versionOf(kind: CatalogKind): number {
    return this.#kindVersion[kind];
  }

  /**
   * Replaces one upstream's items of one kind (all pages already fetched). Items are MCP
   * objects passed through untouched, except that exposed tools/prompts are shallow copies
   * with `name` rewritten. Items without a string name/uri/uriTemplate are ignored.
   * @returns whether anything changed: the same items (as JSON) with the same prefix, order
   *   and filters change nothing, not even the version, so cursors stay valid.
   */
  setItems(upstream: CatalogUpstream, kind: CatalogKind, items: readonly Item[]): boolean {
    const known = this.#entries.get(upstream.name);
    const entry: Entry = known ?? { upstream, items: {}, digests: {} };
    const infoChanged = known !== undefined && !sameUpstream(known.upstream, upstream);
    const digest = createHash('sha256').update(JSON.stringify(items)).digest('base64url');
    if (
      known &&
      !infoChanged &&
      entry.items[kind] !== undefined &&
      entry.digests[kind] === digest
    ) {
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

  removeUpstream(name: string): void {
    const entry = this.#entries.get(name);
    if (!entry) return;
    this.#entries.delete(name);
    this.#changed(CATALOG_KINDS.filter((kind) => entry.items[kind] !== undefined));
  }

  /**
   * The merged list in a deterministic order: upstream order, then the upstream's own order.
   * The same array (frozen) is returned until something of this kind changes.
   */
  list(kind: CatalogKind): readonly Item[] {
    return this.#build(kind).list;
  }

  resolve(kind: 'tools' | 'prompts', exposedName: string): Resolved | undefined {
    return this.#build(kind).index.get(exposedName);
  }

  /**
   * The upstream for a URI: the upstream that listed exactly this resource first, else the
   * upstream of the first exposed tool whose `_meta` names this `ui://` URI (MCP Apps: servers
   * may leave app resources out of `resources/list`), else the first upstream (in order) with a
   * resource template that matches it (see uriTemplate.ts).
   */
  resolveUri(uri: string): Resolved | undefined {
    const listed = this.#build('resources').index.get(uri);
    if (listed) return listed;
    const app = this.#build('tools').apps.get(uri);
    if (app) return app;
    for (const template of this.#build('resourceTemplates').templates) {
      if (template.pattern.test(uri)) return { upstream: template.upstream, original: uri };
    }
    return undefined;
  }

  /**
   * The URI the facade shows for an upstream's URI: `ui://` URIs (MCP Apps) carry the upstream's
   * prefix (appUi.ts); every other URI is exposed unchanged (collisions are reported, never
   * rewritten). The reverse is `resolveUri`.
   */
  exposedUri(upstream: string, uri: string): string {
    const prefix = this.#entries.get(upstream)?.upstream.prefix;
    return prefix !== undefined && isUiUri(uri)
      ? exposeUiUri(prefix, this.#options.separator, uri)
      : uri;
  }

  /**
   * Every exposed item of a kind with its origin, in list order (for `mcp-mux inspect`);
   * `name` is the upstream-side name before prefixing: the original, or an override's.
   */
  entries(kind: CatalogKind): (Resolved & { exposed: string; name: string })[] {
    const built = this.#build(kind);
    return built.list.map((item) => {
      const exposed = item[KEY[kind]] as string;
      const origin = built.index.get(exposed) as Resolved;
      return { ...origin, exposed, name: built.renamed.get(exposed) ?? origin.original };
    });
  }

  collisions(): readonly Collision[] {
    this.#collisions ??= Object.freeze(
      CATALOG_KINDS.flatMap((kind) => this.#build(kind).collisions),
    );
    return this.#collisions;
  }

  /** Names of the upstreams that have items of `kind` set (possibly an empty list), in order. */
  upstreamsOf(kind: CatalogKind): string[] {
    return this.#ordered()
      .filter((entry) => entry.items[kind] !== undefined)
      .map((entry) => entry.upstream.name);
  }

  #changed(kinds: readonly CatalogKind[]): void {
    this.#version++;
    for (const kind of kinds) {
      this.#kindVersion[kind] = this.#version;
      this.#built.delete(kind);
    }
    this.#collisions = undefined;
  }

  /**
   * An exposed tool with its `ui://` URIs namespaced, each recorded so that a read of it reaches
   * this upstream even when it does not list the resource. The same exposed URI from another
   * upstream (only possible with `prefix: ""`) is a collision: the first tool's upstream keeps it.
   */
  #exposeApp(built: Built, upstream: CatalogUpstream, tool: Item): Item {
    const uris = toolUiUris(tool);
    if (uris.length === 0) return tool;
    const expose = (uri: string) => exposeUiUri(upstream.prefix, this.#options.separator, uri);
    for (const original of uris) {
      const exposed = expose(original);
      const origin: Resolved = { upstream: upstream.name, original };
      const winner = built.apps.get(exposed);
      if (!winner) built.apps.set(exposed, origin);
      else if (winner.upstream !== upstream.name || winner.original !== original) {
        built.collisions.push({ kind: 'resources', exposed, winner, loser: origin });
      }
    }
    return withExposedUi(tool, expose);
  }

  #ordered(): Entry[] {
    return [...this.#entries.values()].sort(
      (a, b) =>
        a.upstream.order - b.upstream.order ||
        (a.upstream.name < b.upstream.name ? -1 : a.upstream.name > b.upstream.name ? 1 : 0),
    );
  }

  #build(kind: CatalogKind): Built {
    const cached = this.#built.get(kind);
    if (cached) return cached;
    const built: Built = {
      list: [],
      index: new Map(),
      collisions: [],
      templates: [],
      renamed: new Map(),
      apps: new Map(),
    };
    const list: Item[] = [];
    const renames = kind === 'tools' || kind === 'prompts';
    for (const { upstream, items } of this.#ordered()) {
      const filter = kind === 'tools' ? upstream.tools : kind === 'prompts' ? upstream.prompts : {};
      const overrides =
        kind === 'tools'
          ? upstream.toolOverrides
          : kind === 'prompts'
            ? upstream.promptOverrides
            : undefined;
      for (const given of items[kind] ?? []) {
        const original = given[KEY[kind]];
        if (typeof original !== 'string') continue;
        if (renames && !matchesFilter(original, filter)) continue;
        const override = overrideOf(overrides, original);
        if (override?.hidden) continue;
        const item = override ? overriddenItem(given, override) : given;
        const name = override?.name ?? original;
        const exposed = renames
          ? exposeName(upstream.prefix, name, this.#options)
          : isUiUri(original) && kind === 'resources'
            ? exposeUiUri(upstream.prefix, this.#options.separator, original)
            : original;
        const origin: Resolved = { upstream: upstream.name, original };
        const winner = built.index.get(exposed);
        if (winner) {
          built.collisions.push({ kind, exposed, winner, loser: origin });
          continue;
        }
        built.index.set(exposed, origin);
        if (override?.name !== undefined) built.renamed.set(exposed, override.name);
        if (kind === 'tools') {
          list.push(this.#exposeApp(built, upstream, { ...item, name: exposed }));
        } else if (renames) list.push({ ...item, name: exposed });
        else list.push(exposed === original ? item : { ...item, [KEY[kind]]: exposed });
        if (kind === 'resourceTemplates') {
          const pattern = compileUriTemplate(original);
          if (pattern) built.templates.push({ upstream: upstream.name, pattern });
        }
      }
    }
    built.list = Object.freeze(list);
    this.#built.set(kind, built);
    return built;
  }
}

function sameFilter(a: NameFilter, b: NameFilter): boolean {
  return JSON.stringify([a.allow, a.deny]) === JSON.stringify([b.allow, b.deny]);
}

function sameUpstream(a: CatalogUpstream, b: CatalogUpstream): boolean {
  return (
    a.prefix === b.prefix &&
    a.order === b.order &&
    sameFilter(a.tools, b.tools) &&
    sameFilter(a.prompts, b.prompts) &&
    JSON.stringify([a.toolOverrides, a.promptOverrides]) ===
      JSON.stringify([b.toolOverrides, b.promptOverrides])
  );
}
