/**
 * mcp-mux's WebSocket listener (`ws`): one session per connection, subprotocol `mcp`. The
 * upgrade passes the same `Protection` as HTTP (Host/Origin 403, bearer 401) and is refused
 * before any WebSocket exists; a client offering subprotocols without `mcp` gets 400. Frames
 * past `maxPayload` close the connection (ws answers 1009).
 */

import { createServer, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { Subject } from 'rxjs';
import { ErrorCode } from '../../core/errors/index.js';
import { type Logger, silentLogger } from '../../core/log/index.js';
import type { Transport, TransportServer } from '../../core/rpc/index.js';
import {
  answerMalformedRequests,
  DEFAULT_MAX_CONNECTIONS,
  isRefused,
  limitConnections,
  listen,
  rawHttpError,
} from '../base/index.js';
import {
  type ClusterPlaces,
  PrincipalLimit,
  Protection,
  type ProtectionOptions,
  resourceProblem,
  sendJsonRpcError,
} from '../http/index.js';
import { loadWs, WebSocketTransport } from './websocketTransport.js';

export const SUBPROTOCOL = 'mcp';

export interface WebSocketFacadeOptions extends ProtectionOptions {
  /** Interface to bind (default `127.0.0.1`). */
  host?: string;
  /** Port to bind (default 0: any free port). */
  port?: number;
  /** Upgrade path (default `/mcp`). */
  path?: string;
  /**
   * Profile paths: an upgrade on `<path>/<name>` for a `name` it accepts is a connection
   * labelled with that `profile`; other names → 404. Absent: none.
   */
  hasProfile?: (name: string) => boolean;
  /** Largest message in bytes (default `maxBodyBytes`, 4 MiB). */
  maxPayload?: number;
  /** Ping period in ms; 0 turns liveness checks off (default 30000). */
  pingIntervalMs?: number;
  /** Outgoing bytes per connection before it is cut as a slow reader (default 8 MiB). */
  maxBufferedBytes?: number;
  /** Open connections at most; more get 503 (default 10000). */
  maxSessions?: number;
  /** Open connections per principal (bearer token, else remote address); more get 429 (default 100). */
  maxSessionsPerPrincipal?: number;
  /** Connections per principal counted across a cluster's instances too (http/clusterPlaces.ts). */
  sessionPlaces?: ClusterPlaces;
  /** Open TCP connections at most, idle ones included; more get 503 (default 1024). */
  maxConnections?: number;
  /** Told every accepted TCP socket (byte counters for the metrics). */
  onSocket?: (socket: Socket) => void;
  log?: Logger;
}

export interface WebSocketFacade extends TransportServer {
  /** e.g. `ws://127.0.0.1:43117/mcp`. */
  readonly url: string;
  address(): { host: string; port: number };
  /** Open connections per principal, else remote address (stats and tests). */
  sessionsPerPrincipal(): Map<string, number>;
}

/** Answers an upgrade request with a plain HTTP error and drops the socket. */
function refuse(
  socket: Duplex,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  socket.end(rawHttpError(status, message, headers));
}

const offeredProtocols = (req: IncomingMessage): string[] =>
  (req.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');

export async function createWebSocketFacade(
  options: WebSocketFacadeOptions = {},
): Promise<WebSocketFacade> {
  const log = options.log ?? silentLogger;
  const path = options.path ?? '/mcp';
  // Refused before anything listens (Protection would throw only once the port is bound).
  const problem = resourceProblem(options, options.dnsRebindingProtection ?? true);
  if (problem) throw new Error(problem);
  const connections = new Subject<Transport>();
  const open = new Set<WebSocketTransport>();
  const perPrincipal = new PrincipalLimit(options.maxSessionsPerPrincipal, options.sessionPlaces);
  const wss = new (loadWs().WebSocketServer)({
    noServer: true,
    maxPayload: options.maxPayload ?? options.maxBodyBytes ?? 4 * 1024 * 1024,
    perMessageDeflate: false,
    handleProtocols: (protocols) => (protocols.has(SUBPROTOCOL) ? SUBPROTOCOL : false),
  });
  let protection: Protection | undefined;
  /** `path` → undefined (no profile), `path/<profile>` → its name, anything else → null. */
  const profileOf = (pathname: string): string | undefined | null => {
    if (pathname === path) return undefined;
    const name = pathname.startsWith(`${path}/`) ? pathname.slice(path.length + 1) : '';
    return name !== '' && !name.includes('/') && options.hasProfile?.(name) ? name : null;
  };

  const server = createServer((req, res) => {
    if (isRefused(req.socket)) return void res.destroy();
    if (!protection) return void res.destroy();
    void protection.admit(req, res).then((admitted) => {
      if (!admitted) return;
      sendJsonRpcError(
        res,
        426,
        ErrorCode.TransportRefused,
        'Upgrade Required: this endpoint speaks WebSocket',
        {
          upgrade: 'websocket',
        },
      );
    });
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    if (isRefused(socket)) return void socket.destroy();
    if (!protection) return refuse(socket, 503, 'Service Unavailable: starting');
    void upgrade(protection, req, socket, head);
  });
  const upgrade = async (
    protection: Protection,
    req: IncomingMessage,
    socket: Duplex,
    head: Buffer,
  ): Promise<void> => {
    const rejection = await protection.authenticate(req);
    if (rejection) return refuse(socket, rejection.status, rejection.message, rejection.headers);
    if (socket.destroyed) return;
    const profile = profileOf(new URL(req.url ?? '/', 'http://localhost').pathname);
    if (profile === null) return refuse(socket, 404, 'Not Found');
    const offered = offeredProtocols(req);
    if (offered.length > 0 && !offered.includes(SUBPROTOCOL)) {
      return refuse(socket, 400, `Bad Request: the subprotocol must be ${SUBPROTOCOL}`);
    }
    if (open.size >= (options.maxSessions ?? 10_000)) {
      return refuse(socket, 503, 'Service Unavailable: too many sessions');
    }
    const principal = protection.principalOf(req);
    const key = protection.limitKey(req);
    // Counted across the cluster (sessionPlaces): the socket may be gone when the place arrives.
    const release = perPrincipal.shared
      ? await perPrincipal.acquireShared(key)
      : perPrincipal.acquire(key);
    if (release && socket.destroyed) return release();
    if (!release)
      return refuse(socket, 429, 'Too Many Requests: too many sessions for this client');
    // The place is held from here: given back if the handshake fails or when the socket closes.
    socket.once('close', release);
    wss.handleUpgrade(req, socket, head, (ws) => {
      const transport = new WebSocketTransport(ws, {
        log,
        ...(options.rawMinChars === undefined ? {} : { rawMinChars: options.rawMinChars }),
        ...(options.pingIntervalMs === undefined ? {} : { pingIntervalMs: options.pingIntervalMs }),
        ...(options.maxBufferedBytes === undefined
          ? {}
          : { maxBufferedBytes: options.maxBufferedBytes }),
      });
      if (options.maxJsonDepth !== undefined) transport.maxJsonDepth = options.maxJsonDepth;
      transport.principal = principal;
      transport.profile = profile;
      open.add(transport);
      transport.closed$.subscribe(() => {
        open.delete(transport);
        release();
      });
      connections.next(transport);
    });
  };

  limitConnections(server, options.maxConnections ?? DEFAULT_MAX_CONNECTIONS, log);
  if (options.onSocket) server.on('connection', options.onSocket);
  answerMalformedRequests(server);
  const host = options.host ?? '127.0.0.1';
  const address = { host, port: (await listen(server, options.port ?? 0, host)).port };
  protection = new Protection(options, address);
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const url = `ws://${urlHost}:${address.port}${path}`;
  log.info('WebSocket facade listening', { url });

  return {
    url,
    connections$: connections.asObservable(),
    address: () => ({ ...address }),
    sessionsPerPrincipal: () => perPrincipal.counts(),
    async close(): Promise<void> {
      await Promise.all([...open].map((transport) => transport.close()));
      connections.complete();
      for (const client of wss.clients) client.terminate();
      wss.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
