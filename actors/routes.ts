/**
 * The facade's method table: one route per MCP method the router answers. A route resolves
 * the target upstream, rewrites only what routing needs (name, progress token) and returns
 * the upstream's request Observable. Methods not in the table get -32601.
 */
import {
  concatMap,
  defer,
  from,
  map,
  type Observable,
  of,
  type SchedulerLike,
  switchMap,
  timer,
} from 'rxjs';
import type { CatalogKind } from '../core/catalog.js';
import type { InboundContext, InboundEvent, RequestEvent } from '../core/connection.js';
import type { RequestContext } from '../core/context.js';
import { paginate } from '../core/cursor.js';
import { ErrorCode, RpcError } from '../core/errors.js';
import type { JsonObject, JsonRpcRequest } from '../core/jsonrpc.js';
import type { Router } from './router.js';

export type Route = (
  router: Router,
  request: JsonRpcRequest,
  context: RequestContext,
  inbound: InboundContext,
) => Observable<InboundEvent>;

const result = (value: JsonObject): InboundEvent => ({ kind: 'result', result: value });

/** Upstream progress carries the upstream's token; the caller's is added by its connection. */
function toCaller(event: RequestEvent): InboundEvent {
  if (event.kind === 'result') return event;
  const { progressToken: _upstreamToken, ...progress } = event.params;
  return { kind: 'progress', params: progress };
}

/**
 * Sends a result that follows progress one timer tick later. The official SDK client handles
 * responses synchronously but notifications in a microtask, so when the last progress and
 * the result arrive in one read it drops that progress (its handler is gone). Spacing them
 * out costs one tick only for requests that reported progress.
 */
const resultAfterProgress =
  (scheduler: SchedulerLike) =>
  (source: Observable<InboundEvent>): Observable<InboundEvent> =>
    defer(() => {
      let progressed = false;
      return source.pipe(
        concatMap((event) => {
          if (event.kind === 'progress') {
            progressed = true;
            return of(event);
          }
          return progressed ? timer(0, scheduler).pipe(map(() => event)) : of(event);
        }),
      );
    });

/** Params for the upstream: a new name, and no downstream progress token. */
function rewriteParams(params: JsonObject, key: 'name' | 'uri', value: string): JsonObject {
  const out: JsonObject = { ...params, [key]: value };
  const meta = params._meta as JsonObject | undefined;
  if (meta && 'progressToken' in meta) {
    const { progressToken: _token, ...rest } = meta;
    if (Object.keys(rest).length > 0) out._meta = rest;
    else delete out._meta;
  }
  return out;
}

const listRoute =
  (kind: CatalogKind, key: string): Route =>
  (router, request) =>
    defer(() => {
      const catalog = router.catalog;
      const { page, nextCursor } = paginate(
        catalog.list(kind),
        kind,
        request.params?.cursor,
        router.config.pageSize,
        catalog.versionOf(kind),
      );
      const value: JsonObject = { [key]: page };
      if (nextCursor !== undefined) value.nextCursor = nextCursor;
      return of(result(value));
    });

const byNameRoute =
  (kind: 'tools' | 'prompts', noun: string): Route =>
  (router, request, _context, inbound) =>
    defer(() => {
      const params = request.params ?? {};
      const name = params.name;
      if (typeof name !== 'string') {
        throw new RpcError(
          ErrorCode.InvalidParams,
          `${request.method}: params.name must be a string`,
        );
      }
      const resolved = router.catalog.resolve(kind, name);
      if (!resolved) {
        throw new RpcError(ErrorCode.InvalidParams, `Unknown ${noun}: ${name}`, { name });
      }
      return router.forward(
        resolved.upstream,
        request.method,
        rewriteParams(params, 'name', resolved.original),
        inbound,
      );
    }).pipe(map(toCaller), resultAfterProgress(router.scheduler));

const byUriRoute: Route = (router, request, _context, inbound) =>
  defer(() => {
    const params = request.params ?? {};
    const uri = params.uri;
    if (typeof uri !== 'string') {
      throw new RpcError(ErrorCode.InvalidParams, `${request.method}: params.uri must be a string`);
    }
    const resolved = router.catalog.resolveUri(uri);
    if (!resolved) {
      throw new RpcError(ErrorCode.ResourceNotFound, `Resource not found: ${uri}`, { uri });
    }
    return router.forward(
      resolved.upstream,
      request.method,
      rewriteParams(params, 'uri', resolved.original),
      inbound,
    );
  }).pipe(map(toCaller), resultAfterProgress(router.scheduler));

export const routes: Record<string, Route> = {
  ping: () => of(result({})),
  'tools/list': listRoute('tools', 'tools'),
  'tools/call': byNameRoute('tools', 'tool'),
  'prompts/list': listRoute('prompts', 'prompts'),
  'prompts/get': byNameRoute('prompts', 'prompt'),
  'resources/list': listRoute('resources', 'resources'),
  'resources/templates/list': listRoute('resourceTemplates', 'resourceTemplates'),
  'resources/read': byUriRoute,
};

export function route(
  router: Router,
  request: JsonRpcRequest,
  context: RequestContext,
  inbound: InboundContext,
): Observable<InboundEvent> {
  const handler = routes[request.method];
  if (!handler) {
    throw new RpcError(ErrorCode.MethodNotFound, `Method not found: ${request.method}`, {
      method: request.method,
    });
  }
  return router.isStarted
    ? handler(router, request, context, inbound)
    : from(router.whenStarted()).pipe(switchMap(() => handler(router, request, context, inbound)));
}
