/**
 * One request of the HTTP client transports: an undici dispatch handler that is also the
 * response. `response` resolves with the call itself once its status and headers arrived
 * (1xx skipped), and rejects when the request failed before them: `HttpConnectError` (refused,
 * reset, DNS, TLS, the pool destroyed), an `AbortError` after `abort()`, or undici's
 * `InvalidArgumentError` for a header value it refuses (e.g. a newline in a configured header).
 *
 * The body goes to one reader the caller picks after the headers (`httpBody.ts`: `readBody`,
 * `pumpSse`, `discard`). Chunks that arrive before it (often in the same socket read as the
 * headers) are kept, and the socket is paused past `EARLY_BYTES` of them, so a reader picked a
 * few ticks later misses nothing and nothing grows unbounded.
 *
 * Cancelling costs nothing until it happens: no `AbortSignal`, no listener. `abort()` uses the
 * abort handle undici gives the handler when the request is written (the socket is destroyed,
 * the request leaves the pool); a call still waiting in the pool's queue rejects at once and is
 * aborted the moment undici starts it.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';

/** The request failed before any response: the server cannot be reached. */
export class HttpConnectError extends Error {
  constructor(url: URL, cause: unknown) {
    super(`cannot reach ${url.origin}: ${String(cause)}`, { cause });
    this.name = 'HttpConnectError';
  }
}

/** Where the body of a response goes once a reader is picked. */
export interface BodySink {
  data(chunk: Buffer): void;
  end(): void;
  /** The body broke (or was aborted) before its end. */
  error(error: Error): void;
}

/** Bytes kept before a reader is picked; past them the socket is paused. */
const EARLY_BYTES = 1024 * 1024;

/** The errors undici raises for what it refuses to send (not a reachability problem). */
const REFUSED_LOCALLY = new Set(['UND_ERR_INVALID_ARG', 'UND_ERR_NOT_SUPPORTED']);

export class HttpCall implements Dispatcher.DispatchHandler {
  statusCode = 0;
  headers: IncomingHttpHeaders = {};
  readonly response: Promise<HttpCall>;
  readonly #url: URL;
  #resolve!: (call: HttpCall) => void;
  #reject!: (error: Error) => void;
  #controller: Dispatcher.DispatchController | undefined;
  #aborted: Error | undefined;
  #started = false;
  /** The body ended or failed (undici is done with this call). */
  #done = false;
  #sink: BodySink | undefined;
  /** Before a reader: the chunks, and how the body ended if it did. */
  #early: Buffer[] | undefined;
  #earlyBytes = 0;
  #ended = false;
  #failure: Error | undefined;

  constructor(url: URL) {
    this.#url = url;
    this.response = new Promise<HttpCall>((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
  }

  get aborted(): boolean {
    return this.#aborted !== undefined;
  }

  /** The response ended or failed: no byte of it is left to come. */
  get done(): boolean {
    return this.#done;
  }

  /**
   * Ends the call: before its response it rejects with an `AbortError`; during its body the
   * reader sees `error`. The connection is destroyed (a body we stopped reading cannot be
   * drained cheaply), so the pool opens a new one for the next request.
   */
  abort(reason = 'aborted'): void {
    if (this.#done || this.#aborted) return;
    this.#aborted = new DOMException(`the request was aborted: ${reason}`, 'AbortError');
    if (!this.#started) this.#reject(this.#aborted);
    this.#controller?.abort(this.#aborted);
  }

  /** Hands the body to `sink`, with whatever arrived before. */
  read(sink: BodySink): void {
    this.#sink = sink;
    const early = this.#early;
    if (early !== undefined) {
      this.#early = undefined;
      this.#earlyBytes = 0;
      for (const chunk of early) sink.data(chunk);
      if (this.#controller?.paused) this.#controller.resume();
    }
    if (this.#sink !== sink) return; // the reader moved on while catching up
    if (this.#failure !== undefined) sink.error(this.#failure);
    else if (this.#ended) sink.end();
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.#controller = controller;
    if (this.#aborted) controller.abort(this.#aborted);
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: IncomingHttpHeaders,
  ): void {
    if (statusCode < 200) return;
    this.statusCode = statusCode;
    this.headers = headers;
    this.#started = true;
    this.#resolve(this);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    const sink = this.#sink;
    if (sink !== undefined) {
      sink.data(chunk);
      return;
    }
    if (this.#early === undefined) this.#early = [chunk];
    else this.#early.push(chunk);
    this.#earlyBytes += chunk.byteLength;
    if (this.#earlyBytes > EARLY_BYTES) controller.pause();
  }

  onResponseEnd(): void {
    this.#done = true;
    if (this.#sink !== undefined) this.#sink.end();
    else this.#ended = true;
  }

  onResponseError(_controller: Dispatcher.DispatchController | undefined, error: Error): void {
    this.#done = true;
    if (!this.#started) {
      const code = (error as { code?: string }).code;
      this.#reject(
        this.#aborted ??
          (code !== undefined && REFUSED_LOCALLY.has(code)
            ? error
            : new HttpConnectError(this.#url, error)),
      );
      return;
    }
    const failure = this.#aborted ?? error;
    if (this.#sink !== undefined) this.#sink.error(failure);
    else this.#failure = failure;
  }
}

/**
 * Media types by `Content-Type` value: an upstream sends the same one or two values on every
 * response, and each response's type is read twice (bounded: a hostile upstream's many
 * values start the table afresh).
 */
const mediaTypes = new Map<string, string>();
const MAX_MEDIA_TYPES = 64;

/** The media type of `Content-Type`, lower case, without parameters. */
export function mediaType(res: HttpCall): string | undefined {
  const value = header(res, 'content-type');
  if (value === undefined) return undefined;
  let type = mediaTypes.get(value);
  if (type === undefined) {
    type = (value.split(';')[0] ?? '').trim().toLowerCase();
    if (mediaTypes.size >= MAX_MEDIA_TYPES) mediaTypes.clear();
    mediaTypes.set(value, type);
  }
  return type;
}

/** A single-valued response header (the first value when repeated). */
export function header(res: HttpCall, name: string): string | undefined {
  const value = res.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function isOk(res: HttpCall): boolean {
  return res.statusCode >= 200 && res.statusCode < 300;
}
