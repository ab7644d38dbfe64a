/**
 * The WebSocket client (upstream side): connects on `start()` or on the first `send`, offering
 * only the `mcp` subprotocol (ws fails the handshake if the server picks none or another);
 * messages sent before the socket opens wait in order. Liveness and backpressure are those of
 * `WebSocketTransport`.
 */
import { WebSocket } from 'ws';
import { silentLogger } from '../../core/log/index.js';
import { BaseTransport } from '../base/index.js';
import { SUBPROTOCOL } from './websocketServer.js';
import { WebSocketTransport } from './websocketTransport.js';
export class WebSocketClientTransport extends BaseTransport {
    url;
    #options;
    #log;
    #queue = [];
    #socket;
    #inner;
    #started;
    constructor(url, options = {}) {
        super();
        this.url = new URL(url);
        this.#options = options;
        this.#log = options.log ?? silentLogger;
    }
    get bufferedBytes() {
        return this.#inner?.bufferedBytes ?? 0;
    }
    start() {
        this.#started ??= this.#connect();
        return this.#started;
    }
    send(message) {
        if (!this.isOpen)
            return;
        if (this.#inner) {
            this.#inner.send(message);
            return;
        }
        this.#queue.push(message);
        this.start().catch(() => { }); // a failed connect closes the transport with the error
    }
    async close() {
        this.finish({ kind: 'local' });
    }
    onFinish() {
        this.#queue.length = 0;
        if (this.#inner)
            void this.#inner.close();
        else
            this.#socket?.terminate();
    }
    #connect() {
        return new Promise((resolve, reject) => {
            if (!this.isOpen) {
                reject(new Error('the transport is closed'));
                return;
            }
            const ws = new WebSocket(this.url, [SUBPROTOCOL], {
                headers: this.#options.headers ?? {},
                maxPayload: this.#options.maxPayload ?? 64 * 1024 * 1024,
                handshakeTimeout: this.#options.connectTimeoutMs ?? 10_000,
                perMessageDeflate: false,
            });
            this.#socket = ws;
            const failed = (error) => {
                this.#log.warn('WebSocket connect failed', { url: this.url.href, error: error.message });
                this.finish({ kind: 'error', error });
                reject(error);
            };
            ws.once('error', failed);
            ws.once('open', () => {
                ws.off('error', failed);
                const inner = new WebSocketTransport(ws, {
                    log: this.#log,
                    ...(this.#options.pingIntervalMs === undefined
                        ? {}
                        : { pingIntervalMs: this.#options.pingIntervalMs }),
                    ...(this.#options.maxBufferedBytes === undefined
                        ? {}
                        : { maxBufferedBytes: this.#options.maxBufferedBytes }),
                    ...(this.#options.rawMinChars === undefined
                        ? {}
                        : { rawMinChars: this.#options.rawMinChars }),
                });
                this.#inner = inner;
                inner.messages$.subscribe((value) => this.emitMessage(value));
                inner.errors$.subscribe((error) => this.emitError(error));
                inner.closed$.subscribe((reason) => this.finish(reason));
                if (!this.isOpen) {
                    void inner.close();
                    reject(new Error('the transport is closed'));
                    return;
                }
                for (const message of this.#queue.splice(0))
                    inner.send(message);
                resolve();
            });
        });
    }
}
//# sourceMappingURL=websocketClient.js.map