/**
 * Modern-era result decoration (2026-07-28): every result carries `resultType`; the cacheable
 * ones (`server/discover`, the four list methods, `resources/read`) carry `ttlMs` and
 * `cacheScope` (server/utilities/caching). A router passes payloads through, so what an
 * upstream already set wins: an `input_required` result keeps its `resultType` and gets no
 * caching hints (interim results are not cacheable).
 */
import type { JsonObject } from '../rpc/index.js';
import type { ClientInfo } from './context.js';
export type CacheScope = 'public' | 'private';
export declare const CACHEABLE_METHODS: ReadonlySet<string>;
/** `private` as soon as any contributing answer is private (or unknown and marked so). */
export declare const mergeCacheScope: (scopes: Iterable<CacheScope | undefined>) => CacheScope;
export interface CacheHint {
    ttlMs: number;
    cacheScope: CacheScope;
}
/**
 * The result as a modern client receives it. `hint` applies to cacheable methods and only
 * fills what the result lacks; a negative or non-integer upstream `ttlMs` is replaced (the
 * spec requires an integer ≥ 0).
 */
export declare function modernResult(method: string, result: JsonObject, hint: CacheHint, serverInfo?: ClientInfo): JsonObject;
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
export declare function discoverResult(input: DiscoverInput): JsonObject;
