/**
 * The legacy HTTP+SSE client (2024-11-05): GET the SSE URL, wait for the `endpoint` event,
 * resolve it against the SSE URL (same origin only: a server must not redirect our messages
 * elsewhere), then POST each message there; replies arrive as `message` events. POSTs are
 * sent one after another, so the server sees messages in order. The transport ends when the
 * stream ends. Requests go through `node:http(s)` with a keep-alive agent this transport owns.
 */
import { type Logger } from '../../core/log/index.js';
import { type SendOptions } from '../../core/rpc/index.js';
import { BaseTransport } from '../base/index.js';
export interface SseClientOptions {
    /** Extra headers on every request (values already substituted by the config). */
    headers?: Record<string, string>;
    /** Connections kept to the server at most (default 64). */
    maxSockets?: number;
    /** Largest SSE event accepted, in characters (default 64 MiB). */
    maxMessageBytes?: number;
    /**
     * Payloads kept raw from this length (core/rpc/wire.ts `decodeMessage`); the router passes
     * `ROUTED_RAW_MIN_CHARS`. Default `RAW_MIN_CHARS`.
     */
    rawMinChars?: number;
    log?: Logger;
}
export declare class SseClientTransport extends BaseTransport {
    #private;
    readonly url: URL;
    constructor(url: string | URL, options?: SseClientOptions);
    /** Opens the stream and resolves once the `endpoint` event arrived. */
    start(): Promise<void>;
    /** `relatedRequestId` is meaningless client-side: every POST is its own stream. */
    send(message: unknown, _options?: SendOptions): void;
    close(): Promise<void>;
    protected onFinish(): void;
}
