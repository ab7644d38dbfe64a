/**
 * Modern-era result decoration (2026-07-28): every result carries `resultType`; the cacheable
 * ones (`server/discover`, the four list methods, `resources/read`) carry `ttlMs` and
 * `cacheScope` (server/utilities/caching). A router passes payloads through, so what an
 * upstream already set wins: an `input_required` result keeps its `resultType` and gets no
 * caching hints (interim results are not cacheable).
 */
import type { JsonObject } from '../rpc/index.js';
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
