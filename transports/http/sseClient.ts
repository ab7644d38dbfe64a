/**
 * The legacy HTTP+SSE client (2024-11-05): GET the SSE URL, wait for the `endpoint` event,
 * resolve it against the SSE URL (same origin only: a server must not redirect our messages
 * elsewhere), then POST each message there; replies arrive as `message` events. POSTs are
 * sent one after another, so the server sees messages in order. The transport ends when the
 * stream ends. Requests go through an undici pool this transport owns (httpRequest.ts: no
 * redirects followed).
 */
import { type Logger, silentLogger } from '../../core/log/index.js';
import { FrameError, type SendOptions, stringifyMessage } from '../../core/rpc/index.js';
import { BaseTransport } from '../base/index.js';
import { discard, pumpSse } from './httpBody.js';
import { type HttpCall, HttpClient, isOk, mediaType } from './httpRequest.js';
import { SseParser } from './sseParser.js';

export interface SseClientOptions {
  /** Extra headers on every request (values already substituted by the config). */
  headers?: Record<string, string>;
  /** Connections kept to the server at most (default 64). */
  maxSockets?: number;
  /** Requests in flight per connection (HTTP/1.1 pipelining), default 1. */
  pipelining?: number;
  /** Largest SSE event accepted, in characters (default 64 MiB). */
  maxMessageBytes?: number;
  /**
   * Payloads kept raw from this length (core/rpc/wire.ts `decodeMessage`); the router passes
   * `ROUTED_RAW_MIN_CHARS`. Default `RAW_MIN_CHARS`.
   */
  rawMinChars?: number;
  log?: Logger;
}

export class SseClientTransport extends BaseTransport {
  readonly url: URL;
  readonly #options: SseClientOptions;
  readonly #http: HttpClient;
  readonly #log: Logger;
  /** Headers of every request: the configured ones, credentials from the URL. */
  readonly #headers: Record<string, string>;
  /** The POST headers, built once. */
  readonly #postHeaders: Record<string, string>;
  /** The GET stream, aborted when the transport ends. */
  #stream: HttpCall | undefined;
  #started: Promise<URL> | undefined;
  #chain: Promise<void> = Promise.resolve();

  constructor(url: string | URL, options: SseClientOptions = {}) {
    super();
    this.url = new URL(url);
    this.#options = options;
    this.#http = new HttpClient(this.url, {
      connections: options.maxSockets ?? 64,
      ...(options.pipelining === undefined ? {} : { pipelining: options.pipelining }),
    });
    this.#log = options.log ?? silentLogger;
    const basic = this.#http.basicAuth;
    this.#headers = {
      ...(basic === undefined ? {} : { authorization: basic }),
      ...options.headers,
    };
    this.#postHeaders = { ...this.#headers, 'content-type': 'application/json' };
  }

  /** Opens the stream and resolves once the `endpoint` event arrived. */
  async start(): Promise<void> {
    await this.#endpoint();
  }

  /** `relatedRequestId` is meaningless client-side: every POST is its own stream. */
  send(message: unknown, _options?: SendOptions): void {
    if (!this.isOpen) return;
    const endpoint = this.#endpoint();
    this.#chain = this.#chain.then(async () => {
      const target = await endpoint.catch(() => undefined);
      if (!target || !this.isOpen) return;
      try {
        const res = await this.#http.request(
          'POST',
          this.#postHeaders,
          stringifyMessage(message),
          `${target.pathname}${target.search}`,
        );
        discard(res);
        if (res.statusCode === 404) this.#fail(new Error('HTTP 404: the SSE session is gone'));
        else if (!isOk(res))
          this.#log.warn('the server refused a message', { status: res.statusCode });
      } catch (error) {
        if (this.isOpen) this.#fail(new Error(`POST failed: ${String(error)}`));
      }
    });
  }

  async close(): Promise<void> {
    this.finish({ kind: 'local' });
  }

  protected override onFinish(): void {
    this.#stream?.abort('closed');
    this.#http.destroy();
  }

  #endpoint(): Promise<URL> {
    this.#started ??= this.#open();
    return this.#started;
  }

  async #open(): Promise<URL> {
    let resolveEndpoint!: (url: URL) => void;
    let rejectEndpoint!: (error: Error) => void;
    const endpoint = new Promise<URL>((resolve, reject) => {
      resolveEndpoint = resolve;
      rejectEndpoint = reject;
    });
    let known: URL | undefined;
    const call = this.#http.call();
    this.#stream = call;
    const headers = { ...this.#headers, accept: 'text/event-stream' };
    const res = await this.#http.send(call, 'GET', headers).catch((error: unknown) => {
      throw this.#fail(new Error(`cannot reach ${this.url.origin}: ${String(error)}`));
    });
    if (!isOk(res) || mediaType(res) !== 'text/event-stream') {
      discard(res);
      throw this.#fail(new Error(`HTTP ${res.statusCode}: no SSE stream at ${this.url.href}`));
    }
    const parser = new SseParser(
      {
        onEvent: (event) => {
          if (event.type === 'endpoint' && known === undefined) {
            const target = new URL(event.data, this.url);
            if (target.origin !== this.url.origin) {
              rejectEndpoint(this.#fail(new Error(`endpoint ${target.href} is not same-origin`)));
              return;
            }
            known = target;
            resolveEndpoint(target);
          } else if (event.type === 'message' && event.data !== '')
            this.emitText(event.data, undefined, this.#options.rawMinChars);
        },
        onError: (error) => this.emitError(new FrameError('too-large', error.message)),
      },
      { maxChars: this.#options.maxMessageBytes ?? 64 * 1024 * 1024 },
    );
    pumpSse(res, parser, () => !this.isOpen)
      .then(
        () => this.finish({ kind: 'remote' }),
        (error: unknown) => this.#fail(new Error(`SSE stream broke: ${String(error)}`)),
      )
      .finally(() => rejectEndpoint(new Error('the SSE stream ended before the endpoint event')));
    return endpoint;
  }

  #fail(error: Error): Error {
    if (this.isOpen) this.#log.warn('closing the upstream transport', { error: error.message });
    this.finish({ kind: 'error', error });
    return error;
  }
}
