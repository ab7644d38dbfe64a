/**
 * The facade's method table: one route per MCP method the router answers. Methods not in the
 * table get -32601. Each group of routes lives in its own file; this file only assembles them.
 */
import { from, type Observable, of, switchMap, throwError } from 'rxjs';
import { ErrorCode, RpcError } from '../../core/errors/index.js';
import type { InboundEvent, JsonRpcRequest } from '../../core/rpc/index.js';
import { methodTable } from '../../core/rpc/index.js';
import { completeRoute } from './completion.js';
import type { RouteHost } from './host.js';
import { listRoute } from './lists.js';
import { setLevelRoute } from './logging.js';
import { byNameRoute, byUriRoute } from './named.js';
import { subscribeRoute, unsubscribeRoute } from './resources.js';
import { type Caller, type Route, result } from './shared.js';
import { byTaskRoute, listTasksRoute } from './tasks.js';
import { toolsCallRoute, toolsListRoute } from './toolSearch.js';

export type { Caller, ClientSession } from '../downstream/index.js';
export { ActivatedTools } from './activations.js';
export { ClusterRateLimiter } from './clusterRateLimiter.js';
export type { Approvals, ApprovedCall, RoutedUpstream, RouteHost } from './host.js';
export { CALL_TOOL, isMetaTool, SEARCH_TOOLS } from './metaTools.js';
export { type RateLimited, RateLimiter, rateLimitedError } from './rateLimiter.js';
export {
  RESULT_STORE_DEFAULTS,
  RESULT_URI_PREFIX,
  ResultStore,
  type ResultStoreOptions,
} from './resultStore.js';
export { CHUNK_META, CHUNKS_META, FULL_RESULT_META, ownerOf, resultUri } from './results.js';
export { forwardTo, type Route, result, rewriteParams, toCaller } from './shared.js';

export const routes: Readonly<Record<string, Route>> = methodTable({
  ping: () => of(result({})),
  'tools/list': toolsListRoute,
  'tools/call': toolsCallRoute,
  'prompts/list': listRoute('prompts', 'prompts'),
  'prompts/get': byNameRoute('prompts', 'prompt'),
  'resources/list': listRoute('resources', 'resources'),
  'resources/templates/list': listRoute('resourceTemplates', 'resourceTemplates'),
  'resources/read': byUriRoute,
  'resources/subscribe': subscribeRoute,
  'resources/unsubscribe': unsubscribeRoute,
  'completion/complete': completeRoute,
  'logging/setLevel': setLevelRoute,
  'tasks/get': byTaskRoute,
  'tasks/result': byTaskRoute,
  'tasks/cancel': byTaskRoute,
  'tasks/list': listTasksRoute,
});

/**
 * Runs the route of a request; while start-up lasts, routes wait for it (no cost after). A
 * route throws what it refuses (resolving synchronously, without a `defer` layer); the
 * Observable returned here errors with it instead. Only an unknown method throws.
 */
export function route(
  host: RouteHost,
  request: JsonRpcRequest,
  caller: Caller,
): Observable<InboundEvent> {
  const handler = routes[request.method];
  if (!handler) {
    throw new RpcError(ErrorCode.MethodNotFound, `Method not found: ${request.method}`, {
      method: request.method,
    });
  }
  if (host.isStarted) {
    try {
      return handler(host, request, caller);
    } catch (error) {
      return throwError(() => error);
    }
  }
  return from(host.whenStarted()).pipe(switchMap(() => handler(host, request, caller)));
}
export type { DownUpstream } from './host.js';
export { jsonTextPrefix, utf8End } from './utf8Cut.js';
