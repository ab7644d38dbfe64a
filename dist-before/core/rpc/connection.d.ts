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
import { type Observable, type SchedulerLike } from 'rxjs';
import { type Logger } from '../log/index.js';
import { type JsonObject, type JsonRpcId } from './jsonrpc.js';
import { type CloseReason, type SendOptions, type Transport } from './transport.js';
import type { ConnectionHandlers, RequestEvent, RequestOptions } from './types.js';
export type { ConnectionHandlers, InboundContext, InboundEvent, ProgressToken, RequestEvent, RequestOptions, } from './types.js';
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
    #private;
    readonly closed$: Observable<CloseReason>;
    /** The transport's session id when it keeps one (Streamable HTTP: `Mcp-Session-Id`). */
    get sessionId(): string | undefined;
    constructor(transport: Transport, options?: ConnectionOptions);
    get isClosed(): boolean;
    setHandlers(handlers: ConnectionHandlers): void;
    request$(method: string, params?: JsonObject, options?: RequestOptions): Observable<RequestEvent>;
    notify(method: string, params?: JsonObject, options?: SendOptions): void;
    /**
     * Cancels an inbound request as if the peer had sent `notifications/cancelled` for it (its
     * handler is unsubscribed, its signal aborted, no response is sent). Used when the client
     * can no longer receive the answer (its HTTP response is gone). False when none is in flight.
     */
    cancelInbound(id: JsonRpcId, reason: string): boolean;
    /** Tells an HTTP transport the negotiated version (sent as `MCP-Protocol-Version`). */
    setProtocolVersion(version: string): void;
    /** Sizes of the in-flight tables (leak tests expect 0 once everything has settled). */
    stats(): ConnectionStats;
    /** Fails everything in flight at once, then closes the transport. */
    close(): Promise<void>;
}
