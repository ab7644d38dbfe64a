/**
 * The inbound side of a connection: requests the peer sent, handed to the request handler.
 *
 * One table keyed by the peer's id. An id that is already in flight gets -32600 for the
 * duplicate (the first keeps running). A `notifications/cancelled` naming an in-flight request
 * unsubscribes its handler, aborts its signal, and no response is sent. The entry leaves the
 * table before its response is sent, so the peer may reuse the id as soon as it has the answer.
 * Nothing here throws into the read loop: handler throws and unsendable results become errors.
 */

import { ErrorCode, LocalError } from '../errors/index.js';
import type { Logger } from '../log/index.js';
import type { BatchReply } from './batchReply.js';
import { type InboundHost, InboundRequest } from './inboundRequest.js';
import { InflightTable } from './inflight.js';
import {
  failure,
  type JsonObject,
  type JsonRpcId,
  type JsonRpcRequest,
  type JsonRpcResponse,
  notification,
} from './jsonrpc.js';
import type { Send } from './outboundRequests.js';
import { progressTokenOf } from './progressToken.js';
import type { SendOptions } from './transport.js';
import type { ConnectionHandlers } from './types.js';

export class InboundRequests implements InboundHost {
  readonly #send: Send;
  readonly #log: Logger;
  readonly #handlers: () => ConnectionHandlers;
  readonly #table = new InflightTable<JsonRpcId, InboundRequest>();

  readonly #unanswered: (id: JsonRpcId) => void;

  /** `unanswered(id)`: a request ended without a response (the transport's `unanswered`). */
  constructor(
    send: Send,
    handlers: () => ConnectionHandlers,
    log: Logger,
    unanswered?: (id: JsonRpcId) => void,
  ) {
    this.#send = send;
    this.#unanswered = unanswered ?? (() => {});
    this.#handlers = handlers;
    this.#log = log;
  }

  get size(): number {
    return this.#table.size;
  }

  onRequest(message: JsonRpcRequest, batch: BatchReply | undefined): void {
    const { id, method } = message;
    if (this.#table.has(id)) {
      this.answer(
        failure(id, {
          code: ErrorCode.InvalidRequest,
          message: `Invalid Request: request id ${JSON.stringify(id)} is already in flight`,
        }),
        batch,
      );
      return;
    }
    const handler = this.#handlers().request;
    if (handler === undefined) {
      this.answer(
        failure(id, { code: ErrorCode.MethodNotFound, message: `Method not found: ${method}` }),
        batch,
      );
      return;
    }
    const entry = new InboundRequest(this, id, method, progressTokenOf(message.params), batch);
    this.#table.set(id, entry);
    batch?.expect();
    try {
      handler(message, entry).subscribe(entry);
    } catch (error) {
      // The handler threw, or returned something that is not an Observable.
      entry.error(error);
    }
  }

  /** Cancels the request `params.requestId` names; false when none is in flight. */
  onCancelled(params: JsonObject | undefined): boolean {
    const entry = this.#table.take(params?.requestId);
    if (entry === undefined) return false;
    const reason = typeof params?.reason === 'string' ? params.reason : 'cancelled by the peer';
    entry.abandon(
      new LocalError('cancelled', `Request cancelled by the peer: ${reason}`, { reason }),
    );
    entry.batch?.skip();
    if (entry.batch === undefined) this.#unanswered(entry.id);
    return true;
  }

  /** The connection closed: every handler is unsubscribed and its signal aborted, no responses. */
  /**
   * Abandons every request in flight with the error `reason` makes, built only when there is
   * one: a connection that ends with nothing in flight (a stateless 2026-07-28 exchange, every
   * request) would otherwise pay for an error and its stack trace it never uses.
   */
  close(reason: () => LocalError): void {
    let error: LocalError | undefined;
    for (const entry of this.#table.drain()) {
      error ??= reason();
      entry.abandon(error);
    }
  }

  /**
   * An answer known at once, not from a handler. `related`: the request an id-less error
   * answers (a refused batch: its first request), so multi-stream transports reply on the
   * stream that carried it.
   */
  answer(response: JsonRpcResponse, batch: BatchReply | undefined, related?: JsonRpcId): void {
    if (batch !== undefined) batch.push(response);
    else {
      const relatedRequestId = response.id ?? related;
      this.#trySend(response, relatedRequestId === undefined ? undefined : { relatedRequestId });
    }
  }

  // InboundHost: called by the entries.

  progress(entry: InboundRequest, params: JsonObject): void {
    // The caller's token goes last: forwarded params may carry another hop's token.
    this.#trySend(
      notification('notifications/progress', { ...params, progressToken: entry.progressToken }),
      {
        relatedRequestId: entry.id,
      },
    );
  }

  respond(entry: InboundRequest, response: JsonRpcResponse): void {
    if (this.#table.get(entry.id) === entry) this.#table.take(entry.id);
    if (entry.batch !== undefined) {
      entry.batch.answer(response);
      return;
    }
    const options = { relatedRequestId: entry.id };
    if (this.#trySend(response, options)) return;
    this.#trySend(
      failure(entry.id, {
        code: ErrorCode.InternalError,
        message: `Internal error: the response to ${entry.method} could not be sent`,
      }),
      options,
    );
  }

  /** Sends; a message that cannot be sent (e.g. does not serialize) is logged, not thrown. */
  #trySend(message: unknown, options: SendOptions | undefined): boolean {
    try {
      this.#send(message, options);
      return true;
    } catch (error) {
      this.#log.error('could not send a message', { error: String(error) });
      return false;
    }
  }
}
