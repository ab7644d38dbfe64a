/**
 * `Router.events$`: what happens in a router, as typed events, for embedders (dashboards,
 * agent frameworks) that would otherwise poll `status()`. The shape is part of the public API
 * (`RouterEvent`, a union discriminated by `type`): fields may be added, none removed or
 * renamed.
 *
 * Cost: nothing is built unless someone subscribes. Every source asks `RouterEvents.active`
 * (the Subject's `observed`, one property read) before it builds an event; the routed path
 * wraps a request to watch for refusals only then.
 */
import { Observable, Subject } from 'rxjs';
import type { Principal } from '../../core/auth/index.js';
import type { CatalogKind } from '../../core/catalog/index.js';
import { ErrorCode, RpcError } from '../../core/errors/index.js';
import type { InboundEvent, JsonRpcRequest } from '../../core/rpc/index.js';
import type { Health, UpstreamState } from '../upstream/index.js';

/** Why a call was refused (`call.refused`). */
export type RefusalReason = 'unavailable' | 'unknown' | 'denied' | 'rate-limited';

export type RouterEvent =
  /** An upstream's connection changed state (`closed` also when it was removed). */
  | {
      readonly type: 'upstream.state';
      readonly upstream: string;
      readonly state: UpstreamState;
      /** Why it failed or closed, when known. */
      readonly error?: string;
    }
  /** An upstream's health changed (`ready` / `degraded` / `down`; supervision, keepalive). */
  | {
      readonly type: 'upstream.health';
      readonly upstream: string;
      readonly health: Health;
      readonly previous: Health;
    }
  /** An upstream's part of one list changed (fetched, refetched after `list_changed`, or gone). */
  | { readonly type: 'catalog.changed'; readonly upstream: string; readonly list: CatalogKind }
  /** A downstream session opened (`transport`: the label given to `connect`, `library` for `callTool`'s). */
  | {
      readonly type: 'session.opened';
      readonly sessionId: string;
      readonly transport: string;
      readonly principal?: Principal;
    }
  | { readonly type: 'session.closed'; readonly sessionId: string; readonly reason: string }
  /**
   * A routed call was refused or failed for a router reason: its upstream is down or not
   * configured (`unavailable`), the name or URI is unknown (`unknown`), the access rules deny
   * it (`denied`), or the upstream's queue is full (`rate-limited`, -32010).
   */
  | {
      readonly type: 'call.refused';
      readonly reason: RefusalReason;
      readonly method: string;
      /** The tool or prompt name, or resource URI, the client asked for. */
      readonly name?: string;
      readonly upstream?: string;
      readonly sessionId?: string;
      readonly principal?: Principal;
      readonly code: number;
      readonly message: string;
    };

const UNKNOWN_MESSAGE = /^(Unknown (tool|prompt): |Resource not found: )/;

/** The refusal an error is, or undefined for any other failure (an upstream's own error). */
export function refusalOf(error: unknown): RefusalReason | undefined {
  if (!(error instanceof RpcError)) return undefined;
  switch (error.code) {
    case ErrorCode.UpstreamUnavailable:
      return 'unavailable';
    case ErrorCode.Overloaded:
      return 'rate-limited';
    case ErrorCode.InvalidParams: {
      const data = error.data as { reason?: unknown } | undefined;
      if (data?.reason === 'access_denied') return 'denied';
      return UNKNOWN_MESSAGE.test(error.message) ? 'unknown' : undefined;
    }
    case ErrorCode.ResourceNotFound:
      return UNKNOWN_MESSAGE.test(error.message) ? 'unknown' : undefined;
    default:
      return undefined;
  }
}

/** Who asked, as a refusal names them. */
export interface RefusedCaller {
  readonly sessionId?: string | undefined;
  readonly principal?: Principal | undefined;
}

export class RouterEvents {
  readonly #subject = new Subject<RouterEvent>();
  readonly events$: Observable<RouterEvent> = this.#subject.asObservable();

  /** Someone subscribes: only then are events built. */
  get active(): boolean {
    return this.#subject.observed;
  }

  emit(event: RouterEvent): void {
    if (this.#subject.observed) this.#subject.next(event);
  }

  /** Completes `events$` (router closed). */
  complete(): void {
    this.#subject.complete();
  }

  /**
   * A routed request watched for refusals (call only when `active`): a route's synchronous
   * throw and an error of its Observable become `call.refused` when `refusalOf` names them.
   */
  watch(
    request: JsonRpcRequest,
    caller: RefusedCaller,
    run: () => Observable<InboundEvent>,
  ): Observable<InboundEvent> {
    const refused = (error: unknown) => {
      const reason = refusalOf(error);
      if (reason !== undefined) this.emit(refusalEvent(reason, request, caller, error as RpcError));
    };
    let source: Observable<InboundEvent>;
    try {
      source = run();
    } catch (error) {
      refused(error);
      throw error;
    }
    return new Observable<InboundEvent>((subscriber) =>
      source.subscribe({
        next: (event) => subscriber.next(event),
        error: (error: unknown) => {
          refused(error);
          subscriber.error(error);
        },
        complete: () => subscriber.complete(),
      }),
    );
  }
}

function refusalEvent(
  reason: RefusalReason,
  request: JsonRpcRequest,
  caller: RefusedCaller,
  error: RpcError,
): RouterEvent {
  const params = request.params;
  const name = typeof params?.name === 'string' ? params.name : params?.uri;
  const data = error.data as { upstream?: unknown } | undefined;
  return {
    type: 'call.refused',
    reason,
    method: request.method,
    ...(typeof name === 'string' ? { name } : {}),
    ...(typeof data?.upstream === 'string' ? { upstream: data.upstream } : {}),
    ...(caller.sessionId === undefined ? {} : { sessionId: caller.sessionId }),
    ...(caller.principal === undefined ? {} : { principal: caller.principal }),
    code: error.code,
    message: error.message,
  };
}
