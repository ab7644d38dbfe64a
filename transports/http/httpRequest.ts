/**
 * The outbound HTTP of one upstream (both client transports), on undici's dispatch API: one
 * `Pool` per upstream origin (keep-alive, `connections` sockets at most, `pipelining` requests
 * per socket, default 1), the request path taken from the URL once. Each request is an
 * `HttpCall` (httpCall.ts): no stream, no `AbortSignal` and no promise chain of undici's own
 * per exchange. Not the global `fetch` (its WHATWG machinery cost ~1 ms of CPU per request).
 *
 * Policy kept from the `node:http` client it replaces: no redirects are followed (a 3xx is an
 * answer like any other: an untrusted upstream cannot send our credentials elsewhere); no proxy
 * from the environment; no header or body timeout (the upper layer times requests out and
 * abandons them; a GET stream may stay quiet for hours); credentials in the URL
 * (`http://user:pass@host`) go as Basic `Authorization`.
 */
import { createRequire } from 'node:module';
import type * as Undici from 'undici';
import { HttpCall } from './httpCall.js';

export { HttpCall, HttpConnectError, header, isOk, mediaType } from './httpCall.js';

/**
 * undici, loaded with the first HTTP upstream (CommonJS, so synchronously): a router with only
 * stdio upstreams never pays its ~80 ms of start-up and ~20 MB.
 */
let undici: typeof Undici | undefined;
const require = createRequire(import.meta.url);
export const loadUndici = (): typeof Undici => {
  undici ??= require('undici') as typeof Undici;
  return undici;
};

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

export interface HttpClientOptions {
  /** Sockets kept to the origin at most: requests beyond wait in the pool's queue. */
  connections: number;
  /**
   * Requests in flight per socket (HTTP/1.1 pipelining), default 1. Above 1, a POST may queue
   * behind a streamed (SSE) answer to another POST on the same socket, and undici may send one
   * again when its socket fails before it was answered: for servers known to allow it only.
   * GETs (the SSE streams) then go through a second pool without pipelining.
   */
  pipelining?: number;
}

export class HttpClient {
  readonly url: URL;
  readonly #pool: Undici.Pool;
  /** With pipelining: the pool of the GET streams, one request per socket. */
  readonly #streams: Undici.Pool | undefined;
  readonly #path: string;
  readonly #pipelined: boolean;
  /** Basic credentials from the URL, if any. */
  readonly basicAuth: string | undefined;

  constructor(url: URL, options: HttpClientOptions) {
    this.url = url;
    this.#path = `${url.pathname}${url.search}`;
    const pipelining = options.pipelining ?? 1;
    this.#pipelined = pipelining > 1;
    const { Pool } = loadUndici();
    const pool = (pipelining: number) =>
      new Pool(url.origin, {
        connections: options.connections,
        pipelining,
        headersTimeout: 0,
        bodyTimeout: 0,
      });
    this.#pool = pool(pipelining);
    this.#streams = this.#pipelined ? pool(1) : undefined;
    this.basicAuth =
      url.username === '' && url.password === ''
        ? undefined
        : `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`;
  }

  /** A call to this upstream's URL (or `path` on its origin), not yet sent: see `send`. */
  call(): HttpCall {
    return new HttpCall(this.url);
  }

  /** Sends `call` (unless it was aborted meanwhile); its `response` tells how it went. */
  send(
    call: HttpCall,
    method: HttpMethod,
    headers: Record<string, string>,
    body?: string,
    path = this.#path,
  ): Promise<HttpCall> {
    if (call.aborted) return call.response;
    const pool = method === 'GET' ? (this.#streams ?? this.#pool) : this.#pool;
    pool.dispatch(
      {
        path,
        method,
        headers,
        body: body ?? null,
        // A POST shares a pipelined socket only when pipelining was asked for.
        blocking: !this.#pipelined,
        idempotent: method !== 'POST' || this.#pipelined,
      },
      call,
    );
    return call.response;
  }

  /** One call, sent now. */
  request(
    method: HttpMethod,
    headers: Record<string, string>,
    body?: string,
    path?: string,
  ): Promise<HttpCall> {
    return this.send(this.call(), method, headers, body, path);
  }

  /** Ends every call in flight and closes the sockets. */
  destroy(): void {
    this.#pool.destroy().catch(() => {});
    this.#streams?.destroy().catch(() => {});
  }
}
