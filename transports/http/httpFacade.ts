/**
 * mcp-mux's HTTP listener: Streamable HTTP on `path` (default `/mcp`) and the legacy
 * HTTP+SSE pair on `/sse` + `/messages`, on one `node:http` server bound to 127.0.0.1 by
 * default. Every request passes `Protection` (Host/Origin, bearer) before routing. Each
 * client session, of either kind, is one `Transport` on `connections$`.
 */

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { merge } from 'rxjs';
import { type Logger, silentLogger } from '../../core/log.js';
import type { TransportServer } from '../../core/rpc/transport.js';
import {
  answerMalformedRequests,
  DEFAULT_MAX_CONNECTIONS,
  isRefused,
  limitConnections,
} from '../connectionLimit.js';
import { listen } from '../listen.js';
import { Protection, type ProtectionOptions, sendJsonRpcError } from './protection.js';
import { SseServer } from './sseServer.js';
import { type StreamableHttpOptions, StreamableHttpServer } from './streamableHttpServer.js';

export interface HttpFacadeOptions extends ProtectionOptions, StreamableHttpOptions {
  /** Interface to bind (default `127.0.0.1`: loopback only). */
  host?: string;
  /** Port to bind (default 0: any free port, see `address()`). */
  port?: number;
  /** The Streamable HTTP endpoint (default `/mcp`). */
  path?: string;
  /** Serve the legacy HTTP+SSE transport too (default true). */
  legacySse?: boolean;
  /** Legacy SSE stream path (default `/sse`). */
  ssePath?: string;
  /** Legacy POST path (default `/messages`). */
  messagesPath?: string;
  /** Open TCP connections at most, idle ones included; more get 503 (default 1024). */
  maxConnections?: number;
  log?: Logger;
}

export interface HttpFacade extends TransportServer {
  /** The Streamable HTTP endpoint URL, e.g. `http://127.0.0.1:43117/mcp`. */
  readonly url: string;
  address(): { host: string; port: number };
}

export async function createHttpFacade(options: HttpFacadeOptions = {}): Promise<HttpFacade> {
  const log = options.log ?? silentLogger;
  const path = options.path ?? '/mcp';
  const ssePath = options.ssePath ?? '/sse';
  const messagesPath = options.messagesPath ?? '/messages';
  const legacy = options.legacySse ?? true;
  const streamable = new StreamableHttpServer({ ...options, log });
  const sse = new SseServer({
    messagesPath,
    log,
    ...(options.maxBufferedBytes === undefined
      ? {}
      : { maxBufferedBytes: options.maxBufferedBytes }),
    ...(options.maxSessions === undefined ? {} : { maxSessions: options.maxSessions }),
    ...(options.maxSessionsPerPrincipal === undefined
      ? {}
      : { maxSessionsPerPrincipal: options.maxSessionsPerPrincipal }),
    ...(options.maxJsonDepth === undefined ? {} : { maxJsonDepth: options.maxJsonDepth }),
  });
  let protection: Protection | undefined;

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!protection) {
      sendJsonRpcError(res, 503, -32000, 'Service Unavailable: starting');
      return;
    }
    if (!protection.admit(req, res)) {
      req.resume();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === path) await streamable.handle(req, res, protection);
    else if (legacy && url.pathname === ssePath) sse.handleStream(req, res, protection);
    else if (legacy && url.pathname === messagesPath)
      await sse.handleMessage(req, res, url, protection);
    else {
      sendJsonRpcError(res, 404, -32000, 'Not Found');
      req.resume();
    }
  };

  const server = createServer((req, res) => {
    if (isRefused(req.socket)) return void res.destroy();
    route(req, res).catch((error: unknown) => {
      log.error('HTTP request failed', { error: String(error) });
      if (!res.headersSent) sendJsonRpcError(res, 500, -32603, 'Internal error');
      else res.destroy();
    });
  });
  limitConnections(server, options.maxConnections ?? DEFAULT_MAX_CONNECTIONS, log);
  answerMalformedRequests(server);
  const host = options.host ?? '127.0.0.1';
  const bound = await listen(server, options.port ?? 0, host);
  const address = { host, port: bound.port };
  protection = new Protection(options, address);
  const urlHost = host.includes(':') ? `[${host}]` : host;
  log.info('HTTP facade listening', { url: `http://${urlHost}:${bound.port}${path}` });

  return {
    url: `http://${urlHost}:${bound.port}${path}`,
    connections$: merge(streamable.connections$, sse.connections$),
    address: () => ({ ...address }),
    async close(): Promise<void> {
      await Promise.all([streamable.close(), sse.close()]);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
