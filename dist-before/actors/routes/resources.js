/**
 * `resources/subscribe` and `resources/unsubscribe`. Toward a shared upstream they go through
 * the router's reference-counted table (router/subscriptions.ts); toward an isolated upstream
 * the session has its own connection, so they are forwarded as they are (URI rewritten).
 *
 * Only legacy sessions subscribe (the modern era has `subscriptions/listen` instead). A URI
 * whose upstream did not declare `resources.subscribe` is refused with -32601 naming the
 * upstream, rather than accepted and never updated. Unsubscribing from a URI the session holds
 * no subscription to succeeds (nothing to do).
 */
import { defer, from, map } from 'rxjs';
import { ErrorCode, RpcError } from '../../core/errors/index.js';
import { checkAccess, forwardTo, result, rewriteParams, } from './shared.js';
function uriOf(request) {
    const uri = request.params?.uri;
    if (typeof uri !== 'string') {
        throw new RpcError(ErrorCode.InvalidParams, `${request.method}: params.uri must be a string`);
    }
    return uri;
}
function sessionOf(request, caller) {
    if (!caller.session) {
        throw new RpcError(ErrorCode.InvalidRequest, `${request.method} needs a session (2026-07-28 clients use subscriptions/listen)`);
    }
    return caller.session;
}
/** The upstream serving `uri` and its original URI, if it supports subscriptions. */
function subscribable(host, uri) {
    const resolved = host.catalog.resolveUri(uri);
    if (!resolved) {
        throw new RpcError(ErrorCode.ResourceNotFound, `Resource not found: ${uri}`, { uri });
    }
    const upstream = host.upstream(resolved.upstream);
    const resources = upstream?.capabilities?.resources;
    if (resources?.subscribe !== true) {
        throw new RpcError(ErrorCode.MethodNotFound, `Upstream "${resolved.upstream}" (serving ${uri}) does not support resource subscriptions`, { uri, upstream: resolved.upstream });
    }
    return { ...resolved, isolated: upstream?.isolated === true };
}
export const subscribeRoute = (host, request, caller) => defer(() => {
    const uri = uriOf(request);
    const session = sessionOf(request, caller);
    const target = subscribable(host, uri);
    checkAccess(host, caller, target.upstream, 'resources', uri);
    if (target.isolated) {
        const params = rewriteParams(request.params ?? {}, 'uri', target.original);
        return forwardTo(host, target.upstream, request.method, params, caller);
    }
    return from(host.subscribe(session, target.upstream, target.original, uri)).pipe(map(() => result({})));
});
export const unsubscribeRoute = (host, request, caller) => defer(() => {
    const uri = uriOf(request);
    const session = sessionOf(request, caller);
    const resolved = host.catalog.resolveUri(uri);
    if (resolved && host.upstream(resolved.upstream)?.isolated) {
        const params = rewriteParams(request.params ?? {}, 'uri', resolved.original);
        return forwardTo(host, resolved.upstream, request.method, params, caller);
    }
    // By the URI the session subscribed to, so it works even if the resource left the catalog.
    return from(host.unsubscribe(session, uri)).pipe(map(() => result({})));
});
//# sourceMappingURL=resources.js.map