/**
 * The types a connection shares with its request tables: request options, the events a
 * request emits, the inbound context, the handlers. Kept apart from `connection.ts` so the
 * tables depend on them without depending on the connection (no import cycle).
 */
import type { Observable } from 'rxjs';
import type { JsonObject, JsonRpcId, JsonRpcNotification, JsonRpcRequest } from './jsonrpc.js';
export type ProgressToken = string | number;
export interface RequestOptions {
    /** Idle timeout in ms; re-armed by each progress notification (unless resetTimeoutOnProgress is false). */
    timeout?: number | undefined;
    resetTimeoutOnProgress?: boolean;
    /** Total time limit in ms, enforced whether or not progress arrives. */
    maxTotalTimeout?: number | undefined;
    signal?: AbortSignal;
    /** Ask the peer for progress: sets `params._meta.progressToken` to the request id. */
    progress?: boolean;
    /** Transport hint: the inbound request this outbound request was caused by. */
    relatedRequestId?: JsonRpcId;
    /** Transport hint: HTTP headers for this request only (`SendOptions.headers`). */
    headers?: Readonly<Record<string, string>>;
    /**
     * Called once the request has been sent, with the id it was given (also its progress token
     * when `progress` is set): lets a caller's in-flight record name the request on the wire.
     */
    onSent?: (id: number) => void;
    /**
     * The result may stay raw (`RawJson` in place of `result`, core/rpc/envelopeScan.ts): for
     * callers that pass it on without looking inside (the router's forwarding). Otherwise a raw
     * result is parsed before it is emitted.
     */
    rawResult?: boolean;
}
export type RequestEvent = {
    kind: 'progress';
    params: JsonObject;
} | {
    kind: 'result';
    result: JsonObject;
};
/** What an inbound request handler emits: progress params (without token), then one result. */
export type InboundEvent = RequestEvent;
export interface InboundContext {
    /** The caller's request id (routing of the server-to-client requests it causes). */
    readonly id?: JsonRpcId;
    /** The caller's progress token, if it asked for progress. */
    progressToken?: ProgressToken;
    /** Aborted when the caller cancels or the connection closes. */
    signal: AbortSignal;
}
export interface ConnectionHandlers {
    request?: (request: JsonRpcRequest, context: InboundContext) => Observable<InboundEvent>;
    notification?: (notification: JsonRpcNotification) => void;
}
