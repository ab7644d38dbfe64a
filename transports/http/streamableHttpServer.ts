/**
 * The Streamable HTTP endpoint (spec 2025-03-26 .. 2025-11-25, and stateless 2026-07-28
 * POSTs): sessions keyed by a random `Mcp-Session-Id`, one `Transport` per session on
 * `connections$`. It only reads message shapes; which message starts a session or needs none
 * is decided by hooks the router supplies (defaults in `core/mcp/sessionStart.ts`).
 */

import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Subject } from 'rxjs';
import { type Principal, sameRights } from '../../core/auth/index.js';
import { ErrorCode } from '../../core/errors/index.js';
import { type Logger, silentLogger } from '../../core/log/index.js';
import {
  HTTP_PROTOCOL_VERSIONS,
  holdsResponseOpen,
  isLegacyVersion,
  isSessionStart,
  isStatelessMessage,
} from '../../core/mcp/index.js';
import type { JsonObject, Transport } from '../../core/rpc/index.js';
import { stringifyMessage } from '../../core/rpc/index.js';
import type { ClusterPlaces, Release } from './clusterPlaces.js';
import { requestIds } from './messageShape.js';
import type { ModernExchange } from './modernExchange.js';
import {
  headerLookup,
  type ModernPostOptions,
  modernExchange,
  modernPostHook,
  modernPostOptions,
} from './modernPost.js';
import { accepts, header, isJsonRpcBody, withTraceHeaders } from './postRequest.js';
import { DEFAULT_MAX_SESSIONS_PER_PRINCIPAL } from './principalLimit.js';
import { OTHER_RIGHTS, type Protection, sendJsonRpcError } from './protection.js';
import type { StreamableHttpOptions } from './streamableHttpOptions.js';
import { StreamableHttpSession } from './streamableHttpSession.js';

export type { StreamableHttpOptions } from './streamableHttpOptions.js';

/** How long a POST's answer may be held for one JSON body before it becomes a stream. */
export const DEFAULT_STREAM_AFTER_MS = 100;

export class StreamableHttpServer {
  readonly #connections = new Subject<Transport>();
  readonly connections$ = this.#connections.asObservable();
  readonly #sessions = new Map<string, StreamableHttpSession>();
  readonly #options: StreamableHttpOptions;
  readonly #log: Logger;
  readonly #oneShots = new Set<StreamableHttpSession | ModernExchange>();
  /** The principal (`Protection.principalOf`) that created each session, with its rights. */
  readonly #owners = new WeakMap<StreamableHttpSession, Principal | undefined>();
  /**
   * Sessions by limit key (principal, else remote address), for per-principal limits; modern
   * exchanges that hold their response open (listens) count too.
   */
  readonly #byPrincipal = new Map<string, Set<StreamableHttpSession | ModernExchange>>();
  /** Sessions the client has not used since the `initialize` that created them. */
  readonly #unconfirmed = new Set<StreamableHttpSession | ModernExchange>();

  readonly #sweeper: NodeJS.Timeout | undefined;
  /** The last POST `Accept` value parsed and its verdict: a client repeats the same one. */
  #lastAccept: string | undefined;
  #lastAcceptOk = false;
  /** What every modern POST shares (hooks, limits, log). */
  readonly #modernPost: ModernPostOptions;

  constructor(options: StreamableHttpOptions = {}) {
    this.#options = options;
    this.#log = options.log ?? silentLogger;
    this.#modernPost = modernPostOptions(
      options,
      options.maxBufferedBytes ?? 8 * 1024 * 1024,
      this.#log,
    );
    const idleMs = options.sessionIdleTimeoutMs ?? 30 * 60_000;
    const unconfirmedMs = Math.min(
      options.unconfirmedSessionTimeoutMs ?? 60_000,
      idleMs > 0 ? idleMs : Number.POSITIVE_INFINITY,
    );
    if (idleMs > 0 || unconfirmedMs > 0) {
      const every = Math.min(60_000, idleMs > 0 ? idleMs / 2 : 60_000, unconfirmedMs / 2);
      this.#sweeper = setInterval(() => this.sweep(Date.now(), idleMs, unconfirmedMs), every);
      this.#sweeper.unref();
    }
  }

  /**
   * Closes idle sessions: unconfirmed ones after `unconfirmedMs`, the others after `idleMs`
   * (0: never). Runs on a timer; public so tests can run it at a chosen `now`.
   */
  sweep(now: number, idleMs: number, unconfirmedMs: number): void {
    for (const session of this.#sessions.values()) {
      const unconfirmed = this.#unconfirmed.has(session);
      const limit = unconfirmed ? unconfirmedMs : idleMs;
      if (limit > 0 && session.isIdle(now, limit)) {
        this.#log.info('closing an idle session', { session: session.sessionId, unconfirmed });
        void session.close();
      }
    }
  }

  /** Open sessions per limit key (principal or remote address), for stats and tests. */
  sessionsPerPrincipal(): Map<string, number> {
    return new Map([...this.#byPrincipal].map(([key, set]) => [key, set.size]));
  }

  get sessionCount(): number {
    return this.#sessions.size;
  }

  /** Serves one request on the MCP endpoint (protection already passed). */
  async handle(req: IncomingMessage, res: ServerResponse, protection: Protection): Promise<void> {
    if (this.#options.cluster?.admitHop(req, res, protection.principalOf(req)) === false) return;
    const version = header(req, 'mcp-protocol-version');
    const versions = this.#options.supportedProtocolVersions ?? HTTP_PROTOCOL_VERSIONS;
    const sessionless = header(req, 'mcp-session-id') === undefined;
    // Modern traffic (no session, a version that is not legacy): POST is answered with the
    // modern errors (e.g. -32022 for an unknown version), GET and DELETE do not exist.
    if (sessionless && version !== undefined && !isLegacyVersion(version)) {
      if (req.method !== 'POST') {
        res.setHeader('allow', 'POST');
        sendJsonRpcError(
          res,
          405,
          ErrorCode.TransportRefused,
          'Method Not Allowed: 2026-07-28 has no GET or DELETE',
        );
        req.resume();
        return;
      }
    } else if (version !== undefined && !versions.includes(version)) {
      sendJsonRpcError(
        res,
        400,
        ErrorCode.TransportRefused,
        `Bad Request: unsupported MCP-Protocol-Version ${version}`,
      );
      return;
    }
    if (req.method === 'POST') return this.#post(req, res, protection);
    if (req.method === 'GET') return this.#get(req, res, protection);
    if (req.method === 'DELETE') return this.#delete(req, res, protection);
    sendJsonRpcError(res, 405, ErrorCode.TransportRefused, 'Method Not Allowed', {
      allow: 'GET, POST, DELETE',
    });
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    const all = [...this.#sessions.values(), ...this.#oneShots];
    await Promise.all(all.map((session) => session.close()));
    this.#connections.complete();
  }

  /** Whether a POST's `Accept` allows both answers (the spec's MUST: else 406). */
  #acceptsBoth(accept: string | undefined): boolean {
    if (accept !== this.#lastAccept) {
      this.#lastAccept = accept;
      this.#lastAcceptOk =
        accepts(accept, 'application/json') && accepts(accept, 'text/event-stream');
    }
    return this.#lastAcceptOk;
  }

  async #post(req: IncomingMessage, res: ServerResponse, protection: Protection): Promise<void> {
    if (!this.#acceptsBoth(header(req, 'accept'))) {
      sendJsonRpcError(
        res,
        406,
        ErrorCode.TransportRefused,
        'Not Acceptable: Accept must list application/json and text/event-stream',
      );
      req.resume();
      return;
    }
    const cluster = this.#options.cluster;
    const sessionHeader = header(req, 'mcp-session-id');
    if (cluster && sessionHeader !== undefined && !this.#sessions.has(sessionHeader)) {
      return cluster.sessionMiss(req, res, sessionHeader, protection.principalOf(req));
    }
    const body = await protection.readJson(req, res);
    if (!body.ok) return;
    // A trace given in HTTP headers joins the requests that carry none in `_meta`.
    const message = withTraceHeaders(body.value, req);
    if (!isJsonRpcBody(message)) {
      sendJsonRpcError(res, 400, ErrorCode.InvalidRequest, 'Invalid Request: not JSON-RPC 2.0');
      return;
    }
    const sessionId = header(req, 'mcp-session-id');
    // A bridged round's retry goes to the instance holding the round.
    const owner = sessionId === undefined ? cluster?.roundOwner(req, message) : undefined;
    if (cluster && owner !== undefined) {
      const id = (message as JsonObject).id;
      const principal = protection.principalOf(req);
      return cluster.forwardRound(req, res, owner, principal, stringifyMessage(body.value), id);
    }
    if (sessionId === undefined && modernPostHook(this.#options)(message, headerLookup(req))) {
      const principal = protection.principalOf(req);
      this.#modern(req, res, message as JsonObject, principal, protection.limitKey(req));
      return;
    }
    const principal = protection.principalOf(req);
    let session: StreamableHttpSession | undefined;
    if (sessionId !== undefined) {
      session = this.#owned(sessionId, principal, res);
      if (!session) return;
      this.#unconfirmed.delete(session);
    } else if (
      !Array.isArray(message) &&
      (this.#options.isSessionStart ?? isSessionStart)(message)
    ) {
      const places = this.#options.sessionPlaces;
      const place = places && (await this.#clusterPlace(places, protection.limitKey(req), res));
      if (place === null) return;
      const id = this.#options.cluster?.mintSessionId(principal) ?? randomUUID();
      session = this.#open(id, res, principal, protection.limitKey(req));
      if (place) this.#holdUntilClosed(session, place);
    } else if (
      !Array.isArray(message) &&
      (this.#options.isStateless ?? isStatelessMessage)(message)
    ) {
      session = this.#open(undefined, res, principal, protection.limitKey(req));
    } else {
      sendJsonRpcError(
        res,
        400,
        ErrorCode.TransportRefused,
        'Bad Request: Mcp-Session-Id header is required',
      );
      return;
    }
    if (session) session.acceptPost(message, requestIds(message), res);
  }

  /** A modern POST: checked, then served by a one-shot exchange (transports/http/modernPost.ts). */
  #modern(
    req: IncomingMessage,
    res: ServerResponse,
    message: JsonObject,
    principal: Principal | undefined,
    key: string,
  ): void {
    // A listen holds its response (and connection) until the client ends it: it counts among
    // the principal's sessions, so one client cannot hold every connection with listens.
    const holds = (this.#options.holdsResponseOpen ?? holdsResponseOpen)(message);
    const own = holds ? this.#ownedBy(key) : undefined;
    if (own && own.size >= this.#perPrincipal() && !this.#evictOldestQuiet(own)) {
      sendJsonRpcError(
        res,
        429,
        ErrorCode.TransportRefused,
        'Too Many Requests: too many sessions and listens for this client',
      );
      req.resume();
      return;
    }
    if (this.#sessions.size + this.#oneShots.size >= (this.#options.maxSessions ?? 10_000)) {
      sendJsonRpcError(
        res,
        503,
        ErrorCode.TransportRefused,
        'Service Unavailable: too many sessions',
      );
      return;
    }
    const exchange = modernExchange(
      req,
      res,
      message,
      this.#modernPost,
      { identity: principal, profile: this.#options.profile },
      () => {
        if (!exchange) return;
        this.#oneShots.delete(exchange);
        if (own) this.#release(key, own, exchange);
      },
    );
    if (!exchange) return;
    exchange.principal = principal;
    this.#oneShots.add(exchange);
    if (own) {
      own.add(exchange);
      this.#byPrincipal.set(key, own);
    }
    this.#connections.next(exchange);
    exchange.accept(message);
  }

  #get(req: IncomingMessage, res: ServerResponse, protection: Protection): void {
    if (!accepts(header(req, 'accept'), 'text/event-stream')) {
      sendJsonRpcError(
        res,
        406,
        ErrorCode.TransportRefused,
        'Not Acceptable: Accept must list text/event-stream',
      );
      return;
    }
    const session = this.#session(req, res, protection);
    session?.attachGet(res, header(req, 'last-event-id'));
  }

  #delete(req: IncomingMessage, res: ServerResponse, protection: Protection): void {
    const session = this.#session(req, res, protection);
    if (!session) return;
    session.terminate();
    res.writeHead(200).end();
  }

  #session(
    req: IncomingMessage,
    res: ServerResponse,
    protection: Protection,
  ): StreamableHttpSession | undefined {
    const sessionId = header(req, 'mcp-session-id');
    if (sessionId === undefined) {
      sendJsonRpcError(
        res,
        400,
        ErrorCode.TransportRefused,
        'Bad Request: Mcp-Session-Id header is required',
      );
      return undefined;
    }
    const cluster = this.#options.cluster;
    if (cluster && !this.#sessions.has(sessionId)) {
      cluster.sessionMiss(req, res, sessionId, protection.principalOf(req)).catch((error) => {
        this.#log.error('forwarding failed', { error: String(error) });
        res.destroy();
      });
      return undefined;
    }
    const session = this.#owned(sessionId, protection.principalOf(req), res);
    if (!session) return undefined;
    this.#unconfirmed.delete(session);
    return session;
  }

  /** The sessions and listens of limit key `key` (a new set when it holds none). */
  #ownedBy(key: string): Set<StreamableHttpSession | ModernExchange> {
    return this.#byPrincipal.get(key) ?? new Set();
  }

  /** The cluster's place for a new session of `key`: its release, or null (429 sent). */
  async #clusterPlace(
    places: ClusterPlaces,
    key: string,
    res: ServerResponse,
  ): Promise<Release | null> {
    const release = await places.acquireShared(key, this.#perPrincipal());
    if (release !== undefined) return release;
    sendJsonRpcError(
      res,
      429,
      ErrorCode.TransportRefused,
      'Too Many Requests: too many sessions for this client',
    );
    return null;
  }

  /** Gives the cluster's place back when `session` ends (at once when it did not open). */
  #holdUntilClosed(session: StreamableHttpSession | undefined, release: Release): void {
    if (session?.isOpen) session.closed$.subscribe({ complete: release, next: release });
    else release();
  }

  #perPrincipal(): number {
    return this.#options.maxSessionsPerPrincipal ?? DEFAULT_MAX_SESSIONS_PER_PRINCIPAL;
  }

  #release(
    key: string,
    own: Set<StreamableHttpSession | ModernExchange>,
    ended: StreamableHttpSession | ModernExchange,
  ): void {
    own.delete(ended);
    if (own.size === 0 && this.#byPrincipal.get(key) === own) this.#byPrincipal.delete(key);
  }

  /**
   * Closes the least recently active quiet session among `sessions`; false if none is quiet.
   * Listens (modern exchanges) are live streams, never evicted.
   */
  #evictOldestQuiet(sessions: Iterable<StreamableHttpSession | ModernExchange>): boolean {
    let oldest: StreamableHttpSession | undefined;
    for (const session of sessions) {
      if (!(session instanceof StreamableHttpSession)) continue;
      if (session.sessionId === undefined || !session.isOpen || !session.isQuiet) continue;
      if (!oldest || session.lastActiveAt < oldest.lastActiveAt) oldest = session;
    }
    if (!oldest) return false;
    this.#log.info('closing the least recently active idle session to make room', {
      session: oldest.sessionId,
    });
    void oldest.close();
    return true;
  }

  /**
   * The open session `sessionId` if `principal` created it, else undefined with `res`
   * answered. Another principal's session is "not found" (404), exactly like an unknown id:
   * its existence is not revealed. The same principal with a token of other rights (scopes,
   * client id) gets 403: a session keeps the rights of the token that opened it, so a weaker
   * token cannot use a stronger one's session (nor a stronger one a weaker's: it opens its own).
   */
  #owned(
    sessionId: string,
    principal: Principal | undefined,
    res: ServerResponse,
  ): StreamableHttpSession | undefined {
    const session = this.#sessions.get(sessionId);
    const owner = session ? this.#owners.get(session) : undefined;
    if (!session?.isOpen || owner?.id !== principal?.id) {
      sendJsonRpcError(res, 404, ErrorCode.SessionNotFound, 'Session not found');
      return undefined;
    }
    if (!sameRights(owner, principal)) {
      sendJsonRpcError(res, 403, ErrorCode.TransportRefused, OTHER_RIGHTS);
      return undefined;
    }
    return session;
  }

  #open(
    sessionId: string | undefined,
    res: ServerResponse,
    principal: Principal | undefined,
    key: string,
  ): StreamableHttpSession | undefined {
    const own = this.#ownedBy(key);
    if (
      sessionId !== undefined &&
      own.size >= this.#perPrincipal() &&
      !this.#evictOldestQuiet(own)
    ) {
      sendJsonRpcError(
        res,
        429,
        ErrorCode.TransportRefused,
        'Too Many Requests: too many sessions for this client',
      );
      return undefined;
    }
    if (this.#sessions.size + this.#oneShots.size >= (this.#options.maxSessions ?? 10_000)) {
      // Full: the least recently active quiet session makes room, this client's own first.
      if (!this.#evictOldestQuiet(own) && !this.#evictOldestQuiet(this.#sessions.values())) {
        sendJsonRpcError(
          res,
          503,
          ErrorCode.TransportRefused,
          'Service Unavailable: too many sessions',
        );
        return undefined;
      }
    }
    const session: StreamableHttpSession = new StreamableHttpSession({
      sessionId,
      preferJson: this.#options.preferJson ?? false,
      streamAfterMs: this.#options.streamAfterMs ?? DEFAULT_STREAM_AFTER_MS,
      replayBufferEvents: this.#options.replayBufferEvents ?? 1000,
      replayBufferBytes: this.#options.replayBufferBytes ?? 16 * 1024 * 1024,
      maxPendingMessages: this.#options.maxPendingMessages ?? 1000,
      maxBufferedBytes: this.#options.maxBufferedBytes ?? 8 * 1024 * 1024,
      log: this.#log,
      onEnd: () => {
        if (sessionId !== undefined) this.#sessions.delete(sessionId);
        else this.#oneShots.delete(session);
        this.#unconfirmed.delete(session);
        this.#release(key, own, session);
      },
    });
    if (sessionId !== undefined) {
      own.add(session);
      this.#byPrincipal.set(key, own);
      this.#unconfirmed.add(session);
    }
    if (this.#options.maxJsonDepth !== undefined) session.maxJsonDepth = this.#options.maxJsonDepth;
    session.principal = principal;
    this.#owners.set(session, principal);
    if (sessionId !== undefined) this.#sessions.set(sessionId, session);
    else this.#oneShots.add(session);
    this.#log.debug('session opened', { session: sessionId ?? 'stateless' });
    this.#connections.next(session);
    return session;
  }
}
