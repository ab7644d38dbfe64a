/**
 * Collects the responses to one inbound JSON-RPC batch and sends them as ONE array once every
 * request of the batch has been answered (JSON-RPC 2.0 §6). Notifications and responses in a
 * batch produce nothing; a batch that produces nothing sends nothing.
 *
 * Answers that are known at once (invalid elements, unknown method) are `push`ed; a request
 * handed to a handler is `expect`ed and later `answer`ed, or `skip`ped when the peer cancelled
 * it. The batch holds back its reply until `seal()` says all elements have been dispatched.
 */
import type { JsonRpcResponse } from './jsonrpc.js';
export declare class BatchReply {
    #private;
    constructor(send: (responses: JsonRpcResponse[]) => void);
    /** An answer known right away. */
    push(response: JsonRpcResponse): void;
    /** A request was handed to a handler; its answer comes later. */
    expect(): void;
    /** The answer to an expected request. */
    answer(response: JsonRpcResponse): void;
    /** An expected request ends without an answer (the peer cancelled it). */
    skip(): void;
    /** Every element of the batch has been dispatched. */
    seal(): void;
}
