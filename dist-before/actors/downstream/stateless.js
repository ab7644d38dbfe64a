/**
 * The modern (2026-07-28) request path: no session, no handshake. Each request brings its
 * context in `_meta` (core/mcp/modernRequest.ts); the router answers `server/discover` and
 * `subscriptions/listen` itself, routes the rest through the same method table as legacy
 * sessions (with no session: isolated upstreams are legacy-only; server-to-client requests
 * of a legacy upstream are bridged to `input_required`, actors/router/modernCallers.ts), and decorates every result (`resultType`, caching hints).
 *
 * Methods the modern era removed (`ping`, `logging/setLevel`, `resources/subscribe`, …) and
 * any other method not in `MODERN_METHODS` answer -32601.
 */
import { from, map } from 'rxjs';
import { ErrorCode, RpcError } from '../../core/errors/index.js';
import { discoverResult, modernContext, modernResult, withoutContextMeta, } from '../../core/mcp/index.js';
/** Methods a modern client may call on the router; all others are -32601. */
export const MODERN_METHODS = new Set([
    'server/discover',
    'subscriptions/listen',
    'tools/list',
    'tools/call',
    'prompts/list',
    'prompts/get',
    'resources/list',
    'resources/templates/list',
    'resources/read',
    'completion/complete',
]);
/**
 * Caching hints the router gives when an upstream gave none. Lists come from the router's
 * catalog, the same for every caller of shared upstreams → public, stale at once (ttl 0: the
 * catalog changes on list_changed, which listeners get). `resources/read` of a legacy upstream
 * says nothing of who may see it → private.
 */
const HINTS = {
    'resources/read': { ttlMs: 0, cacheScope: 'private' },
};
const DEFAULT_HINT = { ttlMs: 0, cacheScope: 'public' };
/** Answers one modern request (throws the spec's errors synchronously). */
export function statelessRequest(host, request, caller) {
    const { method } = request;
    if (!MODERN_METHODS.has(method)) {
        throw new RpcError(ErrorCode.MethodNotFound, `Method not found: ${method}`, { method });
    }
    const context = modernContext(request, caller.connectionId);
    if (caller.principal !== undefined)
        context.principal = caller.principal;
    if (method === 'server/discover') {
        // Like `initialize`, after start-up: the capabilities are the ready upstreams' union.
        return from(host.whenStarted()).pipe(map(() => ({
            kind: 'result',
            result: discoverResult({
                capabilities: host.capabilities(context.protocolVersion),
                instructions: host.instructions(),
                serverInfo: host.serverInfo,
                ...DEFAULT_HINT,
            }),
        })));
    }
    if (method === 'subscriptions/listen') {
        // Counted per principal; without one (stdio, HTTP without tokens) per connection, as the
        // HTTP layer counts those by address.
        return caller.listens.open(host, request, caller.principal ?? `connection:${caller.connectionId}`);
    }
    const hint = HINTS[method] ?? DEFAULT_HINT;
    return host
        .route(withoutContextMeta(request), {
        context,
        session: undefined,
        inbound: caller.inbound,
        identity: caller.identity,
        profile: caller.profile,
    })
        .pipe(map((event) => event.kind === 'result'
        ? { kind: 'result', result: modernResult(method, event.result, hint, host.serverInfo) }
        : event));
}
//# sourceMappingURL=stateless.js.map