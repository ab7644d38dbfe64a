/**
 * One open `ws` WebSocket as a `Transport`, for both sides: each text (or binary UTF-8)
 * message is one JSON-RPC message or batch. Backpressure: past `maxBufferedBytes` of
 * `bufferedAmount` the socket is cut (`slow-reader`). Liveness: a ping every
 * `pingIntervalMs`; a peer that has not answered the previous ping by the next tick is
 * terminated (`error`).
 */
import { WebSocket } from 'ws';
import { type Logger } from '../../core/log/index.js';
import { type CloseReason } from '../../core/rpc/index.js';
import { BaseTransport } from '../base/index.js';
export interface WebSocketTransportOptions {
    /** Ping period in ms; 0 turns liveness checks off (default 30000). */
    pingIntervalMs?: number;
    /** Outgoing bytes the socket may hold before the peer counts as a slow reader (default 8 MiB). */
    maxBufferedBytes?: number;
    /**
     * Payloads kept raw from this length (core/rpc/wire.ts `decodeMessage`); the router's own
     * WebSocket transports pass `ROUTED_RAW_MIN_CHARS`. Default `RAW_MIN_CHARS`.
     */
    rawMinChars?: number;
    log?: Logger;
}
export declare class WebSocketTransport extends BaseTransport {
    #private;
    constructor(ws: WebSocket, options?: WebSocketTransportOptions);
    get bufferedBytes(): number;
    /** The subprotocol the handshake settled on. */
    get protocol(): string;
    send(message: unknown): void;
    close(): Promise<void>;
    protected onFinish(reason: CloseReason): void;
}
