/**
 * The facade's method table: one route per MCP method the router answers. Methods not in the
 * table get -32601. Each group of routes lives in its own file; this file only assembles them.
 */
import { type Observable } from 'rxjs';
import type { InboundEvent, JsonRpcRequest } from '../../core/rpc/index.js';
import type { RouteHost } from './host.js';
import { type Caller, type Route } from './shared.js';
export type { Caller, ClientSession } from '../downstream/index.js';
export { ActivatedTools } from './activations.js';
export type { Approvals, ApprovedCall, RoutedUpstream, RouteHost } from './host.js';
export { CALL_TOOL, isMetaTool, SEARCH_TOOLS } from './metaTools.js';
export { type RateLimited, RateLimiter, rateLimitedError } from './rateLimiter.js';
export { RESULT_STORE_DEFAULTS, RESULT_URI_PREFIX, ResultStore, type ResultStoreOptions, } from './resultStore.js';
export { CHUNK_META, CHUNKS_META, FULL_RESULT_META, ownerOf, resultUri } from './results.js';
export { forwardTo, type Route, result, rewriteParams, toCaller } from './shared.js';
export declare const routes: Readonly<Record<string, Route>>;
/**
 * Runs the route of a request; while start-up lasts, routes wait for it (no cost after). A
 * route throws what it refuses (resolving synchronously, without a `defer` layer); the
 * Observable returned here errors with it instead. Only an unknown method throws.
 */
export declare function route(host: RouteHost, request: JsonRpcRequest, caller: Caller): Observable<InboundEvent>;
export type { DownUpstream } from './host.js';
export { jsonTextPrefix, utf8End } from './utf8Cut.js';
