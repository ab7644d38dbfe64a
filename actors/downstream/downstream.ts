/**
 * One downstream client session: a connection to the client and its lifecycle machine
 * (`downstreamSession.ts`), which owns the request context and decides what is allowed. The
 * session keeps no state of its own: it reads the machine's snapshot. It depends on its host
 * (`SessionHost`, the router) only through that interface.
 *
 * The machine is started by the first thing that needs a session: a legacy message, a log
 * level, a close, a question about its state. Until then the connection is in the machine's
 * initial state, whose answers (`INITIAL`) are read once from the machine itself. A
 * connection that only carries stateless 2026-07-28 requests (every modern HTTP POST is
 * one) is not a session and never starts one: building, starting and closing an actor was
 * about a tenth of such a request's CPU.
 */
import { from, map, type Observable, of } from 'rxjs';
import { type Actor, createActor, fromPromise } from 'xstate';
import type { Principal } from '../../core/auth/index.js';
import { ErrorCode, RpcError } from '../../core/errors/index.js';
import type { ClientInfo, LoggingLevel, RequestContext } from '../../core/mcp/index.js';
import { allowsBatch, claimsModern, negotiateVersion } from '../../core/mcp/index.js';
import type {
  JsonObject,
  JsonRpcNotification,
  JsonRpcRequest,
  Transport,
} from '../../core/rpc/index.js';
import { Connection, type InboundContext, type InboundEvent } from '../../core/rpc/index.js';
import { cancelOnDisconnect } from './cancelOnDisconnect.js';
import { downstreamSessionMachine } from './downstreamSession.js';
import type { ClientSession, SessionHost } from './host.js';
import { statelessRequest } from './stateless.js';
import { Listens } from './statelessListen.js';

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Modern-only methods take the modern path even without `_meta` (so they get -32602, not -32600). */
const isModern = (request: JsonRpcRequest): boolean =>
  claimsModern(request) ||
  request.method === 'server/discover' ||
  request.method === 'subscriptions/listen';

const PING: InboundEvent = { kind: 'result', result: {} };
const NOTIFY = { type: 'NOTIFY' } as const;
/** The machine's guards treat every method but `initialize` and `ping` alike: one stands for all. */
const ROUTED = { type: 'REQUEST', method: 'tools/call' } as const;
const PING_REQUEST = { type: 'REQUEST', method: 'ping' } as const;

/**
 * What the machine allows in its current state, asked once per transition rather than per
 * message (`snapshot.can` costs ~0.7 µs; a routed request asks twice). The machine stays the
 * only judge: these are its answers, refreshed on every snapshot.
 */
interface Allowed {
  /** A routed request (not `initialize`, not `ping`). */
  readonly routed: boolean;
  readonly ping: boolean;
  readonly notify: boolean;
  /** The state is `ready` (no event needs sending for a routed request). */
  readonly ready: boolean;
  readonly awaitingInitialize: boolean;
}

type SessionSnapshot = ReturnType<Actor<typeof downstreamSessionMachine>['getSnapshot']>;

/**
 * The connection each session's machine closes, by the session actor's system (one system per
 * root actor). The machine is provided once for every session: `provide` per session built a
 * new machine (its state nodes and closures, ~1 KB, and ~15 KB of heap per session in all).
 */
const closers = new WeakMap<object, Connection>();
const sessionMachine = downstreamSessionMachine.provide({
  actors: {
    closeConnection: fromPromise(async ({ system }) => {
      await closers.get(system)?.close();
    }),
  },
});

const allowedIn = (snapshot: SessionSnapshot): Allowed => ({
  routed: snapshot.can(ROUTED),
  ping: snapshot.can(PING_REQUEST),
  notify: snapshot.can(NOTIFY),
  ready: snapshot.matches('ready'),
  awaitingInitialize: snapshot.matches('awaitingInitialize'),
});

/** The machine's initial state, before any event: where every connection starts. */
const INITIAL: SessionSnapshot = createActor(sessionMachine, {
  input: { sessionId: '' },
}).getSnapshot();
const INITIAL_ALLOWED = allowedIn(INITIAL);

export class DownstreamSession implements ClientSession {
  readonly id: string;
  readonly connection: Connection;
  readonly closed: Promise<void>;
  readonly #host: SessionHost;
  /** The lifecycle machine, started by the first thing that needs it (`#machine`). */
  #actor: Actor<typeof sessionMachine> | undefined;
  /** The context while no machine runs: the initial one, with this session's id. */
  #initialContext: RequestContext | undefined;
  /** The connection has closed (the machine, if started later, is told at once). */
  #ended = false;
  /** Modern `subscriptions/listen` streams open on this connection (stateless.ts). */
  readonly #listens: Listens;
  /**
   * Who the client is: the principal given to `Router.connect`, else the one the listener
   * authenticated (`Transport.principal`, set before the transport is handed out).
   */
  readonly #identity: Principal | undefined;
  /** The id of that principal, for modern requests' `requestState`. */
  readonly #principal: string | undefined;
  #allowed: Allowed;

  /** The profile the client is in (`mcpMux.profiles`): the router serves it only that part. */
  readonly profile: string | undefined;

  /**
   * `principal`: who the client is, when the embedder says so (over the transport's own);
   * `profile`: the profile it is in (over the transport's own, its URL path's).
   */
  constructor(
    host: SessionHost,
    transport: Transport,
    id: string,
    principal?: Principal,
    profile?: string,
  ) {
    this.id = id;
    this.#identity = principal ?? transport.principal;
    this.profile = profile ?? transport.profile;
    this.#host = host;
    this.#principal = this.#identity?.id;
    const log = host.log.child(`downstream ${id}`);
    this.connection = new Connection(transport, {
      name: `downstream ${id}`,
      log,
      scheduler: host.scheduler,
      allowBatch: () => allowsBatch(this.context.protocolVersion),
      handlers: {
        request: (request, inbound) => this.#onRequest(request, inbound),
        notification: (notification) => this.#onNotification(notification),
      },
    });
    const connection = this.connection;
    this.#listens = new Listens(connection, this.#identity, this.profile);
    this.#allowed = INITIAL_ALLOWED;
    const disconnects = cancelOnDisconnect(transport, connection, {
      graceMs: host.disconnectGraceMs,
      scheduler: host.scheduler,
      log,
    });
    this.closed = new Promise<void>((resolve) => {
      connection.closed$.subscribe({
        complete: () => {
          disconnects.unsubscribe();
          this.#ended = true;
          this.#actor?.send({ type: 'CLOSED' });
          resolve();
        },
      });
    });
  }

  /** The lifecycle machine, started on first use (told at once if the connection has closed). */
  #machine(): Actor<typeof sessionMachine> {
    if (this.#actor !== undefined) return this.#actor;
    const actor = createActor(sessionMachine, { input: { sessionId: this.id } });
    this.#actor = actor;
    closers.set(actor.system, this.connection);
    actor.subscribe((snapshot) => {
      this.#allowed = allowedIn(snapshot);
    });
    actor.start();
    this.#allowed = allowedIn(actor.getSnapshot());
    if (this.#ended) actor.send({ type: 'CLOSED' });
    return actor;
  }

  /** The machine's state, for logs and tests; decisions use the machine's guards. */
  get state(): string {
    return String(this.#machine().getSnapshot().value);
  }

  /** Who the client is (given to `connect`, or its transport's principal), for the access policy. */
  get identity(): Principal | undefined {
    return this.#identity;
  }

  /** The request context, owned by the machine (filled from `initialize`). */
  get context(): RequestContext {
    if (this.#actor !== undefined) return this.#actor.getSnapshot().context;
    this.#initialContext ??= { ...INITIAL.context, sessionId: this.id };
    return this.#initialContext;
  }

  get isClosed(): boolean {
    return !this.#machine().getSnapshot().hasTag('open');
  }

  /** `logging/setLevel`: the least severe level this session receives (router/logLevels.ts). */
  setLogLevel(level: LoggingLevel): void {
    this.#machine().send({ type: 'SET_LOG_LEVEL', level });
  }

  /** Sends a notification if the client may receive one (after `initialize`, before closing). */
  notifyIfReady(method: string, params?: JsonObject): void {
    if (this.#allowed.notify) this.connection.notify(method, params);
    if (this.#listens.size > 0) this.#listens.deliver(method, params);
  }

  /** Closes the session (its connection); resolves once closed. */
  close(): Promise<void> {
    this.#listens.endAll(); // graceful closure of modern listens
    this.#machine().send({ type: 'CLOSE' });
    return this.closed;
  }

  /** The request entry point: every request the client sends comes here. */
  #onRequest(request: JsonRpcRequest, inbound: InboundContext): Observable<InboundEvent> {
    const { method } = request;
    // Modern era (2026-07-28), per message: a request claiming it on a connection that never
    // sent `initialize` is served statelessly (basic/versioning, "dual-era server").
    const allowed = this.#allowed;
    if (allowed.awaitingInitialize && isModern(request)) {
      return statelessRequest(this.#host, request, {
        connectionId: this.id,
        inbound,
        identity: this.#identity,
        profile: this.profile,
        listens: this.#listens,
        principal: this.#principal,
      });
    }
    if (method === 'initialize') return this.#initialize(request);
    if (method === 'ping') {
      if (!allowed.ping) throw this.#refusal(method);
      return of(PING);
    }
    if (!allowed.routed) throw this.#refusal(method);
    // Only the first request before `notifications/initialized` changes the state.
    if (!allowed.ready) this.#machine().send({ type: 'REQUEST', method });
    return this.#host.route(request, {
      context: this.context,
      session: this,
      inbound,
      identity: this.#identity,
      profile: this.profile,
    });
  }

  #refusal(method: string): RpcError {
    const snapshot = this.#machine().getSnapshot();
    if (!snapshot.hasTag('open')) {
      return new RpcError(ErrorCode.InvalidRequest, `Session ${this.id} is closing`);
    }
    return new RpcError(
      ErrorCode.InvalidRequest,
      `Session not initialized: the first request must be "initialize", got "${method}"`,
    );
  }

  #onNotification(notification: JsonRpcNotification): void {
    if (notification.method === 'notifications/initialized') {
      this.#machine().send({ type: 'INITIALIZED' });
      if (!this.isClosed) this.#host.initialized?.(this);
    } else if (notification.method === 'notifications/roots/list_changed') {
      this.#host.rootsListChanged(this);
    }
  }

  #initialize(request: JsonRpcRequest): Observable<InboundEvent> {
    const params = request.params ?? {};
    if (typeof params.protocolVersion !== 'string') {
      throw new RpcError(
        ErrorCode.InvalidParams,
        'initialize: params.protocolVersion must be a string',
      );
    }
    const event = {
      type: 'INITIALIZE',
      protocolVersion: negotiateVersion(params.protocolVersion),
      clientCapabilities: isObject(params.capabilities) ? params.capabilities : {},
      clientInfo: isObject(params.clientInfo) ? (params.clientInfo as ClientInfo) : undefined,
    } as const;
    if (!this.#machine().getSnapshot().can(event)) {
      throw this.isClosed
        ? this.#refusal('initialize')
        : new RpcError(ErrorCode.InvalidRequest, 'initialize was already received on this session');
    }
    this.#machine().send(event);
    const host = this.#host;
    return from(host.whenStarted()).pipe(
      map((): InboundEvent => {
        const result: JsonObject = {
          protocolVersion: event.protocolVersion,
          capabilities: host.capabilities(event.protocolVersion),
          serverInfo: host.serverInfo,
        };
        const instructions = host.instructions();
        if (instructions !== undefined) result.instructions = instructions;
        return { kind: 'result', result };
      }),
    );
  }
}
