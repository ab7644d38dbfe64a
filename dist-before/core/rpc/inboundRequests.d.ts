/**
 * The inbound side of a connection: requests the peer sent, handed to the request handler.
 *
 * One table keyed by the peer's id. An id that is already in flight gets -32600 for the
 * duplicate (the first keeps running). A `notifications/cancelled` naming an in-flight request
 * unsubscribes its handler, aborts its signal, and no response is sent. The entry leaves the
 * table before its response is sent, so the peer may reuse the id as soon as it has the answer.
 * Nothing here throws into the read loop: handler throws and unsendable results become errors.
 */
import { LocalError } from '../errors/index.js';
import type { Logger } from '../log/index.js';
import type { BatchReply } from './batchReply.js';
import { type InboundHost, InboundRequest } from './inboundRequest.js';
import { type JsonObject, type JsonRpcId, type JsonRpcRequest, type JsonRpcResponse } from './jsonrpc.js';
import type { Send } from './outboundRequests.js';
import type { ConnectionHandlers } from './types.js';
export declare class InboundRequests implements InboundHost {
    #private;
    /** `unanswered(id)`: a request ended without a response (the transport's `unanswered`). */
    constructor(send: Send, handlers: () => ConnectionHandlers, log: Logger, unanswered?: (id: JsonRpcId) => void);
    get size(): number;
    onRequest(message: JsonRpcRequest, batch: BatchReply | undefined): void;
    /** Cancels the request `params.requestId` names; false when none is in flight. */
    onCancelled(params: JsonObject | undefined): boolean;
    /** The connection closed: every handler is unsubscribed and its signal aborted, no responses. */
    close(reason: LocalError): void;
    /**
     * An answer known at once, not from a handler. `related`: the request an id-less error
     * answers (a refused batch: its first request), so multi-stream transports reply on the
     * stream that carried it.
     */
    answer(response: JsonRpcResponse, batch: BatchReply | undefined, related?: JsonRpcId): void;
    progress(entry: InboundRequest, params: JsonObject): void;
    respond(entry: InboundRequest, response: JsonRpcResponse): void;
}
