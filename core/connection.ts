/**
 * A JSON-RPC peer over one transport (the vscode-jsonrpc split: the transport moves frames,
 * the connection owns ids, progress, cancellation and handlers).
 *
 * CONTRACT (implementation pending — see the helper task):
 * - Outbound: `request$(method, params, options)` is cold. Subscribing allocates an id and
 *   sends; `notifications/progress` for it are emitted as `{ kind: 'progress' }` values; the
 *   result is emitted as `{ kind: 'result' }` and completes; a JSON-RPC error response errors
 *   the Observable with an `RpcError`. With `progress: true` the request carries
 *   `params._meta.progressToken` equal to its id, so ONE in-flight map keyed by id serves both
 *   responses and progress. Unsubscribing (or `signal` aborting) before the result sends
 *   `notifications/cancelled` exactly once (never for `initialize`); a timeout does the same
 *   and errors with `LocalError('timeout' | 'max-total-timeout')`. Late responses and progress
 *   are dropped quietly. When the transport closes, every in-flight request errors at once
 *   with `LocalError('closed')`.
 * - Inbound: requests go to `handlers.request`, which returns an Observable of
 *   `InboundEvent`; progress values are sent as `notifications/progress` with the caller's
 *   token (dropped if the caller gave none); the result becomes the response; an error
 *   becomes a JSON-RPC error (`toRpcError`). An inbound `notifications/cancelled` unsubscribes
 *   the handler and no response is sent. Invalid messages get a JSON-RPC error (or a logged
 *   drop when no id can be read); frame errors get -32700 with id null. Never throws.
 */
import type { Observable, SchedulerLike } from 'rxjs';
import type { CloseReason, SendOptions, Transport } from '../transports/transport.js';
import type { JsonObject, JsonRpcId, JsonRpcNotification, JsonRpcRequest } from './jsonrpc.js';
import type { Logger } from './log.js';

export type ProgressToken = string | number;

export interface RequestOptions {
  /** Idle timeout in ms; re-armed by each progress notification (unless resetTimeoutOnProgress is false). */
  timeout?: number;
  resetTimeoutOnProgress?: boolean;
  /** Total time limit in ms, enforced whether or not progress arrives. */
  maxTotalTimeout?: number;
  signal?: AbortSignal;
  /** Ask the peer for progress: sets `params._meta.progressToken` to the request id. */
  progress?: boolean;
  /** Transport hint: the inbound request this outbound request was caused by. */
  relatedRequestId?: JsonRpcId;
}

export type RequestEvent =
  | { kind: 'progress'; params: JsonObject }
  | { kind: 'result'; result: JsonObject };

/** What an inbound request handler emits: progress params (without token), then one result. */
export type InboundEvent = RequestEvent;

export interface InboundContext {
  /** The caller's progress token, if it asked for progress. */
  progressToken?: ProgressToken;
  /** Aborted when the caller cancels or the connection closes. */
  signal: AbortSignal;
}

export interface ConnectionHandlers {
  request?: (request: JsonRpcRequest, context: InboundContext) => Observable<InboundEvent>;
  notification?: (notification: JsonRpcNotification) => void;
}

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

export declare class Connection {
  constructor(transport: Transport, options?: ConnectionOptions);
  setHandlers(handlers: ConnectionHandlers): void;
  request$(method: string, params?: JsonObject, options?: RequestOptions): Observable<RequestEvent>;
  notify(method: string, params?: JsonObject, options?: SendOptions): void;
  readonly closed$: Observable<CloseReason>;
  readonly isClosed: boolean;
  stats(): ConnectionStats;
  close(): Promise<void>;
}
