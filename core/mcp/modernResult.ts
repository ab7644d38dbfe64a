/**
 * Modern-era result decoration (2026-07-28): every result carries `resultType`; the cacheable
 * ones (`server/discover`, the four list methods, `resources/read`) carry `ttlMs` and
 * `cacheScope` (server/utilities/caching). A router passes payloads through, so what an
 * upstream already set wins: an `input_required` result keeps its `resultType` and gets no
 * caching hints (interim results are not cacheable).
 *
 * A forwarded result kept raw (`RawJson`, core/rpc/envelopeScan.ts: a `tools/call` answer of a
 * legacy upstream, say) stays raw when none of the members to add is in it: they are spliced
 * in front of its text (`rawModernResult`), with no parse of the payload and no second
 * serialisation. Whether a member is there is read from the text: a name that appears nowhere
 * (and no `\u` escape that could spell one) cannot be a top-level key. Otherwise the result is
 * parsed and decorated as a value, as before; the two paths give the same JSON (tested).
 */
import { type JsonObject, RawJson } from '../rpc/index.js';
import type { ClientInfo } from './context.js';
import { META, SUPPORTED_VERSIONS } from './modernRequest.js';

export type CacheScope = 'public' | 'private';

export const CACHEABLE_METHODS: ReadonlySet<string> = new Set([
  'server/discover',
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
]);

/** `private` as soon as any contributing answer is private (or unknown and marked so). */
export const mergeCacheScope = (scopes: Iterable<CacheScope | undefined>): CacheScope => {
  for (const scope of scopes) if (scope === 'private') return 'private';
  return 'public';
};

export interface CacheHint {
  ttlMs: number;
  cacheScope: CacheScope;
}

/**
 * The result as a modern client receives it. `hint` applies to cacheable methods and only
 * fills what the result lacks; a negative or non-integer upstream `ttlMs` is replaced (the
 * spec requires an integer ≥ 0).
 */
export function modernResult(
  method: string,
  result: JsonObject,
  hint: CacheHint,
  serverInfo?: ClientInfo,
): JsonObject {
  if (result instanceof RawJson) {
    const spliced = rawModernResult(method, result, hint, serverInfo);
    if (spliced !== undefined) return spliced as unknown as JsonObject;
    return modernResult(method, result.value() as JsonObject, hint, serverInfo);
  }
  const out: JsonObject = { ...result };
  if (typeof out.resultType !== 'string') out.resultType = 'complete';
  if (serverInfo) {
    // mcp-mux's identity, whatever a result says (upstreamIdentity.ts moves an upstream's).
    const meta = typeof out._meta === 'object' && out._meta !== null ? out._meta : {};
    out._meta = { ...meta, [META.serverInfo]: serverInfo };
  }
  if (out.resultType !== 'complete' || !CACHEABLE_METHODS.has(method)) return out;
  const ttl = out.ttlMs;
  if (typeof ttl !== 'number' || !Number.isInteger(ttl) || ttl < 0) out.ttlMs = hint.ttlMs;
  if (out.cacheScope !== 'public' && out.cacheScope !== 'private') out.cacheScope = hint.cacheScope;
  return out;
}

/**
 * An escape that could spell a member's name (`\u005f` is `_`; the names are ASCII letters
 * and `_`, U+0041–U+007A): a text holding one takes the parsed path.
 */
function mayEscapeName(text: string): boolean {
  for (let at = text.indexOf('\\u00'); at >= 0; at = text.indexOf('\\u00', at + 4)) {
    const high = text.charCodeAt(at + 4);
    if (high >= 0x34 /* 4 */ && high <= 0x37 /* 7 */) return true;
  }
  return false;
}

/** The `_meta` member carrying `serverInfo`, as text, and its nesting depth (last one kept). */
let metaFor: ClientInfo | undefined;
let metaText = '';
let metaDepth = 0;

const depthOf = (value: unknown): number => {
  if (typeof value !== 'object' || value === null) return 0;
  let deepest = 0;
  for (const item of Object.values(value)) deepest = Math.max(deepest, depthOf(item));
  return deepest + 1;
};

/**
 * `modernResult` of a raw object result, spliced as text, or undefined when the result holds
 * (or may hold) a member that would have to be merged or kept: `resultType`, `_meta`, and for
 * cacheable methods `ttlMs` and `cacheScope`.
 */
export function rawModernResult(
  method: string,
  raw: RawJson,
  hint: CacheHint,
  serverInfo?: ClientInfo,
): RawJson | undefined {
  const text = raw.text;
  if (text.charCodeAt(0) !== 0x7b /* { */) return undefined;
  if (text.includes('"resultType"') || text.includes('"_meta"')) return undefined;
  const cacheable = CACHEABLE_METHODS.has(method);
  if (cacheable && (text.includes('"ttlMs"') || text.includes('"cacheScope"'))) return undefined;
  if (mayEscapeName(text)) return undefined;
  let head = '{"resultType":"complete"';
  let depth = raw.depth;
  if (serverInfo) {
    if (metaFor !== serverInfo) {
      const meta = { [META.serverInfo]: serverInfo };
      metaText = `,"_meta":${JSON.stringify(meta)}`;
      metaDepth = depthOf(meta);
      metaFor = serverInfo;
    }
    head += metaText;
    depth = Math.max(depth, metaDepth + 1);
  }
  if (cacheable) {
    head += `,"ttlMs":${JSON.stringify(hint.ttlMs)},"cacheScope":${JSON.stringify(hint.cacheScope)}`;
  }
  // `{}` (with any whitespace inside) gets no comma.
  let next = 1;
  while (next < text.length && isSpace(text.charCodeAt(next))) next++;
  const body = text.charCodeAt(next) === 0x7d /* } */ ? '}' : `,${text.slice(1)}`;
  return new RawJson(head + body, depth);
}

const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

export interface DiscoverInput {
  capabilities: JsonObject;
  instructions: string | undefined;
  serverInfo: ClientInfo;
  ttlMs: number;
  cacheScope: CacheScope;
}

/**
 * The router's own `server/discover` result. Capabilities are the facade's merged ones minus
 * what the modern era removed (`resources.subscribe` is `subscriptions/listen` now but the
 * flag still says updates can be had, so it stays; `logging` stays: per-request `logLevel`).
 */
export function discoverResult(input: DiscoverInput): JsonObject {
  const result: JsonObject = {
    resultType: 'complete',
    supportedVersions: [...SUPPORTED_VERSIONS],
    capabilities: input.capabilities,
    _meta: { [META.serverInfo]: input.serverInfo },
    ttlMs: input.ttlMs,
    cacheScope: input.cacheScope,
  };
  if (input.instructions !== undefined) result.instructions = input.instructions;
  return result;
}
