/**
 * What a Streamable HTTP client transport (streamableHttpClient.ts) can be told, and the
 * abortable delay it waits with between resumptions of a stream.
 */
import type { Logger } from '../../core/log/index.js';
import type { HttpAuth } from './oauth/index.js';

export interface StreamableHttpClientOptions {
  /** Extra headers on every request (values already substituted by the config). */
  headers?: Record<string, string>;
  /** Connections kept to the server at most (default 64): requests beyond wait for one. */
  maxSockets?: number;
  /**
   * Requests in flight per connection (HTTP/1.1 pipelining, httpRequest.ts), default 1: only
   * for a server known to allow it.
   */
  pipelining?: number;
  /** Open the GET stream for server-initiated messages once a session exists (default true). */
  openGetStream?: boolean;
  /** Resumption attempts for a dropped SSE stream without progress (default 3). */
  maxReconnects?: number;
  /** Delay before resuming when the server sent no `retry` (default 1000 ms). */
  reconnectDelayMs?: number;
  /** Largest JSON body or SSE event accepted, in bytes/characters (default 64 MiB). */
  maxMessageBytes?: number;
  /**
   * Payloads kept raw from this length (core/rpc/wire.ts `decodeMessage`): a result is then
   * forwarded as the text it came in. The router passes `ROUTED_RAW_MIN_CHARS`. Default
   * `RAW_MIN_CHARS`.
   */
  rawMinChars?: number;
  /** The `MCP-Protocol-Version` to send from the start (otherwise see `setProtocolVersion`). */
  protocolVersion?: string;
  log?: Logger;
  /**
   * OAuth (oauth/oauthClient.ts): its `Authorization` goes on every request, and a 401/403 on
   * a POST is handed to it and the POST sent again once it has new credentials.
   */
  auth?: HttpAuth;
  /**
   * Internal to `connectHttpUpstream`: sees the first response's status; returning true
   * abandons this transport quietly (it closes with `local`, sends nothing more).
   */
  probe?: (status: number) => boolean;
}

/** Resolves after `ms`, or at once when `signal` aborts (never rejects). */
export const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
