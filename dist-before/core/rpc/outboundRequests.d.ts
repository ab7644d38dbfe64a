/**
 * The outbound side of a connection: the requests this peer sends and waits for.
 *
 * `request$` is cold: each subscription allocates the next integer id (a per-connection
 * counter that starts at 0, so id 0 is exercised from the first request) and makes ONE
 * `Exchange` (exchange.ts: the table entry and the lifecycle's configuration), then subscribes
 * the request's exchange — register its entry, send — through `requestLifecycle`
 * (core/operators/): its timeout, abort signal and cancellation. The requests of a connection
 * share one deadline FIFO (`Deadlines`), so most of them schedule no timer of their own.
 *
 * The entry lives in ONE table keyed by id; a request with `progress: true` uses its id as its
 * progress token, so responses and progress find it the same way. The entry leaves the table
 * when the response arrives, when the request is abandoned (unsubscribe, abort, timeout: then
 * `notifications/cancelled` goes out, never for `initialize`), or when the connection closes.
 */
import { Observable, type SchedulerLike } from 'rxjs';
import { LocalError } from '../errors/index.js';
import type { Logger } from '../log/index.js';
import { type JsonObject, type JsonRpcId, type JsonRpcResponse } from './jsonrpc.js';
import type { CloseReason, SendOptions } from './transport.js';
import type { RequestEvent, RequestOptions } from './types.js';
export type Send = (message: unknown, options: SendOptions | undefined) => void;
export declare function closedError(reason: CloseReason, method: string, id?: number): LocalError;
export declare class OutboundRequests {
    #private;
    /** `release(id)`: the transport may end the exchange of an abandoned request (`abandon`). */
    constructor(send: Send, scheduler: SchedulerLike, log: Logger, release?: (id: number) => void);
    get size(): number;
    request$(method: string, params?: JsonObject, options?: RequestOptions): Observable<RequestEvent>;
    onResponse(response: JsonRpcResponse): void;
    /**
     * The response to request `id` could not be read (too large, nested too deep): the request
     * fails now; `reason` names the limit.
     */
    onUnreadableResponse(id: number, reason: string): void;
    /**
     * The peer answered request `id` with something that is not a valid response (`reason`: what
     * was wrong, e.g. "result must be an object"): the request fails now with
     * `LocalError('invalid-response')` instead of waiting for its timeout. Nothing is sent: the
     * peer did answer. False when no request `id` is in flight.
     */
    onInvalidResponse(id: JsonRpcId, reason: string): boolean;
    /** `notifications/progress` params, as received: emitted as they are. */
    onProgress(params: JsonObject | undefined): void;
    /** Fails every request in flight with `LocalError('closed')`; later requests fail at once. */
    close(reason: CloseReason): void;
}
