/**
 * Backwards-compatible HTTP upstream (spec 2025-03-26/2025-11-25, "Backwards
 * Compatibility"): the first message is POSTed as Streamable HTTP; if that POST fails with
 * 400, 404 or 405 the same URL is opened as a legacy HTTP+SSE stream and the first message is
 * sent again there. Messages sent while the mode is unknown wait in order, so the transport
 * is usable from construction on.
 *
 * Modern POSTs (2026-07-28, basic/transports/streamable-http "Backward Compatibility"): a
 * message sent with per-message `headers` (the request-metadata headers of a modern request:
 * the era probe) is never the HTTP+SSE probe. While the mode is unknown it goes out on a
 * Streamable HTTP transport of its own, whose answer (a result, a modern error in a 400, or
 * an error answered locally) reaches the upper layer as any response; a 2xx settles the mode
 * as `streamable`, anything else leaves it unknown so that the upper layer's `initialize`
 * (sent without headers) probes as above. So the HTTP+SSE fallback only ever follows a failed
 * `initialize`, never a modern answer.
 */
import type { JsonRpcId } from '../../core/rpc/index.js';
import { type ExchangeClientTransport, type SendOptions } from '../../core/rpc/index.js';
import { BaseTransport } from '../base/index.js';
import { type SseClientOptions } from './sseClient.js';
import { type StreamableHttpClientOptions } from './streamableHttpClient.js';
export type HttpUpstreamOptions = Omit<StreamableHttpClientOptions, 'probe'> & SseClientOptions;
export type HttpUpstreamMode = 'unknown' | 'probing' | 'streamable' | 'sse';
export declare class HttpUpstreamTransport extends BaseTransport implements ExchangeClientTransport {
    #private;
    readonly url: URL;
    constructor(url: string | URL, options?: HttpUpstreamOptions);
    /** Which transport the upstream turned out to speak. */
    get mode(): HttpUpstreamMode;
    /** The Streamable HTTP session id (`Mcp-Session-Id`), once the upstream gave one. */
    get sessionId(): string | undefined;
    get bufferedBytes(): number;
    /** Nothing to do before the first message (the probe needs it). */
    start(): Promise<void>;
    setProtocolVersion(version: string): void;
    send(message: unknown, options?: SendOptions): void;
    abandon(requestId: JsonRpcId): void;
    close(): Promise<void>;
}
/** A transport for an HTTP upstream of either kind; the first message decides which. */
export declare function connectHttpUpstream(url: string | URL, options?: HttpUpstreamOptions): HttpUpstreamTransport;
