/**
 * The Streamable HTTP client (upstream side). Each message is one POST; responses come as one
 * JSON body or an SSE stream. The first POST's `Mcp-Session-Id` is sent on every later request,
 * and so is `MCP-Protocol-Version` once the upper layer calls `setProtocolVersion`. Once a
 * session exists a GET stream carries server-initiated messages (405: none). A dropped SSE
 * stream is resumed with `Last-Event-ID` after the server's `retry` delay, a bounded number of
 * times. `close()` sends DELETE.
 *
 * Order: until the first response arrives, and for every notification or response, the next
 * POST waits for this one's headers, so `initialize` gets its session before anything else and
 * notifications reach the server in order; requests after that run concurrently.
 *
 * Failures: 404 on a request carrying a session id means the session expired, and 401/403 that
 * access is refused: the transport closes with an error (the supervisor reconnects). Any other
 * failure of a POST (an HTTP error without a JSON-RPC body, a stream lost beyond resumption)
 * is answered locally with a JSON-RPC error response for each request it carried, so callers
 * fail at once instead of waiting for their timeout. A 2xx answer that carries no response to
 * a request (a body that is not JSON, JSON that is not its JSON-RPC response, another content
 * type) fails that request at once as an invalid response (`FrameError('parse')` with its
 * `id` and `response`): the server answered, so it is not reported unavailable.
 *
 * Requests go through `node:http(s)` with a keep-alive agent this transport owns (see
 * `httpRequest.ts`), destroyed when the transport ends.
 *
 * Exchanges: each POST (with the GET that resumes its stream) is one exchange with its own
 * AbortController, so no signal collects a listener per request. `abandon(id)` (the upper
 * layer stopped waiting: timeout, cancel) ends the exchange once none of its requests is still
 * awaited: the request and its response stream are destroyed and the socket leaves the pool.
 * Without that, every timed-out call to a hanging server would hold one of `maxSockets`
 * connections until the server answered, and once all were held every later call, pings
 * included, would wait for one.
 */
import type { JsonRpcId } from '../../core/rpc/index.js';
import { type ExchangeClientTransport, type SendOptions } from '../../core/rpc/index.js';
import { BaseTransport } from '../base/index.js';
import { type StreamableHttpClientOptions } from './streamableHttpClientOptions.js';
export type { StreamableHttpClientOptions } from './streamableHttpClientOptions.js';
export declare class StreamableHttpClientTransport extends BaseTransport implements ExchangeClientTransport {
    #private;
    readonly url: URL;
    constructor(url: string | URL, options?: StreamableHttpClientOptions);
    get sessionId(): string | undefined;
    /** Nothing to connect ahead of the first message: HTTP is request-driven. */
    start(): Promise<void>;
    setProtocolVersion(version: string): void;
    /**
     * `relatedRequestId` is meaningless client-side: every POST is its own stream.
     * `headers` go on this message's POST (over the transport's own).
     */
    send(message: unknown, options?: SendOptions): void;
    close(): Promise<void>;
    /**
     * The upper layer no longer waits for the response to request `id` (it timed out or was
     * cancelled): its exchange ends once it carries no other awaited request.
     */
    abandon(id: JsonRpcId): void;
    /** Exchanges in progress (for tests and stats). */
    get openExchanges(): number;
    protected onFinish(): void;
}
