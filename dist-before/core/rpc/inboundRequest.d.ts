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
import { SourceHolder } from '../operators/index.js';
import type { BatchReply } from './batchReply.js';
import { type JsonObject, type JsonRpcId, type JsonRpcResponse } from './jsonrpc.js';
import type { InboundContext, InboundEvent, ProgressToken } from './types.js';
/** What the connection does for its inbound requests. */
export interface InboundHost {
    /** Send `notifications/progress` for `request` (only called when it has a progress token). */
    progress(request: InboundRequest, params: JsonObject): void;
    /** The handler settled: remove `request` from the table and send (or batch) `response`. */
    respond(request: InboundRequest, response: JsonRpcResponse): void;
}
export declare class InboundRequest extends SourceHolder implements InboundContext, Observer<InboundEvent> {
    #private;
    readonly id: JsonRpcId;
    readonly method: string;
    readonly progressToken?: ProgressToken;
    /** The batch this request came in, whose single reply carries its response. */
    readonly batch: BatchReply | undefined;
    constructor(host: InboundHost, id: JsonRpcId, method: string, progressToken: ProgressToken | undefined, batch: BatchReply | undefined);
    get signal(): AbortSignal;
    /** The handler answered, failed, or was abandoned. */
    get settled(): boolean;
    next(event: InboundEvent): void;
    error(error: unknown): void;
    complete(): void;
    /**
     * Ends the handler without a response (the peer cancelled, or the connection closed):
     * unsubscribes it and aborts its signal with `reason`. The caller removes the table entry.
     */
    abandon(reason: unknown): void;
}
