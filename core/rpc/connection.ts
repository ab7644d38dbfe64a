/**
 * A JSON-RPC peer over one transport (the vscode-jsonrpc split: the transport moves frames,
 * the connection owns ids, progress, cancellation and handlers). Decisions: core/rpc/README.md.
 *
 * - Outbound: `request$(method, params, options)` is cold. Subscribing allocates an integer id
 *   (a per-connection counter starting at 0) and sends; `notifications/progress` for it are
 *   emitted as `{ kind: 'progress' }` values; the result is emitted as `{ kind: 'result' }` and
 *   completes; a JSON-RPC error response errors the Observable with an `RpcError`. With
 *   `progress: true` the request carries `params._meta.progressToken` equal to its id, so ONE
 *   in-flight table keyed by id serves both responses and progress. Unsubscribing, `signal`
 *   aborting (error `LocalError('cancelled')`) or a timeout (error `LocalError('timeout' |
 *   'max-total-timeout')`) before the result sends `notifications/cancelled` exactly once (never
 *   for `initialize`). Late responses and progress are dropped quietly. When the transport
 *   closes, every in-flight request errors at once with `LocalError('closed')`, and later
 *   subscriptions error at once.
 * - Inbound: requests go to `handlers.request`, which returns an Observable of `InboundEvent`;
 *   progress values are sent as `notifications/progress` with the caller's token (dropped if the
 *   caller gave none); the result becomes the response; an error (or a synchronous throw)
 *   becomes a JSON-RPC error (`toRpcError`). An inbound `notifications/cancelled` for an
 *   in-flight inbound request unsubscribes its handler, aborts its signal, and no response is
 *   sent; one that matches nothing goes to `handlers.notification` (2026-07-28 servers on stdio
 *   use it to end a `subscriptions/listen` stream). Invalid messages get -32600; an invalid
 *   response is never answered: it fails the request it names at once with
 *   `LocalError('invalid-response')`, or is dropped with a log line when it names none in
 *   flight. Frame errors get -32700 with id null. Never throws.
 */
import {
  asyncScheduler,
  type Observable,
  ReplaySubject,
  type SchedulerLike,
  type Subscription,
} from 'rxjs';
import { ErrorCode, LocalError } from '../errors/index.js';
import { type Logger, silentLogger } from '../log/index.js';
import { BatchReply } from './batchReply.js';
import { InboundRequests } from './inboundRequests.js';
import {
  classify,
  failure,
  type JsonObject,
  type JsonRpcId,
  type JsonRpcNotification,
  type JsonRpcResponse,
  notification,
} from './jsonrpc.js';
import { OutboundRequests } from './outboundRequests.js';
import { oversizedResponseId } from './oversizedResponse.js';
import {
  type CloseReason,
  type FrameError,
  hasExchanges,
  hasStreams,
  type SendOptions,
  type Transport,
} from './transport.js';
import type { ConnectionHandlers, RequestEvent, RequestOptions } from './types.js';

export type {
  ConnectionHandlers,
  InboundContext,
  InboundEvent,
  ProgressToken,
  RequestEvent,
  RequestOptions,
} from './types.js';

export interface ConnectionOptions {
  handlers?: ConnectionHandlers;
  scheduler?: SchedulerLike;
  log?: Logger;
  /** A name for log lines, e.g. `upstream a` or `downstream 3`. */
  name?: string;
  /** Whether an inbound JSON-RPC batch (array) is accepted; otherwise it gets -32600. */
  allowBatch?: () => boolean;
}

export interface ConnectionStats {
  outbound: number;
  inbound: number;
}

/** A message without `method`: if invalid, it may still be meant as an answer. */
const hasNoMethod = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !('method' in value);

/** An invalid message that was meant as a response is never answered. */
const looksLikeResponse = (value: unknown): boolean =>
  hasNoMethod(value) && ('result' in (value as object) || 'error' in (value as object));

export class Connection {
  readonly #transport: Transport;
  readonly #log: Logger;
  readonly #allowBatch: (() => boolean) | undefined;
  #handlers: ConnectionHandlers;
  readonly #outbound: OutboundRequests;
  readonly #inbound: InboundRequests;
  readonly #closed = new ReplaySubject<CloseReason>(1);
  #closeReason: CloseReason | undefined;
  readonly #subscriptions: Subscription[] = [];

  readonly closed$: Observable<CloseReason> = this.#closed.asObservable();

  /** The transport's session id when it keeps one (Streamable HTTP: `Mcp-Session-Id`). */
  get sessionId(): string | undefined {
    const id = (this.#transport as { sessionId?: unknown }).sessionId;
    return typeof id === 'string' ? id : undefined;
  }

  constructor(transport: Transport, options: ConnectionOptions = {}) {
    this.#transport = transport;
    const log = options.log ?? silentLogger;
    // A caller-given log is already named; the name only labels the default one.
    this.#log =
      options.name === undefined || options.log !== undefined ? log : log.child(options.name);
    this.#allowBatch = options.allowBatch;
    this.#handlers = options.handlers ?? {};
    const send = (message: unknown, sendOptions: SendOptions | undefined): void =>
      transport.send(message, sendOptions);
    this.#outbound = new OutboundRequests(
      send,
      options.scheduler ?? asyncScheduler,
      this.#log,
      hasExchanges(transport) ? (id) => transport.abandon(id) : undefined,
    );
    this.#inbound = new InboundRequests(
      send,
      () => this.#handlers,
      this.#log,
      hasStreams(transport) ? (id) => transport.unanswered(id) : undefined,
    );
    this.#subscriptions.push(
      transport.messages$.subscribe((value) => this.#read(value)),
      transport.errors$.subscribe((error) => this.#onFrameError(error)),
      transport.closed$.subscribe((reason) => this.#shutdown(reason)),
    );
  }

  get isClosed(): boolean {
    return this.#closeReason !== undefined;
  }

  setHandlers(handlers: ConnectionHandlers): void {
    this.#handlers = handlers;
  }

  request$(
    method: string,
    params?: JsonObject,
    options?: RequestOptions,
  ): Observable<RequestEvent> {
    return this.#outbound.request$(method, params, options);
  }

  notify(method: string, params?: JsonObject, options?: SendOptions): void {
    this.#trySend(notification(method, params), options);
  }

  /**
   * Cancels an inbound request as if the peer had sent `notifications/cancelled` for it (its
   * handler is unsubscribed, its signal aborted, no response is sent). Used when the client
   * can no longer receive the answer (its HTTP response is gone). False when none is in flight.
   */
  cancelInbound(id: JsonRpcId, reason: string): boolean {
    return this.#inbound.onCancelled({ requestId: id, reason });
  }

  /** Tells an HTTP transport the negotiated version (sent as `MCP-Protocol-Version`). */
  setProtocolVersion(version: string): void {
    const transport = this.#transport;
    if (hasExchanges(transport)) transport.setProtocolVersion(version);
  }

  /** Sizes of the in-flight tables (leak tests expect 0 once everything has settled). */
  stats(): ConnectionStats {
    return { outbound: this.#outbound.size, inbound: this.#inbound.size };
  }

  /** Fails everything in flight at once, then closes the transport. */
  async close(): Promise<void> {
    this.#shutdown({ kind: 'local' });
    await this.#transport.close();
  }

  /** The read loop: every value the transport reads. Never throws. */
  #read(value: unknown): void {
    try {
      if (Array.isArray(value)) this.#onBatch(value);
      else this.#dispatch(value, undefined);
    } catch (error) {
      this.#log.error('unexpected error while reading a message', { error: String(error) });
    }
  }

  #dispatch(value: unknown, batch: BatchReply | undefined): void {
    const classified = classify(value);
    switch (classified.kind) {
      case 'request':
        this.#inbound.onRequest(classified.message, batch);
        break;
      case 'response':
        this.#outbound.onResponse(classified.message);
        break;
      case 'notification':
        this.#onNotification(classified.message);
        break;
      case 'batch':
        this.#invalid(value, 'a batch must not contain a batch', null, batch);
        break;
      case 'invalid':
        this.#invalid(value, classified.reason, classified.id, batch);
        break;
    }
  }

  /** A batch's responses go out as one array when all its requests are answered. */
  #onBatch(messages: unknown[]): void {
    if (messages.length === 0) {
      this.#invalid(messages, 'empty batch', null, undefined);
      return;
    }
    if (this.#allowBatch?.() !== true) {
      // Sent in reply to the batch's first request, so that an HTTP transport answers it on
      // the POST that carried the batch (which then ends), not on another stream.
      const first = messages.find(
        (m): m is { id: JsonRpcId } =>
          typeof m === 'object' && m !== null && 'method' in m && 'id' in m,
      );
      this.#invalid(
        messages,
        'batches are not supported on this protocol version',
        null,
        undefined,
        first?.id,
      );
      return;
    }
    const batch = new BatchReply((responses) => this.#sendBatch(responses));
    for (const message of messages) this.#dispatch(message, batch);
    batch.seal();
  }

  #onNotification(message: JsonRpcNotification): void {
    const { method } = message;
    if (method === 'notifications/progress') {
      this.#outbound.onProgress(message.params);
      return;
    }
    // A cancel that matches no inbound request is passed on: 2026-07-28 servers on stdio send
    // it to end the client's `subscriptions/listen` stream.
    if (method === 'notifications/cancelled' && this.#inbound.onCancelled(message.params)) return;
    const handler = this.#handlers.notification;
    if (handler === undefined) return;
    try {
      handler(message);
    } catch (error) {
      this.#log.warn('notification handler threw', { method, error: String(error) });
    }
  }

  #invalid(
    value: unknown,
    reason: string,
    id: JsonRpcId | null,
    batch: BatchReply | undefined,
    related?: JsonRpcId,
  ): void {
    // Without `method` and naming a request of ours in flight (`result` not an object, both
    // or neither of `result` and `error`, a malformed `error`): the peer answered it badly,
    // and it fails now rather than at its timeout.
    if (id !== null && hasNoMethod(value) && this.#outbound.onInvalidResponse(id, reason)) return;
    if (looksLikeResponse(value)) {
      this.#log.warn('dropped an invalid response', { reason, id });
      return;
    }
    this.#log.debug('answered an invalid message', { reason, id });
    this.#inbound.answer(
      failure(id, { code: ErrorCode.InvalidRequest, message: `Invalid Request: ${reason}` }),
      batch,
      related,
    );
  }

  #onFrameError(error: FrameError): void {
    this.#log.debug('frame error', { kind: error.kind, message: error.message });
    if (error.kind === 'parse' && error.response) {
      // An exchange transport read the answer to request `id` and it was not a response to it
      // (an HTTP 2xx body that is not JSON-RPC): that request fails now; nothing to answer.
      if (error.id !== undefined) this.#outbound.onInvalidResponse(error.id, error.message);
      return;
    }
    if (error.kind === 'too-deep') {
      // A message nested past the bound: its request is answered (or our request it answered
      // fails) at once, by id; it never reaches a handler or takes an upstream slot.
      if (error.response) {
        if (typeof error.id === 'number')
          this.#outbound.onUnreadableResponse(error.id, error.message);
        return;
      }
      if (error.id === undefined) return; // a notification: nothing to answer
      this.#trySend(failure(error.id, { code: ErrorCode.InvalidRequest, message: error.message }), {
        relatedRequestId: error.id,
      });
      return;
    }
    if (error.kind === 'too-large') {
      // The response to one of our requests, too large to read: that request fails now.
      const id = oversizedResponseId(error.head, error.tail);
      if (id !== undefined) {
        this.#outbound.onUnreadableResponse(id, `The response was too large: ${error.message}`);
      }
    }
    this.#trySend(
      error.kind === 'too-large'
        ? failure(null, {
            code: ErrorCode.InvalidRequest,
            message: `Invalid Request: the message exceeds the size limit (${error.message})`,
          })
        : failure(null, { code: ErrorCode.ParseError, message: error.message }),
      undefined,
    );
  }

  /** Sent with the id of its first request, so multi-stream transports can route it. */
  #sendBatch(responses: JsonRpcResponse[]): void {
    const first = responses.find((response) => response.id !== null)?.id;
    this.#trySend(
      responses,
      first === undefined || first === null ? undefined : { relatedRequestId: first },
    );
  }

  #trySend(message: unknown, options: SendOptions | undefined): void {
    try {
      this.#transport.send(message, options);
    } catch (error) {
      this.#log.error('could not send a message', { error: String(error) });
    }
  }

  /** Fails every outbound request, abandons every inbound one, then emits `closed$`. */
  #shutdown(reason: CloseReason): void {
    if (this.#closeReason !== undefined) return;
    this.#closeReason = reason;
    this.#outbound.close(reason);
    this.#inbound.close(
      () => new LocalError('closed', `Connection closed (${reason.kind})`, { close: reason.kind }),
    );
    for (const subscription of this.#subscriptions) subscription.unsubscribe();
    this.#closed.next(reason);
    this.#closed.complete();
  }
}
