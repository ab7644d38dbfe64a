/**
 * The transport contract (STYLE.md, principle 1): a transport moves framed JSON-RPC messages
 * and knows nothing about MCP methods, ids or sessions.
 *
 * - `messages$` emits every parsed JSON value read (an object, or an array for a batch) in
 *   order. Values are not validated: classification is `core/jsonrpc.ts`'s job.
 * - `errors$` emits framing problems (malformed JSON, oversized message) that the peer
 *   should hear about: the connection answers a `FrameError` with a JSON-RPC parse error.
 *   A transport never throws out of its read loop.
 * - `send(message, options)` queues one message. Writes honour backpressure (the transport
 *   waits for `drain` / `bufferedAmount`); past `maxBufferedBytes` the transport closes itself
 *   with reason `slow-reader` instead of growing memory. Sending on a closed transport is a
 *   quiet no-op (the closed$ event has already told everybody). A message JSON cannot
 *   represent (a cycle, nesting past the stack) throws from `send`, nothing is sent, so the
 *   sender can fail that request at once.
 * - What a transport reads passes a nesting bound (`maxJsonDepth`): a deeper message goes to
 *   `errors$` as `FrameError('too-deep')` with its id, never to `messages$`.
 * - `close()` ends the transport; `closed$` emits once (with the reason) and completes. Both
 *   observables complete when the transport is closed.
 */
import type { Observable } from 'rxjs';
import type { JsonRpcId } from './jsonrpc.js';

export interface SendOptions {
  /**
   * The inbound request this message belongs to (a response, or a progress notification or
   * server-to-client request caused by it). Transports with several streams (Streamable HTTP)
   * use it to pick the stream; others ignore it.
   */
  relatedRequestId?: JsonRpcId;
}

export type CloseReason =
  | { kind: 'local' }
  | { kind: 'remote' }
  | { kind: 'error'; error: Error }
  | { kind: 'slow-reader'; bufferedBytes: number }
  | { kind: 'exit'; code: number | null; signal: string | null };

export class FrameError extends Error {
  /**
   * `parse`: not JSON; `too-large`: over the maximum message size; `too-deep`: nested past the
   * maximum depth (`id` and `response` then say which message it was, when it had an id).
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
  constructor(
    kind: 'parse' | 'too-large' | 'too-deep',
    message: string,
    excerpt: { head?: string; tail?: string; id?: JsonRpcId; response?: boolean } = {},
  ) {
    super(message);
    this.name = 'FrameError';
    this.kind = kind;
    this.head = excerpt.head;
    this.tail = excerpt.tail;
    this.id = excerpt.id;
    this.response = excerpt.response ?? false;
  }
}

export interface Transport {
  readonly messages$: Observable<unknown>;
  readonly errors$: Observable<FrameError>;
  readonly closed$: Observable<CloseReason>;
  send(message: unknown, options?: SendOptions): void;
  close(): Promise<void>;
  /** Bytes queued but not yet handed to the OS; 0 for transports without a buffer. */
  readonly bufferedBytes: number;
  /**
   * OPTIONAL (server transports with several HTTP responses per session, Streamable HTTP): the
   * client dropped the HTTP response that was to carry these inbound requests' responses. A
   * hint, not a cancellation (the client may resume the stream): the upper layer decides
   * whether to cancel upstream work. Completes when the transport closes.
   */
  readonly disconnects$?: Observable<{ requestIds: JsonRpcId[] }>;
  /**
   * OPTIONAL (with `disconnects$`): the client reconnected to the stream carrying these inbound
   * requests (Streamable HTTP: GET with `Last-Event-ID`), so their responses can reach it again.
   * Completes when the transport closes.
   */
  readonly resumes$?: Observable<{ requestIds: JsonRpcId[] }>;
  /**
   * OPTIONAL (server transports with a stream per request, Streamable HTTP): the inbound
   * request `requestId` ends without a response (the peer cancelled it). The transport may end
   * the stream that waited for it, so the client's HTTP request does not stay open.
   */
  unanswered?(requestId: JsonRpcId): void;
  /**
   * OPTIONAL (client transports with one exchange per request, Streamable HTTP): the upper
   * layer no longer waits for the response to this outbound request (it timed out or was
   * cancelled; `notifications/cancelled` has been sent where allowed). The transport may end
   * the exchange carrying it, so an unanswered request does not hold a connection.
   */
  abandon?(requestId: JsonRpcId): void;
  /**
   * OPTIONAL (HTTP client transports): the protocol version negotiated by the upper layer, sent
   * as the `MCP-Protocol-Version` header on every later HTTP request.
   */
  setProtocolVersion?(version: string): void;
  /**
   * OPTIONAL (server transports that authenticate their peer, HTTP with bearer tokens): who the
   * peer is, as an opaque string (a digest of its token). Undefined: nobody is authenticated.
   */
  readonly principal?: string | undefined;
}

/** A listening server transport: each accepted client session is one `Transport`. */
export interface TransportServer {
  readonly connections$: Observable<Transport>;
  close(): Promise<void>;
}
