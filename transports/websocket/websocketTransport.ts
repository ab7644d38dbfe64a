/**
 * One open `ws` WebSocket as a `Transport`, for both sides: each text (or binary UTF-8)
 * message is one JSON-RPC message or batch. Backpressure: past `maxBufferedBytes` of
 * `bufferedAmount` the socket is cut (`slow-reader`). Liveness: a ping every
 * `pingIntervalMs`; a peer that has not answered the previous ping by the next tick is
 * terminated (`error`).
 */
import { createRequire } from 'node:module';
import type * as Ws from 'ws';
import type { RawData, WebSocket } from 'ws';
import { type Logger, silentLogger } from '../../core/log/index.js';
import { type CloseReason, FrameError, stringifyMessage } from '../../core/rpc/index.js';
import { BaseTransport } from '../base/index.js';

/**
 * `ws`, loaded with the first WebSocket upstream or listener (CommonJS, so synchronously): a
 * router without either never pays its start-up.
 */
let ws: typeof Ws | undefined;
/** `readyState` of an open socket (`WebSocket.OPEN`, the same in every implementation). */
const OPEN = 1;
export const loadWs = (): typeof Ws => {
  ws ??= createRequire(import.meta.url)('ws') as typeof Ws;
  return ws;
};

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

/** A message's bytes as one Buffer (`ws` hands fragments as an array, some as ArrayBuffer). */
const bytesOf = (data: RawData): Buffer =>
  Array.isArray(data)
    ? Buffer.concat(data)
    : Buffer.isBuffer(data)
      ? data
      : Buffer.from(data as ArrayBuffer);

export class WebSocketTransport extends BaseTransport {
  readonly #ws: WebSocket;
  readonly #maxBufferedBytes: number;
  readonly #log: Logger;
  #timer: NodeJS.Timeout | undefined;
  #awaitingPong = false;

  constructor(ws: WebSocket, options: WebSocketTransportOptions = {}) {
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
    ws.on('error', (error: Error & { code?: string }) => {
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

  override get bufferedBytes(): number {
    return this.#ws.bufferedAmount;
  }

  /** The subprotocol the handshake settled on. */
  get protocol(): string {
    return this.#ws.protocol;
  }

  send(message: unknown): void {
    if (!this.isOpen || this.#ws.readyState !== OPEN) return;
    this.#ws.send(stringifyMessage(message));
    const buffered = this.#ws.bufferedAmount;
    if (buffered > this.#maxBufferedBytes) {
      this.#log.warn('closing a slow WebSocket reader', { buffered });
      this.finish({ kind: 'slow-reader', bufferedBytes: buffered });
    }
  }

  async close(): Promise<void> {
    this.finish({ kind: 'local' });
  }

  protected override onFinish(reason: CloseReason): void {
    clearInterval(this.#timer);
    if (reason.kind === 'local' && this.#ws.readyState === OPEN) {
      this.#ws.close(1000);
      // A peer that never completes the closing handshake is cut after a grace period.
      setTimeout(() => this.#ws.terminate(), 2000).unref();
    } else if (reason.kind !== 'remote') this.#ws.terminate();
  }

  #ping(): void {
    if (this.#awaitingPong) {
      this.#log.warn('WebSocket peer missed a pong: terminating');
      this.finish({ kind: 'error', error: new Error('ping timeout: the peer did not answer') });
      return;
    }
    this.#awaitingPong = true;
    this.#ws.ping();
  }
}
