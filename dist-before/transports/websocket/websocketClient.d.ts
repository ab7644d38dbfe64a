import { type Logger } from '../../core/log/index.js';
import { BaseTransport } from '../base/index.js';
export interface WebSocketClientOptions {
    /** Extra handshake headers (values already substituted by the config). */
    headers?: Record<string, string>;
    /** Ping period in ms; 0 turns liveness checks off (default 30000). */
    pingIntervalMs?: number;
    /** Largest incoming message in bytes (default 64 MiB). */
    maxPayload?: number;
    /** Outgoing bytes the socket may hold before the server counts as a slow reader. */
    maxBufferedBytes?: number;
    /** Handshake time limit in ms (default 10000). */
    connectTimeoutMs?: number;
    /** Payloads kept raw from this length (`WebSocketTransportOptions.rawMinChars`). */
    rawMinChars?: number;
    log?: Logger;
}
export declare class WebSocketClientTransport extends BaseTransport {
    #private;
    readonly url: URL;
    constructor(url: string | URL, options?: WebSocketClientOptions);
    get bufferedBytes(): number;
    start(): Promise<void>;
    send(message: unknown): void;
    close(): Promise<void>;
    protected onFinish(): void;
}
