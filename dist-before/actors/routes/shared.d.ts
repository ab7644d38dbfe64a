/**
 * What every facade route shares: the route signature and the few rewrites routing needs
 * (name or URI, progress token), and the progress/result re-labelling toward the caller.
 */
import { Observable, type OperatorFunction, type SchedulerLike } from 'rxjs';
import type { AccessKind } from '../../core/auth/index.js';
import type { InboundEvent, JsonObject, JsonRpcRequest, RequestEvent } from '../../core/rpc/index.js';
import type { Caller } from '../downstream/index.js';
import type { RouteHost } from './host.js';
export type { Caller } from '../downstream/index.js';
export type Route = (host: RouteHost, request: JsonRpcRequest, caller: Caller) => Observable<InboundEvent>;
export declare const result: (value: JsonObject) => InboundEvent;
/** Upstream progress carries the upstream's token; the caller's is added by its connection. */
export declare function toCaller(event: RequestEvent): InboundEvent;
/** Params for the upstream: one routed key rewritten, and no downstream progress token. */
export declare function rewriteParams(params: JsonObject, key: string, value: unknown): JsonObject;
/**
 * The operator that relabels what an upstream sends back for the caller (see `toCaller`), and
 * sends a result that follows progress one timer tick later. The official SDK client handles
 * responses synchronously but notifications in a microtask, so when the last progress and the
 * result arrive in one read it drops that progress (its handler is gone). Spacing them out
 * costs one tick only for requests that reported progress. One subscriber per request
 * (`CallerObserver`).
 */
export declare function forCaller(scheduler: SchedulerLike): OperatorFunction<RequestEvent, InboundEvent>;
/**
 * Throws the access-denied error when the policy does not let `caller` use `exposed` of
 * `upstream`. The error names the item and the principal, not the rule, and looks the same
 * whether or not the item exists elsewhere, so a denied name is not a probe of the catalog.
 */
export declare function checkAccess(host: RouteHost, caller: Caller, upstream: string, kind: AccessKind, exposed: string): void;
/**
 * Forwards a request to one upstream and relabels what comes back for the caller. Every routed
 * request passes here, so the upstream-level access check is here too (item-level checks are
 * in the routes that know the exposed name).
 */
export declare function forwardTo(host: RouteHost, upstream: string, method: string, params: JsonObject, caller: Caller): Observable<InboundEvent>;
