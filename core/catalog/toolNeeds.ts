/**
 * What a tool needs from the client (sampling, elicitation, roots) and the tool list as a
 * client without it sees it (README.md, "Client capabilities a tool needs").
 *
 * MCP has no field in which a tool declares that it will ask the client for something, so the
 * router knows it from two sources only:
 * - **learned**: the router saw a server-to-client request (or an `input_required` round)
 *   while a call of that tool, and no other tool, was in flight toward its upstream;
 * - **declared**: the upstream lists it in the tool's `_meta["io.github.mcp-mux/clientCapabilities"]`
 *   (an array of capability names; a convention of mcp-mux, not of the spec).
 * A tool that never asked yet is unknown and shown as it is.
 *
 * Pure and bounded: at most `MAX_TOOLS` (upstream, tool) pairs are remembered (oldest
 * forgotten); an upstream's are dropped when it leaves the catalog.
 */

/** A client capability a tool can need: the capability names of the client's `initialize`. */
export type ClientNeed = 'sampling' | 'elicitation' | 'roots';

/** The `_meta` key under which an upstream may declare a tool's needs. */
export const DECLARED_NEEDS_META = 'io.github.mcp-mux/clientCapabilities';
/** The `_meta` key of a marked tool: the capabilities it needs that the client lacks. */
export const MISSING_NEEDS_META = 'io.github.mcp-mux/missingClientCapabilities';

/** `mcpMux.capabilityAwareTools`: mark (default), hide, or leave tools as they are. */
export type CapabilityAwareTools = 'mark' | 'hide' | 'off';

const NEEDS: ReadonlySet<string> = new Set<ClientNeed>(['sampling', 'elicitation', 'roots']);

/** The pairs remembered at most (a long-running router must not grow without bound). */
export const MAX_TOOLS = 4_096;

type Item = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function isClientNeed(value: unknown): value is ClientNeed {
  return typeof value === 'string' && NEEDS.has(value);
}

/** The needs an upstream declares in a tool's `_meta`, when it declares any. */
function declaredOf(item: Item): readonly unknown[] | undefined {
  const meta = item._meta;
  const declared = isObject(meta) ? meta[DECLARED_NEEDS_META] : undefined;
  return Array.isArray(declared) ? declared : undefined;
}

export class ToolNeeds {
  /** `upstream \n tool` → what it was seen to need (insertion order: oldest first). */
  readonly #learned = new Map<string, Set<ClientNeed>>();
  #version = 0;

  /** Increments whenever a tool is seen to need something new. */
  get version(): number {
    return this.#version;
  }

  get size(): number {
    return this.#learned.size;
  }

  /**
   * Whether any of `items` may need something: a need was learned, or an item declares one.
   * False on the hot path of a router whose tools never asked (no per-list allocation).
   */
  mayApplyTo(items: readonly Item[]): boolean {
    return this.#learned.size > 0 || items.some((item) => declaredOf(item) !== undefined);
  }

  /** `tool` of `upstream` (its upstream-side name) asked for `need`; true when that is new. */
  learn(upstream: string, tool: string, need: ClientNeed): boolean {
    const key = `${upstream}\n${tool}`;
    const known = this.#learned.get(key);
    if (known?.has(need)) return false;
    if (known) known.add(need);
    else {
      this.#learned.set(key, new Set([need]));
      if (this.#learned.size > MAX_TOOLS) {
        const oldest = this.#learned.keys().next().value;
        if (oldest !== undefined) this.#learned.delete(oldest);
      }
    }
    this.#version++;
    return true;
  }

  /** Forgets what `upstream`'s tools were seen to need (it left the config). */
  forget(upstream: string): void {
    for (const key of [...this.#learned.keys()]) {
      if (key.startsWith(`${upstream}\n`)) this.#learned.delete(key);
    }
  }

  /** What `item` (tool `original` of `upstream`) is known to need: learned and declared. */
  needsOf(upstream: string, original: string, item: Item): ClientNeed[] {
    const learned = this.#learned.get(`${upstream}\n${original}`);
    const declared = declaredOf(item);
    if (learned === undefined && declared === undefined) return [];
    const out = new Set<ClientNeed>(learned);
    for (const need of declared ?? []) if (isClientNeed(need)) out.add(need);
    return [...out];
  }
}

/**
 * The tools list as a client with `capabilities` sees it: a tool needing a capability the
 * client did not declare is marked (`_meta[MISSING_NEEDS_META]`, a shallow copy) or left out.
 * `origins` runs parallel to `items` (the catalog's `entries`). The same array comes back when
 * nothing is marked or hidden.
 */
export function toolsForClient(
  items: readonly Item[],
  origins: readonly ({ upstream: string; original: string } | undefined)[],
  needs: ToolNeeds,
  capabilities: Readonly<Record<string, unknown>>,
  mode: CapabilityAwareTools,
): readonly Item[] {
  if (mode === 'off') return items;
  let out: Item[] | undefined;
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as Item;
    const origin = origins[i];
    const missing =
      origin === undefined
        ? []
        : needs
            .needsOf(origin.upstream, origin.original, item)
            .filter((need) => !isObject(capabilities[need]));
    if (missing.length === 0) {
      out?.push(item);
      continue;
    }
    out ??= items.slice(0, i);
    if (mode === 'hide') continue;
    const meta = isObject(item._meta) ? item._meta : {};
    out.push({ ...item, _meta: { ...meta, [MISSING_NEEDS_META]: missing } });
  }
  return out ?? items;
}
