/**
 * The requests of one Streamable HTTP client transport (streamableHttpClient.ts) to its
 * upstream: the undici pool (httpRequest.ts), and the headers every request carries — the
 * configured ones, credentials from the URL, `Mcp-Session-Id` and `MCP-Protocol-Version` once
 * known, and with `auth` the OAuth credentials of each attempt. What is constant is built once
 * per upstream: the POST headers are rebuilt only when the session id or the version changes.
 */

import { type HttpCall, HttpClient, type HttpMethod } from './httpRequest.js';
import type { HttpAuth } from './oauth/index.js';
import type { StreamableHttpClientOptions } from './streamableHttpClientOptions.js';

export class SessionRequests {
  readonly #http: HttpClient;
  readonly #url: URL;
  readonly #configured: Record<string, string> | undefined;
  readonly #auth: HttpAuth | undefined;
  #sessionId: string | undefined;
  #protocolVersion: string | undefined;
  #postBase: Record<string, string> | undefined;

  constructor(url: URL, options: StreamableHttpClientOptions) {
    this.#url = url;
    this.#http = new HttpClient(url, {
      connections: options.maxSockets ?? 64,
      ...(options.pipelining === undefined ? {} : { pipelining: options.pipelining }),
    });
    const basic = this.#http.basicAuth;
    this.#configured =
      basic === undefined ? options.headers : { authorization: basic, ...options.headers };
    this.#auth = options.auth;
    this.#protocolVersion = options.protocolVersion;
  }

  get sessionId(): string | undefined {
    return this.#sessionId;
  }

  set sessionId(id: string | undefined) {
    this.#sessionId = id;
    this.#postBase = undefined;
  }

  set protocolVersion(version: string) {
    this.#protocolVersion = version;
    this.#postBase = undefined;
  }

  /** A request not yet sent (its abort handle exists from now on). */
  call(): HttpCall {
    return this.#http.call();
  }

  /** A POST of `body`; `extra` headers over the transport's own. */
  post(call: HttpCall, body: string, extra: Record<string, string> | undefined): Promise<HttpCall> {
    this.#postBase ??= this.headers({
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
    });
    const headers = extra === undefined ? this.#postBase : { ...this.#postBase, ...extra };
    return this.send(call, 'POST', headers, body);
  }

  /** A GET for `text/event-stream`, from `lastEventId` if given. */
  get(call: HttpCall, lastEventId: string | undefined): Promise<HttpCall> {
    const extra: Record<string, string> = { accept: 'text/event-stream' };
    if (lastEventId !== undefined) extra['last-event-id'] = lastEventId;
    return this.send(call, 'GET', this.headers(extra));
  }

  /** Every request goes through here; with `auth`, its credential headers are added. */
  send(
    call: HttpCall,
    method: HttpMethod,
    headers: Record<string, string>,
    body?: string,
  ): Promise<HttpCall> {
    const auth = this.#auth;
    if (!auth) return this.#http.send(call, method, headers, body);
    return auth
      .headers(method, this.#url)
      .then((credentials) => this.#http.send(call, method, { ...headers, ...credentials }, body));
  }

  headers(extra: Record<string, string>, sessionId = this.#sessionId): Record<string, string> {
    const headers: Record<string, string> = { ...this.#configured, ...extra };
    if (sessionId !== undefined) headers['mcp-session-id'] = sessionId;
    if (this.#protocolVersion !== undefined)
      headers['mcp-protocol-version'] = this.#protocolVersion;
    return headers;
  }

  destroy(): void {
    this.#http.destroy();
  }
}
