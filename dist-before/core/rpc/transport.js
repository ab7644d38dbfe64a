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
export class FrameError extends Error {
    /**
     * `parse`: not JSON; `too-large`: over the maximum message size; `too-deep`: nested past the
     * maximum depth (`id` and `response` then say which message it was, when it had an id).
     * `parse` with `response` and `id`: an exchange transport (HTTP) got an answer to request
     * `id` that is not a JSON-RPC response to it (a 2xx body that is not JSON, or JSON that
     * answers nothing); the connection fails that request at once and answers nothing.
     */
    kind;
    id;
    response;
    /**
     * `too-large` only, where the framer kept them: the first and last bytes of the discarded
     * message (a few hundred each), so the connection can find the id of the response it was
     * and fail that request at once instead of letting it wait for its timeout.
     */
    head;
    tail;
    constructor(kind, message, excerpt = {}) {
        super(message);
        this.name = 'FrameError';
        this.kind = kind;
        this.head = excerpt.head;
        this.tail = excerpt.tail;
        this.id = excerpt.id;
        this.response = excerpt.response ?? false;
    }
}
// Structural, so a transport written outside mcp-mux qualifies by having the members.
export function hasStreams(transport) {
    const t = transport;
    return (t.disconnects$ !== undefined && t.resumes$ !== undefined && typeof t.unanswered === 'function');
}
export function hasExchanges(transport) {
    const t = transport;
    return typeof t.abandon === 'function' && typeof t.setProtocolVersion === 'function';
}
export function isBuffered(transport) {
    const t = transport;
    return typeof t.bufferedBytes === 'number';
}
//# sourceMappingURL=transport.js.map