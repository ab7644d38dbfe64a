/**
 * The transport contract (STYLE.md, principle 1): a transport moves framed JSON-RPC messages
 * and knows nothing about MCP methods, ids or sessions. The base `Transport` is all the
 * connection above needs; what only some transports can do is a sub-interface with a guard,
 * so readers ask `hasStreams(t)` instead of probing optional members.
 *
 * `Transport` (every transport):
 * - `messages$` emits every parsed JSON value read (an object, or an array for a batch) in
 *   order. Values are not validated: classification is `jsonrpc.ts`'s job. What is read
 *   passes a nesting bound (`maxJsonDepth`): a deeper message goes to `errors$` as
 *   `FrameError('too-deep')` with its id, never to `messages$`.
 * - `errors$` emits framing problems (malformed JSON, oversized message) that the peer
 *   should hear about: the connection answers a `FrameError` with a JSON-RPC parse error.
 *   A transport never throws out of its read loop.
 * - `closed$` emits once, with the reason, and completes; `messages$` and `errors$` complete
 *   with it.
 * - `send(message, options)` queues one message. Writes honour backpressure (the transport
 *   waits for `drain` / `bufferedAmount`); past its `maxBufferedBytes` the transport closes
 *   itself with reason `slow-reader` instead of growing memory. Sending on a closed transport
 *   is a quiet no-op (`closed$` has already told everybody). A message JSON cannot represent
 *   (a cycle, nesting past the stack) throws from `send`, nothing is sent, so the sender can
 *   fail that request at once.
 * - `close()` ends the transport (`closed$` says `local`); resolves once its resources are
 *   released. Idempotent.
 * - `principal`: who the peer is, as the listener's authentication established it (a bearer
 *   token or JWT, transports/http/protection.ts); undefined when nobody is authenticated
 *   (stdio, client transports, a listener without auth). Set before the transport is handed
 *   out and never changed. The one member the upper layer reads for who is asking: the
 *   access policy reads the whole `Principal`; `requestState` binding and per-principal
 *   limits read its `id` (the listeners bind sessions to the same id).
 *
 * Sub-interfaces:
 * - `StreamedServerTransport` (`hasStreams`): a server session whose messages travel on
 *   several HTTP responses (Streamable HTTP): `disconnects$`, `resumes$`, `unanswered`.
 * - `ExchangeClientTransport` (`hasExchanges`): a client with one HTTP exchange per request
 *   (Streamable HTTP, the HTTP upstream that probes for it): `abandon`, `setProtocolVersion`.
 * - `BufferedTransport` (`isBuffered`): `bufferedBytes`. Not in the base because no upper
 *   layer decides on it: the slow-reader cut-off is the transport's own (`send` above), and
 *   `CloseReason` carries the count. Every built-in transport has it (transports/
 *   baseTransport.ts), for stats and tests.
 */
import type { Observable } from 'rxjs';
import type { Principal } from '../auth/index.js';
import type { JsonRpcId } from './jsonrpc.js';
export interface SendOptions {
    /**
     * The inbound request this message belongs to (a response, or a progress notification or
     * server-to-client request caused by it). Transports with several streams (Streamable HTTP)
     * use it to pick the stream; others ignore it.
     */
    relatedRequestId?: JsonRpcId;
    /**
     * HTTP headers for this one message (the 2026-07-28 request-metadata headers: values the
     * upper layer mirrored from the body). HTTP client transports add them to the message's
     * request; others ignore them.
     */
    headers?: Readonly<Record<string, string>>;
}
export type CloseReason = {
    kind: 'local';
} | {
    kind: 'remote';
} | {
    kind: 'error';
    error: Error;
} | {
    kind: 'slow-reader';
    bufferedBytes: number;
} | {
    kind: 'exit';
    code: number | null;
    signal: string | null;
};
export declare class FrameError extends Error {
    /**
     * `parse`: not JSON; `too-large`: over the maximum message size; `too-deep`: nested past the
     * maximum depth (`id` and `response` then say which message it was, when it had an id).
     * `parse` with `response` and `id`: an exchange transport (HTTP) got an answer to request
     * `id` that is not a JSON-RPC response to it (a 2xx body that is not JSON, or JSON that
     * answers nothing); the connection fails that request at once and answers nothing.
     */
    readonly kind: 'parse' | 'too-large' | 'too-deep';
    readonly id: JsonRpcId | undefined;
    readonly response: boolean;
    /**
     * `too-large` only, where the framer kept them: the first and last bytes of the discarded
     * message (a few hundred each), so the connection can find the id of the response it was
     * and fail that request at once instead of letting it wait for its timeout.
     */
    readonly head: string | undefined;
    readonly tail: string | undefined;
    constructor(kind: 'parse' | 'too-large' | 'too-deep', message: string, excerpt?: {
        head?: string;
        tail?: string;
        id?: JsonRpcId;
        response?: boolean;
    });
}
export interface Transport {
    readonly messages$: Observable<unknown>;
    readonly errors$: Observable<FrameError>;
    readonly closed$: Observable<CloseReason>;
    send(message: unknown, options?: SendOptions): void;
    close(): Promise<void>;
    readonly principal: Principal | undefined;
    /**
     * The profile the peer asked for by its URL path (`/mcp/<name>`: `mcpMux.profiles`), set by
     * the listener before the transport is handed out; absent: none. A label the transport only
     * carries: the router decides what it means.
     */
    readonly profile?: string | undefined;
}
/**
 * A server session with several HTTP responses (Streamable HTTP): one per POST, plus the GET
 * stream. The upper layer learns when the client drops one, and tells the transport when a
 * request will get no response.
 */
export interface StreamedServerTransport extends Transport {
    /**
     * The client dropped the HTTP response that was to carry these inbound requests' responses.
     * A hint, not a cancellation (the client may resume the stream): the upper layer decides
     * whether to cancel upstream work. Completes when the transport closes.
     */
    readonly disconnects$: Observable<{
        requestIds: JsonRpcId[];
    }>;
    /**
     * The client reconnected to the stream carrying these inbound requests (GET with
     * `Last-Event-ID`), so their responses can reach it again. Completes when the transport closes.
     */
    readonly resumes$: Observable<{
        requestIds: JsonRpcId[];
    }>;
    /**
     * The inbound request `requestId` ends without a response (the peer cancelled it): the
     * transport may end the stream that waited for it, so the client's HTTP request does not
     * stay open.
     */
    unanswered(requestId: JsonRpcId): void;
}
/** A client with one HTTP exchange per request (Streamable HTTP). */
export interface ExchangeClientTransport extends Transport {
    /**
     * The upper layer no longer waits for the response to this outbound request (it timed out or
     * was cancelled; `notifications/cancelled` has been sent where allowed): the transport may
     * end the exchange carrying it, so an unanswered request does not hold a connection.
     */
    abandon(requestId: JsonRpcId): void;
    /**
     * The protocol version the upper layer negotiated, sent as the `MCP-Protocol-Version` header
     * on every later HTTP request.
     */
    setProtocolVersion(version: string): void;
}
/** A transport that can say how much it holds unsent (see the file comment). */
export interface BufferedTransport extends Transport {
    /** Bytes queued but not yet handed to the OS; 0 when nothing waits. */
    readonly bufferedBytes: number;
}
export declare function hasStreams(transport: Transport): transport is StreamedServerTransport;
export declare function hasExchanges(transport: Transport): transport is ExchangeClientTransport;
export declare function isBuffered(transport: Transport): transport is BufferedTransport;
/** A listening server transport: each accepted client session is one `Transport`. */
export interface TransportServer {
    readonly connections$: Observable<Transport>;
    close(): Promise<void>;
}
