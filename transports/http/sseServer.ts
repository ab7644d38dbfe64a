/**
 * The legacy HTTP+SSE endpoints (2024-11-05): `GET /sse` opens a session's stream and first
 * sends an `endpoint` event naming `/messages?sessionId=<id>`; `POST` there delivers one
 * message (or batch) and is answered 202, the replies travel on the stream.
 *
 * In a cluster (`cluster`) the session ids name this instance (clusterRouting.ts), and a POST
 * for a session another live instance holds goes to it on the internal hop: a balancer meets a
 * stream and its POSTs by the client's address, and when the set changes the hash moves some
 * addresses, so a client's POSTs can arrive where its stream is not.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Subject } from 'rxjs';
import { type Principal, sameRights } from '../../core/auth/index.js';
import { ErrorCode } from '../../core/errors/index.js';
import { type Logger, silentLogger } from '../../core/log/index.js';
import type { Transport } from '../../core/rpc/index.js';
import type { ClusterPlaces, Release } from './clusterPlaces.js';
import type { ClusterRouting } from './clusterRouting.js';
import { PrincipalLimit } from './principalLimit.js';
import { OTHER_RIGHTS, type Protection, sendJsonRpcError } from './protection.js';
import { SseSession } from './sseSession.js';
import { formatSseEvent, SseWriter } from './sseWriter.js';

export interface SseServerOptions {
  /** Path of the POST endpoint announced in the `endpoint` event (default `/messages`). */
  messagesPath?: string;
  /** Bytes a session may have waiting on its stream before it is closed as a slow reader. */
  maxBufferedBytes?: number;
  /** Open sessions at most; more get 503 (default 10000). */
  maxSessions?: number;
  /** Open sessions per principal (bearer token, else remote address); more get 429 (default 100). */
  maxSessionsPerPrincipal?: number;
  /** Deepest nesting accepted in a message (bodies are checked first by `Protection`). */
  maxJsonDepth?: number;
  /** Sessions per principal counted across a cluster's instances too (clusterPlaces.ts). */
  sessionPlaces?: ClusterPlaces;
  /** One instance of a cluster: ids name it, a POST for another instance's session goes there. */
  cluster?: ClusterRouting;
  log?: Logger;
}

export class SseServer {
  readonly #connections = new Subject<Transport>();
  readonly connections$ = this.#connections.asObservable();
  readonly #sessions = new Map<string, SseSession>();
  /** The principal (`Protection.principalOf`) that opened each session's stream, with its rights. */
  readonly #owners = new Map<string, Principal | undefined>();
  readonly #options: SseServerOptions;
  readonly #log: Logger;
  readonly #perPrincipal: PrincipalLimit;

  constructor(options: SseServerOptions = {}) {
    this.#options = options;
    this.#log = options.log ?? silentLogger;
    this.#perPrincipal = new PrincipalLimit(options.maxSessionsPerPrincipal, options.sessionPlaces);
  }

  /** Open sessions per principal, else remote address (stats and tests). */
  sessionsPerPrincipal(): Map<string, number> {
    return this.#perPrincipal.counts();
  }

  get sessionCount(): number {
    return this.#sessions.size;
  }

  /** `GET /sse`: opens a session. */
  handleStream(req: IncomingMessage, res: ServerResponse, protection: Protection): void {
    if (req.method !== 'GET') {
      sendJsonRpcError(res, 405, ErrorCode.TransportRefused, 'Method Not Allowed', {
        allow: 'GET',
      });
      return;
    }
    if (this.#sessions.size >= (this.#options.maxSessions ?? 10_000)) {
      sendJsonRpcError(
        res,
        503,
        ErrorCode.TransportRefused,
        'Service Unavailable: too many sessions',
      );
      return;
    }
    const principal = protection.principalOf(req);
    const key = protection.limitKey(req);
    if (!this.#perPrincipal.shared) {
      this.#open(res, principal, this.#perPrincipal.acquire(key));
      return;
    }
    // Counted across the cluster: the client may be gone when the place arrives.
    void this.#perPrincipal.acquireShared(key).then((release) => {
      if (res.destroyed) release?.();
      else this.#open(res, principal, release);
    });
  }

  #open(res: ServerResponse, principal: Principal | undefined, release: Release | undefined): void {
    if (!release) {
      sendJsonRpcError(
        res,
        429,
        ErrorCode.TransportRefused,
        'Too Many Requests: too many sessions for this client',
      );
      return;
    }
    const sessionId = this.#options.cluster?.mintSessionId(principal) ?? randomUUID();
    const path = this.#options.messagesPath ?? '/messages';
    const endpoint = formatSseEvent({ event: 'endpoint', data: `${path}?sessionId=${sessionId}` });
    const writer = new SseWriter(res, endpoint);
    const session = new SseSession(sessionId, writer, {
      maxBufferedBytes: this.#options.maxBufferedBytes ?? 8 * 1024 * 1024,
      log: this.#log,
      onEnd: () => {
        this.#sessions.delete(sessionId);
        this.#owners.delete(sessionId);
        release();
      },
    });
    if (this.#options.maxJsonDepth !== undefined) session.maxJsonDepth = this.#options.maxJsonDepth;
    this.#owners.set(sessionId, principal);
    session.principal = principal;
    this.#sessions.set(sessionId, session);
    this.#log.debug('legacy SSE session opened', { session: sessionId });
    this.#connections.next(session);
  }

  /** `POST /messages?sessionId=…`: one message for a session. */
  async handleMessage(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    protection: Protection,
  ): Promise<void> {
    if (req.method !== 'POST') {
      sendJsonRpcError(res, 405, ErrorCode.TransportRefused, 'Method Not Allowed', {
        allow: 'POST',
      });
      return;
    }
    const sessionId = url.searchParams.get('sessionId');
    if (sessionId === null) {
      sendJsonRpcError(res, 400, ErrorCode.TransportRefused, 'Bad Request: sessionId is required');
      return;
    }
    const principal = protection.principalOf(req);
    const cluster = this.#options.cluster;
    if (cluster?.admitHop(req, res, principal) === false) return;
    const session = this.#sessions.get(sessionId);
    if (cluster && session === undefined) {
      await cluster.sessionMiss(req, res, sessionId, principal);
      return;
    }
    const owner = this.#owners.get(sessionId);
    // Another principal's session is "not found", like an unknown id: its existence is not revealed.
    if (!session?.isOpen || owner?.id !== principal?.id) {
      req.resume();
      sendJsonRpcError(res, 404, ErrorCode.SessionNotFound, 'Session not found');
      return;
    }
    // Its own principal with a token of other rights: the session keeps the opener's rights.
    if (!sameRights(owner, principal)) {
      req.resume();
      sendJsonRpcError(res, 403, ErrorCode.TransportRefused, OTHER_RIGHTS);
      return;
    }
    const body = await protection.readJson(req, res);
    if (!body.ok) return;
    res.writeHead(202, { 'content-type': 'text/plain' }).end('Accepted');
    session.receive(body.value);
  }

  async close(): Promise<void> {
    await Promise.all([...this.#sessions.values()].map((session) => session.close()));
    this.#connections.complete();
  }
}
