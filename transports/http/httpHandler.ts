/**
 * The HTTP facade without its listener: Streamable HTTP on `path` (default `/mcp`) and the
 * legacy HTTP+SSE pair on `/sse` + `/messages`, as one `handleRequest(req, res)` that an
 * embedder mounts on its own `node:http` server, Express or Fastify (raw `req`/`res`). Every
 * request passes `Protection` (Host/Origin, bearer) before routing. Each client session, of
 * either kind, is one `Transport` on `connections$`. `createHttpFacade` (httpFacade.ts) is this
 * handler on a listener of its own.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { merge } from 'rxjs';
import { ErrorCode } from '../../core/errors/index.js';
import { type Logger, silentLogger } from '../../core/log/index.js';
import type { TransportServer } from '../../core/rpc/index.js';
import { METADATA_PATH, resourceProblem } from './bearerAuth.js';
import { PROBE_PATH } from './clusterRouting.js';
import { OBSERVE_PATHS, type ObserveEndpoints, serveObserve } from './observeRoutes.js';
import { ProfilePaths } from './profilePaths.js';
import { Protection, type ProtectionOptions, sendJsonRpcError } from './protection.js';
import { SseServer } from './sseServer.js';
import { type StreamableHttpOptions, StreamableHttpServer } from './streamableHttpServer.js';

export interface HttpHandlerOptions extends ProtectionOptions, StreamableHttpOptions {
  /** The Streamable HTTP endpoint (default `/mcp`). */
  path?: string;
  /** Serve the legacy HTTP+SSE transport too (default true). */
  legacySse?: boolean;
  /** Legacy SSE stream path (default `/sse`). */
  ssePath?: string;
  /** Legacy POST path (default `/messages`). */
  messagesPath?: string;
  /**
   * The address clients reach the server at, for `Host` validation (DNS-rebinding
   * protection). Default: the local address and port of the first request's socket.
   */
  address?: { host: string; port: number };
  /**
   * Profile paths: `<path>/<name>` (and `<ssePath>/<name>`) for every `name` it accepts, each
   * transport labelled with its `profile` (profilePaths.ts); others → 404. Absent: none.
   */
  hasProfile?: (name: string) => boolean;
  /** `/metrics`, `/healthz`, `/readyz` (observeRoutes.ts), behind the same protection; absent: none. */
  observe?: ObserveEndpoints;
  log?: Logger;
}

export interface HttpHandler extends TransportServer {
  /**
   * Serves one HTTP request on the handler's paths. A request for another path gets 404, or
   * is passed to `next` when given (Express-style middleware).
   */
  handleRequest(req: IncomingMessage, res: ServerResponse, next?: () => void): Promise<void>;
  /** Sets the address `Host` is checked against (before the first request). */
  setAddress(address: { host: string; port: number }): void;
}

/** `::ffff:127.0.0.1` → `127.0.0.1`; other addresses unchanged. */
const plainAddress = (address: string | undefined): string =>
  address?.startsWith('::ffff:') ? address.slice(7) : (address ?? '127.0.0.1');

/**
 * `GET /.well-known/oauth-protected-resource[/mcp]` (RFC 9728): public (no credential), behind
 * the Host/Origin check only.
 */
function serveMetadata(protection: Protection, req: IncomingMessage, res: ServerResponse): void {
  const rejection = protection.check(req);
  if (rejection) {
    sendJsonRpcError(
      res,
      rejection.status,
      ErrorCode.TransportRefused,
      rejection.message,
      rejection.headers,
    );
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=300' });
  res.end(JSON.stringify(protection.bearer.metadata(req)));
}

export function createHttpHandler(options: HttpHandlerOptions = {}): HttpHandler {
  const log = options.log ?? silentLogger;
  const path = options.path ?? '/mcp';
  const ssePath = options.ssePath ?? '/sse';
  const messagesPath = options.messagesPath ?? '/messages';
  const legacy = options.legacySse ?? true;
  const streamable = new StreamableHttpServer({ ...options, log });
  const sseServer = (messages: string) =>
    new SseServer({
      messagesPath: messages,
      log,
      ...(options.maxBufferedBytes === undefined
        ? {}
        : { maxBufferedBytes: options.maxBufferedBytes }),
      ...(options.maxSessions === undefined ? {} : { maxSessions: options.maxSessions }),
      ...(options.maxJsonDepth === undefined ? {} : { maxJsonDepth: options.maxJsonDepth }),
      ...(options.maxSessionsPerPrincipal === undefined
        ? {}
        : { maxSessionsPerPrincipal: options.maxSessionsPerPrincipal }),
      ...(options.sessionPlaces === undefined ? {} : { sessionPlaces: options.sessionPlaces }),
      ...(options.cluster === undefined ? {} : { cluster: options.cluster }),
    });
  const sse = sseServer(messagesPath);
  const hasProfile = options.hasProfile;
  const profiles =
    hasProfile &&
    new ProfilePaths({
      path,
      ssePath,
      messagesPath,
      legacy,
      hasProfile,
      streamable: (profile) => new StreamableHttpServer({ ...options, log, profile }),
      sse: sseServer,
    });
  const protectionOptions = { resourcePath: path, ...options };
  // JWT mode needs a resource that is configuration, not a header: refused here, at creation.
  const problem = resourceProblem(options, options.dnsRebindingProtection ?? true);
  if (problem) throw new Error(problem);
  // `path` as a URL reads it (no escapes to resolve): a request for exactly it needs no parse.
  const plainPath = new URL(path, 'http://localhost').pathname === path;
  let protection = options.address ? new Protection(protectionOptions, options.address) : undefined;

  const route = async (
    req: IncomingMessage,
    res: ServerResponse,
    next?: () => void,
  ): Promise<void> => {
    const target = req.url ?? '/';
    // The endpoint itself, as every MCP POST names it, is its own path: no URL to parse.
    const url = target === path && plainPath ? undefined : new URL(target, 'http://localhost');
    const pathname = url === undefined ? path : url.pathname;
    // A static peer's probe: signed with the cluster key, not a client credential.
    if (options.cluster && pathname === PROBE_PATH) return options.cluster.answerProbe(req, res);
    const observe = options.observe;
    const metadata =
      req.method === 'GET' &&
      options.jwt !== undefined &&
      (pathname === METADATA_PATH || pathname === `${METADATA_PATH}${path}`);
    const profileRoute = profiles?.match(pathname);
    const ours =
      metadata ||
      profileRoute !== undefined ||
      pathname === path ||
      (legacy && (pathname === ssePath || pathname === messagesPath)) ||
      (observe !== undefined && OBSERVE_PATHS.has(pathname));
    if (!ours && next) return next();
    protection ??= new Protection(protectionOptions, {
      host: plainAddress(req.socket.localAddress),
      port: req.socket.localPort ?? 0,
    });
    if (metadata) return serveMetadata(protection, req, res);
    // Without credentials configured admission is synchronous: no promise per request.
    const admitted = protection.admitNow(req, res);
    if (admitted === false || (admitted !== true && !(await admitted))) {
      req.resume();
      return;
    }
    if (
      observe !== undefined &&
      OBSERVE_PATHS.has(pathname) &&
      (await serveObserve(observe, pathname, req, res))
    ) {
      // answered (`/metrics`, `/healthz`, `/readyz`)
    } else if (profileRoute !== undefined && profiles) {
      const at = url ?? new URL(target, 'http://localhost');
      if (!(await profiles.handle(profileRoute, req, res, at, protection))) {
        sendJsonRpcError(res, 404, ErrorCode.TransportRefused, 'Not Found: no such profile');
        req.resume();
      }
    } else if (!ours || (pathname !== path && pathname !== ssePath && pathname !== messagesPath)) {
      sendJsonRpcError(res, 404, ErrorCode.TransportRefused, 'Not Found');
      req.resume();
    } else if (pathname === path) await streamable.handle(req, res, protection);
    else if (pathname === ssePath) sse.handleStream(req, res, protection);
    else await sse.handleMessage(req, res, url ?? new URL(target, 'http://localhost'), protection);
  };

  return {
    connections$: profiles
      ? merge(streamable.connections$, sse.connections$, profiles.connections$)
      : merge(streamable.connections$, sse.connections$),
    handleRequest: (req, res, next) =>
      route(req, res, next).catch((error: unknown) => {
        log.error('HTTP request failed', { error: String(error) });
        if (!res.headersSent) sendJsonRpcError(res, 500, ErrorCode.InternalError, 'Internal error');
        else res.destroy();
      }),
    setAddress: (address) => {
      protection = new Protection(protectionOptions, address);
    },
    async close(): Promise<void> {
      await Promise.all([streamable.close(), sse.close(), profiles?.close()]);
    },
  };
}
