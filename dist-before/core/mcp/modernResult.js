import { META, SUPPORTED_VERSIONS } from './modernRequest.js';
export const CACHEABLE_METHODS = new Set([
    'server/discover',
    'tools/list',
    'prompts/list',
    'resources/list',
    'resources/templates/list',
    'resources/read',
]);
/** `private` as soon as any contributing answer is private (or unknown and marked so). */
export const mergeCacheScope = (scopes) => {
    for (const scope of scopes)
        if (scope === 'private')
            return 'private';
    return 'public';
};
/**
 * The result as a modern client receives it. `hint` applies to cacheable methods and only
 * fills what the result lacks; a negative or non-integer upstream `ttlMs` is replaced (the
 * spec requires an integer ≥ 0).
 */
export function modernResult(method, result, hint, serverInfo) {
    const out = { ...result };
    if (typeof out.resultType !== 'string')
        out.resultType = 'complete';
    if (serverInfo) {
        // mcp-mux's identity, whatever a result says (upstreamIdentity.ts moves an upstream's).
        const meta = typeof out._meta === 'object' && out._meta !== null ? out._meta : {};
        out._meta = { ...meta, [META.serverInfo]: serverInfo };
    }
    if (out.resultType !== 'complete' || !CACHEABLE_METHODS.has(method))
        return out;
    const ttl = out.ttlMs;
    if (typeof ttl !== 'number' || !Number.isInteger(ttl) || ttl < 0)
        out.ttlMs = hint.ttlMs;
    if (out.cacheScope !== 'public' && out.cacheScope !== 'private')
        out.cacheScope = hint.cacheScope;
    return out;
}
/**
 * The router's own `server/discover` result. Capabilities are the facade's merged ones minus
 * what the modern era removed (`resources.subscribe` is `subscriptions/listen` now but the
 * flag still says updates can be had, so it stays; `logging` stays: per-request `logLevel`).
 */
export function discoverResult(input) {
    const result = {
        resultType: 'complete',
        supportedVersions: [...SUPPORTED_VERSIONS],
        capabilities: input.capabilities,
        _meta: { [META.serverInfo]: input.serverInfo },
        ttlMs: input.ttlMs,
        cacheScope: input.cacheScope,
    };
    if (input.instructions !== undefined)
        result.instructions = input.instructions;
    return result;
}
//# sourceMappingURL=modernResult.js.map