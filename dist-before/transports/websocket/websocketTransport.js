/**
 * One open `ws` WebSocket as a `Transport`, for both sides: each text (or binary UTF-8)
 * message is one JSON-RPC message or batch. Backpressure: past `maxBufferedBytes` of
 * `bufferedAmount` the socket is cut (`slow-reader`). Liveness: a ping every
 * `pingIntervalMs`; a peer that has not answered the previous ping by the next tick is
 * terminated (`error`).
 */
import { WebSocket } from 'ws';
import { silentLogger } from '../../core/log/index.js';
import { FrameError, stringifyMessage } from '../../core/rpc/index.js';
import { BaseTransport } from '../base/index.js';
/** A message's bytes as one Buffer (`ws` hands fragments as an array, some as ArrayBuffer). */
const bytesOf = (data) => Array.isArray(data)
    ? Buffer.concat(data)
    : Buffer.isBuffer(data)
        ? data
        : Buffer.from(data);
export class WebSocketTransport extends BaseTransport {
    #ws;
    #maxBufferedBytes;
    #log;
    #timer;
    #awaitingPong = false;
    constructor(ws, options = {}) {
        super();
        this.#ws = ws;
        this.#maxBufferedBytes = options.maxBufferedBytes ?? 8 * 1024 * 1024;
        this.#log = options.log ?? silentLogger;
        const { rawMinChars } = options;
        ws.on('message', (data) => {
            const bytes = bytesOf(data);
            this.emitText(bytes.toString('utf8'), bytes, rawMinChars);
        });
        ws.on('pong', () => {
            this.#awaitingPong = false;
        });
        ws.on('error', (error) => {
            if (error.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') {
                this.emitError(new FrameError('too-large', 'Message too large'));
            }
            this.finish({ kind: 'error', error });
        });
        ws.on('close', () => this.finish({ kind: 'remote' }));
        const interval = options.pingIntervalMs ?? 30_000;
        if (interval > 0) {
            this.#timer = setInterval(() => this.#ping(), interval);
            this.#timer.unref();
        }
    }
    get bufferedBytes() {
        return this.#ws.bufferedAmount;
    }
    /** The subprotocol the handshake settled on. */
    get protocol() {
        return this.#ws.protocol;
    }
    send(message) {
        if (!this.isOpen || this.#ws.readyState !== WebSocket.OPEN)
            return;
        this.#ws.send(stringifyMessage(message));
        const buffered = this.#ws.bufferedAmount;
        if (buffered > this.#maxBufferedBytes) {
            this.#log.warn('closing a slow WebSocket reader', { buffered });
            this.finish({ kind: 'slow-reader', bufferedBytes: buffered });
        }
    }
    async close() {
        this.finish({ kind: 'local' });
    }
    onFinish(reason) {
        clearInterval(this.#timer);
        if (reason.kind === 'local' && this.#ws.readyState === WebSocket.OPEN) {
            this.#ws.close(1000);
            // A peer that never completes the closing handshake is cut after a grace period.
            setTimeout(() => this.#ws.terminate(), 2000).unref();
        }
        else if (reason.kind !== 'remote')
            this.#ws.terminate();
    }
    #ping() {
        if (this.#awaitingPong) {
            this.#log.warn('WebSocket peer missed a pong: terminating');
            this.finish({ kind: 'error', error: new Error('ping timeout: the peer did not answer') });
            return;
        }
        this.#awaitingPong = true;
        this.#ws.ping();
    }
}
//# sourceMappingURL=websocketTransport.js.map