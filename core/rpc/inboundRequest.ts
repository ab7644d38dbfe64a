/**
 * One inbound request being handled: the entry of the connection's inbound table, the
 * subscriber of the handler's Observable (a `SourceHolder`: RxJS uses it as it is, with no
 * wrapping subscriber, and the handler's teardown is held in a field) and the `InboundContext`
 * the handler gets, all in one object so a request costs one allocation here (the
 * AbortController is only made if the handler reads `signal`).
 *
 * Contract with the handler's Observable: progress values (any number), then one result; a
 * result settles the request and unsubscribes the handler, later values are ignored. An error
 * becomes a JSON-RPC error (`toRpcError`); completing without a result is an internal error.
 */
import type { Observer } from 'rxjs';
import { ErrorCode, toRpcError } from '../errors/index.js';
import { SourceHolder } from '../operators/index.js';
import type { BatchReply } from './batchReply.js';
import {
  failure,
  type JsonObject,
  type JsonRpcId,
  type JsonRpcResponse,
  success,
} from './jsonrpc.js';
import type { InboundContext, InboundEvent, ProgressToken } from './types.js';

/** What the connection does for its inbound requests. */
export interface InboundHost {
  /** Send `notifications/progress` for `request` (only called when it has a progress token). */
  progress(request: InboundRequest, params: JsonObject): void;
  /** The handler settled: remove `request` from the table and send (or batch) `response`. */
  respond(request: InboundRequest, response: JsonRpcResponse): void;
}

export class InboundRequest extends SourceHolder implements InboundContext, Observer<InboundEvent> {
  readonly id: JsonRpcId;
  readonly method: string;
  readonly progressToken?: ProgressToken;
  /** The batch this request came in, whose single reply carries its response. */
  readonly batch: BatchReply | undefined;
  readonly #host: InboundHost;
  #settled = false;
  #controller: AbortController | undefined;
  /** Set when abandoned before the handler read `signal`: the signal is then born aborted. */
  #abortReason: unknown;

  constructor(
    host: InboundHost,
    id: JsonRpcId,
    method: string,
    progressToken: ProgressToken | undefined,
    batch: BatchReply | undefined,
  ) {
    super();
    this.#host = host;
    this.id = id;
    this.method = method;
    if (progressToken !== undefined) this.progressToken = progressToken;
    this.batch = batch;
  }

  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.#abortReason !== undefined) this.#controller.abort(this.#abortReason);
    }
    return this.#controller.signal;
  }

  /** The handler answered, failed, or was abandoned. */
  get settled(): boolean {
    return this.#settled;
  }

  next(event: InboundEvent): void {
    if (this.#settled) return;
    if (event.kind === 'progress') {
      if (this.progressToken !== undefined) this.#host.progress(this, event.params);
      return;
    }
    this.#finish();
    this.#host.respond(this, success(this.id, event.result));
  }

  error(error: unknown): void {
    if (this.#settled) return;
    this.#finish();
    this.#host.respond(this, failure(this.id, toRpcError(error).toJSON()));
  }

  complete(): void {
    if (this.#settled) return;
    this.#finish();
    this.#host.respond(
      this,
      failure(this.id, {
        code: ErrorCode.InternalError,
        message: `Internal error: the handler of ${this.method} completed without a result`,
      }),
    );
  }

  /**
   * Ends the handler without a response (the peer cancelled, or the connection closed):
   * unsubscribes it and aborts its signal with `reason`. The caller removes the table entry.
   */
  abandon(reason: unknown): void {
    if (this.#settled) return;
    this.#finish();
    this.#abortReason = reason;
    this.#controller?.abort(reason);
  }

  /** Settled: the handler's subscription (held: this is its subscriber) ends. */
  #finish(): void {
    this.#settled = true;
    this.unsubscribe();
  }
}
