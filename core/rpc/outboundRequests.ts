/**
 * The outbound side of a connection: the requests this peer sends and waits for.
 *
 * `request$` is cold: each subscription allocates the next integer id (a per-connection
 * counter that starts at 0, so id 0 is exercised from the first request) and makes ONE
 * `Exchange` (exchange.ts: the table entry and the lifecycle's configuration), then subscribes
 * the request's exchange — register its entry, send — through `requestLifecycle`
 * (core/operators/): its timeout, abort signal and cancellation. Requests of one timeout share a
 * deadline FIFO across connections (`deadlinesFor`), so most of them schedule no timer of their own.
 *
 * The entry lives in ONE table keyed by id; a request with `progress: true` uses its id as its
 * progress token, so responses and progress find it the same way. The entry leaves the table
 * when the response arrives, when the request is abandoned (unsubscribe, abort, timeout: then
 * `notifications/cancelled` goes out, never for `initialize`), or when the connection closes.
 */
import { Observable, type SchedulerLike, type Subscriber, type TeardownLogic } from 'rxjs';
import { ErrorCode, LocalError, RpcError } from '../errors/index.js';
import type { Logger } from '../log/index.js';
import { abortError, Deadlines, deadlinesFor, requestLifecycle } from '../operators/index.js';
import { RawJson } from './envelopeScan.js';
import { type Abandon, Exchange } from './exchange.js';
import { InflightTable } from './inflight.js';
import {
  type JsonObject,
  type JsonRpcId,
  type JsonRpcResponse,
  notification,
  request,
} from './jsonrpc.js';
import { withProgressToken } from './progressToken.js';
import type { CloseReason, SendOptions } from './transport.js';
import type { RequestEvent, RequestOptions } from './types.js';

export type Send = (message: unknown, options: SendOptions | undefined) => void;

/** The text of `notifications/cancelled`'s `reason`. */
function cancelReason(reason: unknown): string {
  if (reason === undefined) return 'request cancelled';
  if (reason instanceof LocalError && typeof reason.details.reason === 'string') {
    return reason.details.reason;
  }
  return reason instanceof Error ? reason.message : String(reason);
}

export function closedError(reason: CloseReason, method: string, id?: number): LocalError {
  // A transport error names its cause (e.g. a spawn that failed with EMFILE): the caller sees it.
  const cause = reason.kind === 'error' ? `: ${reason.error.message}` : '';
  return new LocalError('closed', `Connection closed (${reason.kind}): ${method} failed${cause}`, {
    method,
    ...(id === undefined ? {} : { id }),
    close: reason.kind,
  });
}

/** At most one warning about unknown response ids per this many ms (the rest are counted). */
const UNKNOWN_ID_WARN_EVERY_MS = 10_000;

export class OutboundRequests {
  readonly #send: Send;
  readonly #scheduler: SchedulerLike;
  /**
   * The deadline FIFO of requests the shared ones do not take (`deadlinesFor`,
   * core/operators/deadlines.ts).
   */
  readonly #deadlines: Deadlines;
  readonly #log: Logger;
  readonly #table = new InflightTable<number, Exchange>();
  #nextId = 0;
  #closeReason: CloseReason | undefined;
  /** Rate limit of the unknown-id warning: when it may warn next, and what it dropped since. */
  #nextUnknownWarnAt = Number.NEGATIVE_INFINITY;
  #unknownSinceWarn = 0;

  readonly #release: (id: number) => void;
  /** `Exchange.cancel`: one function per connection, not a closure per request. */
  readonly #abandonOf: Abandon = (id, reason) => this.#abandon(id, reason);

  /** `release(id)`: the transport may end the exchange of an abandoned request (`abandon`). */
  constructor(send: Send, scheduler: SchedulerLike, log: Logger, release?: (id: number) => void) {
    this.#send = send;
    this.#release = release ?? (() => {});
    this.#scheduler = scheduler;
    this.#deadlines = new Deadlines(scheduler);
    this.#log = log;
  }

  get size(): number {
    return this.#table.size;
  }

  request$(
    method: string,
    params?: JsonObject,
    options?: RequestOptions,
  ): Observable<RequestEvent> {
    return new Observable<RequestEvent>((subscriber) =>
      this.#open(subscriber, method, params, options),
    );
  }

  /** One subscription of `request$`: its id, and its exchange through its lifecycle. */
  #open(
    subscriber: Subscriber<RequestEvent>,
    method: string,
    params: JsonObject | undefined,
    options: RequestOptions | undefined,
  ): TeardownLogic {
    if (this.#closeReason !== undefined) {
      subscriber.error(closedError(this.#closeReason, method));
      return undefined;
    }
    const signal = options?.signal;
    if (signal?.aborted === true) {
      subscriber.error(abortError(signal, method));
      return undefined;
    }
    const exchange = new Exchange(
      this.#nextId++,
      method,
      options,
      this.#scheduler,
      deadlinesFor(this.#scheduler, options?.timeout, options?.maxTotalTimeout, this.#deadlines),
      this.#abandonOf,
    );
    // The operator applied as a function: `pipe` would add its own arrays to every request.
    const lifecycle = requestLifecycle<RequestEvent>(exchange);
    return lifecycle(
      new Observable<RequestEvent>((inner) => this.#start(inner, exchange, params, options)),
    ).subscribe(subscriber);
  }

  onResponse(response: JsonRpcResponse): void {
    const { id } = response;
    if (id === null) {
      this.#log.warn('peer reported an error without a request id', {
        error: 'error' in response ? response.error : undefined,
      });
      return;
    }
    const entry = this.#table.take(id);
    if (entry === undefined) {
      this.#dropUnknown(id);
      return;
    }
    if ('result' in response) {
      const { result } = response;
      entry.subscriber.next({
        kind: 'result',
        // A payload kept raw by the decoder (envelopeScan.ts) is parsed unless asked for raw.
        result:
          result instanceof RawJson && !entry.rawResult ? (result.value() as JsonObject) : result,
      });
      entry.subscriber.complete();
    } else {
      entry.subscriber.error(RpcError.from(response.error));
    }
  }

  /**
   * The response to request `id` could not be read (too large, nested too deep): the request
   * fails now; `reason` names the limit.
   */
  onUnreadableResponse(id: number, reason: string): void {
    const entry = this.#table.take(id);
    if (entry === undefined) return;
    this.#log.warn('a response could not be read', { id, method: entry.method, reason });
    entry.subscriber.error(
      new RpcError(ErrorCode.MessageTooLarge, `${entry.method} failed: ${reason}`),
    );
  }

  /**
   * The peer answered request `id` with something that is not a valid response (`reason`: what
   * was wrong, e.g. "result must be an object"): the request fails now with
   * `LocalError('invalid-response')` instead of waiting for its timeout. Nothing is sent: the
   * peer did answer. False when no request `id` is in flight.
   */
  onInvalidResponse(id: JsonRpcId, reason: string): boolean {
    const entry = this.#table.take(id);
    if (entry === undefined) return false;
    this.#log.warn('an invalid response failed its request', { id, method: entry.method, reason });
    entry.subscriber.error(
      new LocalError('invalid-response', `${entry.method} failed: invalid response (${reason})`, {
        method: entry.method,
        id,
        invalid: reason,
      }),
    );
    return true;
  }

  /**
   * A response whose id matches no request in flight. One to an id this side issued is a late
   * answer to a request that already ended (cancelled, timed out): normal, debug. Any other id
   * was never issued: the peer is confused, warn — at most once per
   * `UNKNOWN_ID_WARN_EVERY_MS`, counting the ones dropped in between.
   */
  #dropUnknown(id: string | number): void {
    if (typeof id === 'number' && Number.isInteger(id) && id >= 0 && id < this.#nextId) {
      this.#log.debug('dropped a response that matches no in-flight request', { id });
      return;
    }
    this.#unknownSinceWarn++;
    const now = this.#scheduler.now();
    if (now < this.#nextUnknownWarnAt) return;
    this.#log.warn('dropped a response whose id was never sent', {
      id,
      dropped: this.#unknownSinceWarn,
    });
    this.#unknownSinceWarn = 0;
    this.#nextUnknownWarnAt = now + UNKNOWN_ID_WARN_EVERY_MS;
  }

  /** `notifications/progress` params, as received: emitted as they are. */
  onProgress(params: JsonObject | undefined): void {
    const token = params?.progressToken;
    const entry = this.#table.get(token);
    if (entry === undefined || !entry.progress) {
      this.#log.debug('dropped progress that matches no in-flight request', { token });
      return;
    }
    entry.subscriber.next({ kind: 'progress', params: params as JsonObject });
  }

  /** Fails every request in flight with `LocalError('closed')`; later requests fail at once. */
  close(reason: CloseReason): void {
    if (this.#closeReason !== undefined) return;
    this.#closeReason = reason;
    for (const entry of this.#table.drain()) {
      entry.subscriber.error(closedError(reason, entry.method, entry.id));
    }
  }

  /** Registers the entry, then sends (a synchronous transport may answer inside `send`). */
  #start(
    subscriber: Subscriber<RequestEvent>,
    exchange: Exchange,
    params: JsonObject | undefined,
    options: RequestOptions | undefined,
  ): TeardownLogic {
    const { id, method, sendOptions } = exchange;
    exchange.subscriber = subscriber;
    this.#table.set(id, exchange);
    // The headers belong to this request alone (not to its `notifications/cancelled`).
    const headers = options?.headers;
    try {
      this.#send(
        request(id, method, exchange.progress ? withProgressToken(params, id) : params),
        headers === undefined ? sendOptions : { ...sendOptions, headers },
      );
    } catch (error) {
      // e.g. params that do not serialize: nothing went out, so there is nothing to cancel;
      // the caller fails now with what went wrong.
      this.#table.take(id);
      const reason = error instanceof Error ? error.message : String(error);
      subscriber.error(
        new RpcError(
          ErrorCode.InvalidParams,
          `Request ${method} cannot be sent: its params cannot be serialised as JSON (${reason})`,
        ),
      );
      return undefined;
    }
    options?.onSent?.(id);
    // No teardown: the lifecycle's `cancel` (#abandon) removes an entry still waiting.
    return undefined;
  }

  /** The request ends before its response: forget it and tell the peer (never `initialize`). */
  #abandon(id: number, reason: unknown): void {
    const entry = this.#table.take(id);
    if (entry === undefined) return;
    const text = cancelReason(reason);
    if (entry.method === 'initialize') {
      this.#log.debug('initialize abandoned, not cancelled (the spec forbids it)', {
        id,
        reason: text,
      });
    } else {
      try {
        this.#send(
          notification('notifications/cancelled', { requestId: id, reason: text }),
          entry.sendOptions,
        );
      } catch (error) {
        this.#log.error('could not send notifications/cancelled', { id, error: String(error) });
      }
    }
    // After the cancellation went out: the exchange carrying the request may now end.
    this.#release(id);
  }
}
