/**
 * What every facade route shares: the route signature and the few rewrites routing needs
 * (name or URI, progress token), and the progress/result re-labelling toward the caller.
 */
import {
  Observable,
  type Observer,
  type OperatorFunction,
  type SchedulerLike,
  type Subscriber,
  Subscription,
} from 'rxjs';
import type { AccessKind } from '../../core/auth/index.js';
import { ErrorCode, RpcError } from '../../core/errors/index.js';
import type {
  InboundEvent,
  JsonObject,
  JsonRpcRequest,
  RequestEvent,
} from '../../core/rpc/index.js';
import type { Caller } from '../downstream/index.js';
import type { RouteHost } from './host.js';

export type { Caller } from '../downstream/index.js';

export type Route = (
  host: RouteHost,
  request: JsonRpcRequest,
  caller: Caller,
) => Observable<InboundEvent>;

export const result = (value: JsonObject): InboundEvent => ({ kind: 'result', result: value });

/** Upstream progress carries the upstream's token; the caller's is added by its connection. */
export function toCaller(event: RequestEvent): InboundEvent {
  if (event.kind === 'result') return event;
  const { progressToken: _upstreamToken, ...progress } = event.params;
  return { kind: 'progress', params: progress };
}

/** Params for the upstream: one routed key rewritten, and no downstream progress token. */
export function rewriteParams(params: JsonObject, key: string, value: unknown): JsonObject {
  const meta = params._meta as JsonObject | undefined;
  if (!meta || !('progressToken' in meta)) return { ...params, [key]: value };
  // Copied without the key rather than deleted from a copy (a `delete` leaves V8's fast mode).
  const { progressToken: _token, ...restMeta } = meta;
  const { _meta: _caller, ...rest } = params;
  const out: JsonObject = { ...rest, [key]: value };
  if (Object.keys(restMeta).length > 0) out._meta = restMeta;
  return out;
}

/**
 * The operator that relabels what an upstream sends back for the caller (see `toCaller`), and
 * sends a result that follows progress one timer tick later. The official SDK client handles
 * responses synchronously but notifications in a microtask, so when the last progress and the
 * result arrive in one read it drops that progress (its handler is gone). Spacing them out
 * costs one tick only for requests that reported progress. One subscriber per request
 * (`CallerObserver`).
 */
export function forCaller(scheduler: SchedulerLike): OperatorFunction<RequestEvent, InboundEvent> {
  return (source) =>
    new Observable<InboundEvent>((subscriber) => {
      const observer = new CallerObserver(subscriber, scheduler);
      const inner = source.subscribe(observer);
      if (inner !== observer) observer.add(inner);
      return observer;
    });
}

/** A `Subscription` that is also the source's `Observer`: RxJS uses it as it is. */
class CallerObserver extends Subscription implements Observer<RequestEvent> {
  #progressed = false;
  #held: InboundEvent | undefined = undefined;
  readonly #subscriber: Subscriber<InboundEvent>;
  readonly #scheduler: SchedulerLike;

  constructor(subscriber: Subscriber<InboundEvent>, scheduler: SchedulerLike) {
    super();
    this.#subscriber = subscriber;
    this.#scheduler = scheduler;
  }

  next(event: RequestEvent): void {
    if (event.kind === 'progress') {
      this.#progressed = true;
      this.#subscriber.next(toCaller(event));
    } else if (this.#progressed) this.#held = event;
    else this.#subscriber.next(event);
  }

  error(error: unknown): void {
    this.#subscriber.error(error);
  }

  complete(): void {
    const result = this.#held;
    const subscriber = this.#subscriber;
    if (result === undefined) {
      subscriber.complete();
      return;
    }
    subscriber.add(
      this.#scheduler.schedule(() => {
        subscriber.next(result);
        subscriber.complete();
      }, 0),
    );
  }
}

/** Outside the caller's profile: the same answer as for a name or URI that does not exist. */
function notInProfile(kind: AccessKind, exposed: string): RpcError {
  if (kind === 'resources' || kind === 'resourceTemplates') {
    return new RpcError(ErrorCode.ResourceNotFound, `Resource not found: ${exposed}`, {
      uri: exposed,
    });
  }
  const noun = kind === 'tools' ? 'tool' : kind === 'prompts' ? 'prompt' : 'name';
  return new RpcError(ErrorCode.InvalidParams, `Unknown ${noun}: ${exposed}`, { name: exposed });
}

/**
 * Throws the access-denied error when the policy does not let `caller` use `exposed` of
 * `upstream`. The error names the item and the principal, not the rule, and looks the same
 * whether or not the item exists elsewhere, so a denied name is not a probe of the catalog.
 */
export function checkAccess(
  host: RouteHost,
  caller: Caller,
  upstream: string,
  kind: AccessKind,
  exposed: string,
): void {
  if (!host.allows || host.allows(caller, upstream, kind, exposed)) return;
  const profile = caller.profile;
  if (profile !== undefined && host.inProfile?.(profile, upstream, kind, exposed) === false) {
    throw notInProfile(kind, exposed);
  }
  const who = caller.identity?.id ?? 'an unauthenticated client';
  throw new RpcError(
    ErrorCode.InvalidParams,
    `Access denied: ${exposed || `upstream ${upstream}`} is not available to ${who}`,
    { reason: 'access_denied' },
  );
}

/**
 * Forwards a request to one upstream and relabels what comes back for the caller. Every routed
 * request passes here, so the upstream-level access check is here too (item-level checks are
 * in the routes that know the exposed name).
 */
export function forwardTo(
  host: RouteHost,
  upstream: string,
  method: string,
  params: JsonObject,
  caller: Caller,
): Observable<InboundEvent> {
  checkAccess(host, caller, upstream, 'upstream', '');
  const forwarded = host.forward(upstream, method, params, caller);
  // A caller without a progress token gets no progress (none is asked of the upstream, and its
  // connection would drop it): nothing to relabel or space out, so no layer for it.
  return caller.inbound.progressToken === undefined
    ? forwarded
    : forwarded.pipe(forCaller(host.scheduler));
}
