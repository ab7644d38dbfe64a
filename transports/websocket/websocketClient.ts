/**
 * The WebSocket client (upstream side): connects on `start()` or on the first `send`, offering
 * only the `mcp` subprotocol (ws fails the handshake if the server picks none or another);
 * messages sent before the socket opens wait in order. Liveness and backpressure are those of
 * `WebSocketTransport`.
 */
import type { WebSocket } from 'ws';
import { type Logger, silentLogger } from '../../core/log/index.js';
import { BaseTransport } from '../base/index.js';
import { SUBPROTOCOL } from './websocketServer.js';
import { loadWs, WebSocketTransport } from './websocketTransport.js';

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

export class WebSocketClientTransport extends BaseTransport {
  readonly url: URL;
  readonly #options: WebSocketClientOptions;
  readonly #log: Logger;
  readonly #queue: unknown[] = [];
  #socket: WebSocket | undefined;
  #inner: WebSocketTransport | undefined;
  #started: Promise<void> | undefined;

  constructor(url: string | URL, options: WebSocketClientOptions = {}) {
    super();
    this.url = new URL(url);
    this.#options = options;
    this.#log = options.log ?? silentLogger;
  }

  override get bufferedBytes(): number {
    return this.#inner?.bufferedBytes ?? 0;
  }

  start(): Promise<void> {
    this.#started ??= this.#connect();
    return this.#started;
  }

  send(message: unknown): void {
    if (!this.isOpen) return;
    if (this.#inner) {
      this.#inner.send(message);
      return;
    }
    this.#queue.push(message);
    this.start().catch(() => {}); // a failed connect closes the transport with the error
  }

  async close(): Promise<void> {
    this.finish({ kind: 'local' });
  }

  protected override onFinish(): void {
    this.#queue.length = 0;
    if (this.#inner) void this.#inner.close();
    else this.#socket?.terminate();
  }

  #connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      if (!this.isOpen) {
        reject(new Error('the transport is closed'));
        return;
      }
      const ws = new (loadWs().WebSocket)(this.url, [SUBPROTOCOL], {
        headers: this.#options.headers ?? {},
        maxPayload: this.#options.maxPayload ?? 64 * 1024 * 1024,
        handshakeTimeout: this.#options.connectTimeoutMs ?? 10_000,
        perMessageDeflate: false,
      });
      this.#socket = ws;
      const failed = (error: Error): void => {
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
        for (const message of this.#queue.splice(0)) inner.send(message);
        resolve();
      });
    });
  }
}
