/**
 * The Streamable HTTP endpoint (spec 2025-03-26 .. 2025-11-25, and stateless 2026-07-28
 * POSTs): sessions keyed by a random `Mcp-Session-Id`, one `Transport` per session on
 * `connections$`. It only reads message shapes; which message starts a session or needs none
 * is decided by hooks the router supplies (defaults in `core/sessionStart.ts`).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Subject } from 'rxjs';
import { ErrorCode } from '../../core/errors.js';
import { type Logger, silentLogger } from '../../core/log.js';
import {
  HTTP_PROTOCOL_VERSIONS,
  isSessionStart,
  isStatelessMessage,
} from '../../core/sessionStart.js';
import type { Transport } from '../transport.js';
import { requestIds, shapeOf } from './messageShape.js';
import { type Protection, sendJsonRpcError } from './protection.js';
import { StreamableHttpSession } from './streamableHttpSession.js';

export interface StreamableHttpOptions {
  /** Whether a POST without a session id starts one (default: an `initialize` request). */
  isSessionStart?: (message: unknown) => boolean;
  /** Whether a POST without a session id is served on its own (default: modern-era messages). */
  isStateless?: (message: unknown) => boolean;
  /** Accepted `MCP-Protocol-Version` header values; other values get 400. */
  supportedProtocolVersions?: readonly string[];
  /** Answer POSTed requests with one `application/json` body instead of an SSE stream. */
  preferJson?: boolean;
  /** Events kept per session for `Last-Event-ID` replay (default 1000). */
  replayBufferEvents?: number;
  /** Bytes kept per session for replay (default 16 MiB). */
  replayBufferBytes?: number;
  /** Messages kept for the GET stream while none is connected (default 1000, oldest dropped). */
  maxPendingMessages?: number;
  /** Bytes a session may have waiting on its sockets before it is closed as a slow reader. */
  maxBufferedBytes?: number;
  /** Open sessions at most; more get 503 (default 10000). */
  maxSessions?: number;
  /**
   * A session with no open stream and no request for this long is closed (`local`), so
   * clients that vanish without DELETE do not pile up (default 30 min; 0: never).
   */
  sessionIdleTimeoutMs?: number;
  log?: Logger;
}

const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Whether an `Accept` header allows `type` (wildcards count). */
export function accepts(accept: string | undefined, type: string): boolean {
  if (accept === undefined) return false;
  const major = type.split('/')[0];
  return accept.split(',').some((part) => {
    const range = part.split(';')[0]?.trim().toLowerCase();
    return range === type || range === '*/*' || range === `${major}/*`;
  });
}

export class StreamableHttpServer {
  readonly #connections = new Subject<Transport>();
  readonly connections$ = this.#connections.asObservable();
  readonly #sessions = new Map<string, StreamableHttpSession>();
  readonly #options: StreamableHttpOptions;
  readonly #log: Logger;
  readonly #oneShots = new Set<StreamableHttpSession>();

  readonly #sweeper: NodeJS.Timeout | undefined;

  constructor(options: StreamableHttpOptions = {}) {
    this.#options = options;
    this.#log = options.log ?? silentLogger;
    const idleMs = options.sessionIdleTimeoutMs ?? 30 * 60_000;
    if (idleMs > 0) {
      this.#sweeper = setInterval(() => this.#sweep(idleMs), Math.min(60_000, idleMs / 2));
      this.#sweeper.unref();
    }
  }

  #sweep(idleMs: number): void {
    const now = Date.now();
    for (const session of this.#sessions.values()) {
      if (session.isIdle(now, idleMs)) {
        this.#log.info('closing an idle session', { session: session.sessionId });
        void session.close();
      }
    }
  }

  get sessionCount(): number {
    return this.#sessions.size;
  }

  /** Serves one request on the MCP endpoint (protection already passed). */
  async handle(req: IncomingMessage, res: ServerResponse, protection: Protection): Promise<void> {
    const version = header(req, 'mcp-protocol-version');
    const versions = this.#options.supportedProtocolVersions ?? HTTP_PROTOCOL_VERSIONS;
    if (version !== undefined && !versions.includes(version)) {
      sendJsonRpcError(
        res,
        400,
        -32000,
        `Bad Request: unsupported MCP-Protocol-Version ${version}`,
      );
      return;
    }
    if (req.method === 'POST') return this.#post(req, res, protection);
    if (req.method === 'GET') return this.#get(req, res);
    if (req.method === 'DELETE') return this.#delete(req, res);
    sendJsonRpcError(res, 405, -32000, 'Method Not Allowed', { allow: 'GET, POST, DELETE' });
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    const all = [...this.#sessions.values(), ...this.#oneShots];
    await Promise.all(all.map((session) => session.close()));
    this.#connections.complete();
  }

  async #post(req: IncomingMessage, res: ServerResponse, protection: Protection): Promise<void> {
    const accept = header(req, 'accept');
    if (!accepts(accept, 'application/json') || !accepts(accept, 'text/event-stream')) {
      sendJsonRpcError(
        res,
        406,
        -32000,
        'Not Acceptable: Accept must list application/json and text/event-stream',
      );
      req.resume();
      return;
    }
    const body = await protection.readJson(req, res);
    if (!body.ok) return;
    const message = body.value;
    const items = Array.isArray(message) ? message : [message];
    if (items.length === 0 || items.some((item) => shapeOf(item) === 'invalid')) {
      sendJsonRpcError(res, 400, ErrorCode.InvalidRequest, 'Invalid Request: not JSON-RPC 2.0');
      return;
    }
    const sessionId = header(req, 'mcp-session-id');
    let session: StreamableHttpSession | undefined;
    if (sessionId !== undefined) {
      session = this.#sessions.get(sessionId);
      if (!session?.isOpen) {
        sendJsonRpcError(res, 404, -32001, 'Session not found');
        return;
      }
    } else if (
      !Array.isArray(message) &&
      (this.#options.isSessionStart ?? isSessionStart)(message)
    ) {
      session = this.#open(randomUUID(), res);
    } else if (
      !Array.isArray(message) &&
      (this.#options.isStateless ?? isStatelessMessage)(message)
    ) {
      session = this.#open(undefined, res);
    } else {
      sendJsonRpcError(res, 400, -32000, 'Bad Request: Mcp-Session-Id header is required');
      return;
    }
    if (session) session.acceptPost(message, requestIds(message), res);
  }

  #get(req: IncomingMessage, res: ServerResponse): void {
    if (!accepts(header(req, 'accept'), 'text/event-stream')) {
      sendJsonRpcError(res, 406, -32000, 'Not Acceptable: Accept must list text/event-stream');
      return;
    }
    const session = this.#session(req, res);
    session?.attachGet(res, header(req, 'last-event-id'));
  }

  #delete(req: IncomingMessage, res: ServerResponse): void {
    const session = this.#session(req, res);
    if (!session) return;
    session.terminate();
    res.writeHead(200).end();
  }

  #session(req: IncomingMessage, res: ServerResponse): StreamableHttpSession | undefined {
    const sessionId = header(req, 'mcp-session-id');
    if (sessionId === undefined) {
      sendJsonRpcError(res, 400, -32000, 'Bad Request: Mcp-Session-Id header is required');
      return undefined;
    }
    const session = this.#sessions.get(sessionId);
    if (!session?.isOpen) {
      sendJsonRpcError(res, 404, -32001, 'Session not found');
      return undefined;
    }
    return session;
  }

  #open(sessionId: string | undefined, res: ServerResponse): StreamableHttpSession | undefined {
    if (this.#sessions.size + this.#oneShots.size >= (this.#options.maxSessions ?? 10_000)) {
      sendJsonRpcError(res, 503, -32000, 'Service Unavailable: too many sessions');
      return undefined;
    }
    const session: StreamableHttpSession = new StreamableHttpSession({
      sessionId,
      preferJson: this.#options.preferJson ?? false,
      replayBufferEvents: this.#options.replayBufferEvents ?? 1000,
      replayBufferBytes: this.#options.replayBufferBytes ?? 16 * 1024 * 1024,
      maxPendingMessages: this.#options.maxPendingMessages ?? 1000,
      maxBufferedBytes: this.#options.maxBufferedBytes ?? 8 * 1024 * 1024,
      log: this.#log,
      onEnd: () => {
        if (sessionId !== undefined) this.#sessions.delete(sessionId);
        else this.#oneShots.delete(session);
      },
    });
    if (sessionId !== undefined) this.#sessions.set(sessionId, session);
    else this.#oneShots.add(session);
    this.#log.debug('session opened', { session: sessionId ?? 'stateless' });
    this.#connections.next(session);
    return session;
  }
}
