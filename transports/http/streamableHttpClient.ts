/**
 * The Streamable HTTP client (upstream side). Each message is one POST; responses come as one
 * JSON body (leniently, newline-delimited messages: jsonBody.ts) or an SSE stream. The first
 * POST's `Mcp-Session-Id` is sent on every later request, and so is `MCP-Protocol-Version` once
 * the upper layer calls `setProtocolVersion`. Once a session exists a GET stream carries
 * server-initiated messages (405: none). A dropped SSE stream is resumed with `Last-Event-ID`
 * after the server's `retry` delay, a bounded number of times (clientStreams.ts). `close()`
 * sends DELETE.
 *
 * Order: until the first response arrives, and for every notification or response, the next
 * POST waits for this one's headers, so `initialize` gets its session before anything else and
 * notifications reach the server in order; requests after that run concurrently.
 *
 * Failures: 404 on a request carrying a session id means the session expired, and 401/403 that
 * access is refused: the transport closes with an error (the supervisor reconnects). Any other
 * failure of a POST (an HTTP error without a JSON-RPC body, a stream lost beyond resumption)
 * is answered locally with a JSON-RPC error response for each request it carried, so callers
 * fail at once instead of waiting for their timeout. A 2xx answer that carries no response to
 * a request (a body that is not JSON, JSON that is not its JSON-RPC response, another content
 * type) fails that request at once as an invalid response (`FrameError('parse')` with its
 * `id` and `response`): the server answered, so it is not reported unavailable.
 *
 * Requests go through an undici `Pool` this transport owns (httpRequest.ts: keep-alive, no
 * redirects followed), destroyed when the transport ends. The POST headers are built once and
 * again only when the session id or the protocol version changes.
 *
 * Exchanges (clientExchange.ts): each POST (with the GETs that resume its stream) is one
 * exchange. `abandon(id)` (the upper layer stopped waiting: timeout, cancel) ends the exchange
 * once none of its requests is still awaited: its request is aborted and the socket leaves the
 * pool. Without that, every timed-out call to a hanging server would hold one of `maxSockets`
 * connections until the server answered, and once all were held every later call, pings
 * included, would wait for one.
 */

import { ErrorCode } from '../../core/errors/index.js';
import { type Logger, silentLogger } from '../../core/log/index.js';
import { traceHeadersOf } from '../../core/observe/index.js';
import type { JsonRpcId } from '../../core/rpc/index.js';
import {
  type ExchangeClientTransport,
  type SendOptions,
  stringifyMessage,
} from '../../core/rpc/index.js';
import { BaseTransport } from '../base/index.js';
import { readJsonAnswer } from './clientAnswer.js';
import { type Exchange, ExchangeList } from './clientExchange.js';
import { listen, readPostStream, type StreamHost } from './clientStreams.js';
import { discard } from './httpBody.js';
import { type HttpCall, HttpConnectError, header, isOk, mediaType } from './httpRequest.js';
import { requestIds } from './messageShape.js';
import { postWithAuth } from './postWithAuth.js';
import { SessionRequests } from './sessionRequests.js';
import type { StreamableHttpClientOptions } from './streamableHttpClientOptions.js';

export type { StreamableHttpClientOptions } from './streamableHttpClientOptions.js';

const DELETE_TIMEOUT_MS = 2000;

export class StreamableHttpClientTransport
  extends BaseTransport
  implements ExchangeClientTransport
{
  readonly url: URL;
  readonly #options: StreamableHttpClientOptions;
  readonly #requests: SessionRequests;
  readonly #log: Logger;
  /** Aborted when the transport ends: stops retry sleeps. */
  readonly #abort = new AbortController();
  readonly #exchanges = new ExchangeList();
  /** The GET stream's request in flight, if any. */
  #listenCall: HttpCall | undefined;
  readonly #host: StreamHost;
  #chain: Promise<void> = Promise.resolve();
  #answered = false;
  #probe: ((status: number) => boolean) | undefined;
  /** A DELETE is being sent: the pool is destroyed after it rather than on finish. */
  #deleting = false;

  constructor(url: string | URL, options: StreamableHttpClientOptions = {}) {
    super();
    this.url = new URL(url);
    this.#options = options;
    this.#requests = new SessionRequests(this.url, options);
    this.#log = options.log ?? silentLogger;
    this.#probe = options.probe;
    this.#host = this.#streamHost();
  }

  get sessionId(): string | undefined {
    return this.#requests.sessionId;
  }

  /** Nothing to connect ahead of the first message: HTTP is request-driven. */
  async start(): Promise<void> {}

  setProtocolVersion(version: string): void {
    this.#requests.protocolVersion = version;
  }

  /**
   * `relatedRequestId` is meaningless client-side: every POST is its own stream.
   * `headers` go on this message's POST (over the transport's own).
   */
  send(message: unknown, options?: SendOptions): void {
    if (!this.isOpen) return;
    const extra = options?.headers;
    this.#chain = this.#chain
      .then(() => this.#post(message, extra))
      .catch((error: unknown) => this.#onFailure(error, requestIds(message)));
  }

  async close(): Promise<void> {
    const requests = this.#requests;
    const sessionId = requests.sessionId;
    this.#deleting = this.isOpen && sessionId !== undefined;
    if (!this.finish({ kind: 'local' }) || sessionId === undefined) return;
    const call = requests.call();
    const timer = setTimeout(() => call.abort('timeout'), DELETE_TIMEOUT_MS);
    try {
      discard(await requests.send(call, 'DELETE', requests.headers({}, sessionId)));
    } catch (error) {
      this.#log.debug('DELETE of the session failed', { error: String(error) });
    } finally {
      clearTimeout(timer);
      requests.destroy();
    }
  }

  /**
   * The upper layer no longer waits for the response to request `id` (it timed out or was
   * cancelled): its exchange ends once it carries no other awaited request.
   */
  abandon(id: JsonRpcId): void {
    const exchange = this.#exchanges.find(id);
    if (exchange === undefined) return;
    exchange.settle(id);
    if (exchange.pending.length === 0) exchange.end();
  }

  /** Exchanges and GET streams in progress (for tests and stats). */
  get openExchanges(): number {
    return this.#exchanges.size + (this.#listenCall === undefined ? 0 : 1);
  }

  protected override onFinish(): void {
    this.#abort.abort();
    this.#exchanges.endAll();
    this.#listenCall?.abort('closed');
    this.#listenCall = undefined;
    if (!this.#deleting) this.#requests.destroy();
  }

  /** Starts one POST; resolves when the next POST may start (see "Order" above). */
  async #post(message: unknown, extra?: Readonly<Record<string, string>>): Promise<void> {
    if (!this.isOpen) return;
    const ids = requestIds(message);
    const sentSession = this.#requests.sessionId !== undefined;
    const exchange = this.#exchanges.open(ids);
    const trace = traceHeadersOf(message);
    const response = this.#postAuthorized(
      stringifyMessage(message),
      exchange,
      // The trace in `_meta` goes in the W3C headers too (core/observe/traceContext.ts).
      extra === undefined ? trace : { ...trace, ...extra },
    );
    // The handler is attached first, so a session id is recorded before the next POST starts.
    response
      .then((res) => this.#onResponse(res, exchange, sentSession))
      .catch((error: unknown) => {
        // An abandoned exchange was aborted on purpose: nobody waits for its requests.
        if (exchange.pending.length > 0) this.#onFailure(error, exchange.takeAll());
      })
      .finally(() => this.#exchanges.close(exchange));
    if (ids.length === 0 || !this.#answered)
      await response.then(
        () => {},
        () => {},
      );
  }

  /** One POST; with `auth`, sent again after a 401/403 it could answer (a few times at most). */
  #postAuthorized(
    body: string,
    exchange: Exchange,
    extra: Record<string, string> | undefined,
  ): Promise<HttpCall> {
    // Headers are read at each attempt: the session id or version may have come meanwhile.
    const send = (): Promise<HttpCall> => {
      const call = this.#requests.call();
      exchange.call = call;
      if (exchange.ended) call.abort('abandoned');
      return this.#requests.post(call, body, extra);
    };
    const auth = this.#options.auth;
    return auth ? postWithAuth(auth, send) : send();
  }

  async #onResponse(res: HttpCall, exchange: Exchange, sentSession: boolean): Promise<void> {
    const status = res.statusCode;
    const ok = isOk(res);
    if (this.#probe) {
      const probe = this.#probe;
      this.#probe = undefined;
      if (probe(status)) {
        discard(res);
        this.finish({ kind: 'local' });
        return;
      }
    }
    this.#answered = true;
    const sessionId = header(res, 'mcp-session-id');
    if (sessionId !== undefined && this.#requests.sessionId === undefined && ok) {
      this.#requests.sessionId = sessionId;
      if (this.#options.openGetStream ?? true) this.#listen();
    }
    if (status === 404 && sentSession) {
      discard(res);
      this.#sessionExpired();
      return;
    }
    if (status === 401 || status === 403) {
      discard(res);
      this.#fail(new Error(`HTTP ${status} from ${this.url.origin}: access refused`));
      return;
    }
    const type = mediaType(res);
    if (ok && type === 'text/event-stream') {
      await readPostStream(this.#host, res, exchange);
      return;
    }
    if (status === 202 || exchange.pending.length === 0) {
      if (!ok) this.#log.warn('the server refused a message', { status });
      discard(res);
      return;
    }
    await readJsonAnswer(this.#host, res, exchange);
  }

  #listen(): void {
    listen(this.#host, (call) => {
      this.#listenCall = call;
    });
  }

  /** The streams' view of this transport (clientStreams.ts). */
  #streamHost(): StreamHost {
    const self = this;
    return {
      get isOpen() {
        return self.isOpen;
      },
      options: this.#options,
      log: this.#log,
      stopped: this.#abort.signal,
      maxBytes: this.#maxBytes(),
      call: () => this.#requests.call(),
      get: (call, lastEventId) => this.#requests.get(call, lastEventId),
      emitMessage: (value) => this.emitMessage(value),
      emitText: (text) => this.emitText(text),
      emitError: (error) => this.emitError(error),
      answerLocally: (ids, message) => this.#answerLocally(ids, message),
      sessionExpired: () => this.#sessionExpired(),
    };
  }

  #onFailure(error: unknown, ids: JsonRpcId[]): void {
    if (!this.isOpen) return;
    if (error instanceof HttpConnectError && !this.#answered) {
      this.#fail(error); // the server cannot be reached at all
      return;
    }
    this.#log.warn('POST failed', { error: String(error) });
    this.#answerLocally(ids, `POST failed: ${String(error)}`);
  }

  #answerLocally(ids: JsonRpcId[], message: string): void {
    for (const id of ids) {
      this.emitMessage({
        jsonrpc: '2.0',
        id,
        error: { code: ErrorCode.UpstreamUnavailable, message },
      });
    }
  }

  #sessionExpired(): void {
    this.#fail(new Error(`HTTP 404 for session ${this.#requests.sessionId}: the session expired`));
  }

  #fail(error: Error): void {
    this.#log.warn('closing the upstream transport', { error: error.message });
    this.finish({ kind: 'error', error });
  }

  #maxBytes(): number {
    return this.#options.maxMessageBytes ?? 64 * 1024 * 1024;
  }
}
