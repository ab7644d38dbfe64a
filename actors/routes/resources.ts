/**
 * `resources/subscribe` and `resources/unsubscribe`. Toward a shared upstream they go through
 * the router's reference-counted table (actors/subscriptions.ts); toward an isolated upstream
 * the session has its own connection, so they are forwarded as they are (URI rewritten).
 *
 * Only legacy sessions subscribe (the modern era has `subscriptions/listen` instead). A URI
 * whose upstream did not declare `resources.subscribe` is refused with -32601 naming the
 * upstream, rather than accepted and never updated. Unsubscribing from a URI the session holds
 * no subscription to succeeds (nothing to do).
 */
import { defer, from, map } from 'rxjs';
import { ErrorCode, RpcError } from '../../core/errors.js';
import type { JsonObject, JsonRpcRequest } from '../../core/jsonrpc.js';
import type { Router } from '../router.js';
import { type Caller, forwardTo, type Route, result, rewriteParams } from './shared.js';

function uriOf(request: JsonRpcRequest): string {
  const uri = request.params?.uri;
  if (typeof uri !== 'string') {
    throw new RpcError(ErrorCode.InvalidParams, `${request.method}: params.uri must be a string`);
  }
  return uri;
}

function sessionOf(request: JsonRpcRequest, caller: Caller) {
  if (!caller.session) {
    throw new RpcError(
      ErrorCode.InvalidRequest,
      `${request.method} needs a session (2026-07-28 clients use subscriptions/listen)`,
    );
  }
  return caller.session;
}

/** The upstream serving `uri` and its original URI, if it supports subscriptions. */
function subscribable(router: Router, uri: string) {
  const resolved = router.catalog.resolveUri(uri);
  if (!resolved) {
    throw new RpcError(ErrorCode.ResourceNotFound, `Resource not found: ${uri}`, { uri });
  }
  const upstream = router.upstreams.get(resolved.upstream);
  const resources = upstream?.server?.capabilities.resources as JsonObject | undefined;
  if (resources?.subscribe !== true) {
    throw new RpcError(
      ErrorCode.MethodNotFound,
      `Upstream "${resolved.upstream}" (serving ${uri}) does not support resource subscriptions`,
      { uri, upstream: resolved.upstream },
    );
  }
  return { ...resolved, isolated: upstream?.config.sessionMode === 'isolated' };
}

export const subscribeRoute: Route = (router, request, caller) =>
  defer(() => {
    const uri = uriOf(request);
    const session = sessionOf(request, caller);
    const target = subscribable(router, uri);
    if (target.isolated) {
      const params = rewriteParams(request.params ?? {}, 'uri', target.original);
      return forwardTo(router, target.upstream, request.method, params, caller);
    }
    return from(
      router.subscriptions.subscribe(session, target.upstream, target.original, uri),
    ).pipe(map(() => result({})));
  });

export const unsubscribeRoute: Route = (router, request, caller) =>
  defer(() => {
    const uri = uriOf(request);
    const session = sessionOf(request, caller);
    const resolved = router.catalog.resolveUri(uri);
    const upstream = resolved && router.upstreams.get(resolved.upstream);
    if (resolved && upstream?.config.sessionMode === 'isolated') {
      const params = rewriteParams(request.params ?? {}, 'uri', resolved.original);
      return forwardTo(router, resolved.upstream, request.method, params, caller);
    }
    // By the URI the session subscribed to, so it works even if the resource left the catalog.
    return from(router.subscriptions.unsubscribe(session, uri)).pipe(map(() => result({})));
  });
