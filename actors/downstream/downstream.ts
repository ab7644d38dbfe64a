/**
 * One downstream client session: a connection to the client and its lifecycle machine
 * (`downstreamSession.ts`), which owns the request context and decides what is allowed. The
 * session keeps no state of its own: it reads the machine's snapshot. It depends on its host
 * (`SessionHost`, the router) only through that interface.
 */
import { from, map, type Observable, of } from 'rxjs';
import { createActor, fromPromise } from 'xstate';
import type { ClientInfo, RequestContext } from '../../core/mcp/context.js';
import type { LoggingLevel } from '../../core/mcp/logLevel.js';
import { claimsModern } from '../../core/mcp/modernRequest.js';
import { allowsBatch, negotiateVersion } from '../../core/mcp/versions.js';
import { Connection, type InboundContext, type InboundEvent } from '../../core/rpc/connection.js';
import { ErrorCode, RpcError } from '../../core/rpc/errors.js';
import type { JsonObject, JsonRpcNotification, JsonRpcRequest } from '../../core/rpc/jsonrpc.js';
import type { Transport } from '../../core/rpc/transport.js';
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

export class DownstreamSession implements ClientSession {
  readonly id: string;
  readonly connection: Connection;
  readonly closed: Promise<void>;
  readonly #host: SessionHost;
  readonly #actor;
  /** Modern `subscriptions/listen` streams open on this connection (stateless.ts). */
  readonly #listens: Listens;
  /** Who the transport authenticated (HTTP bearer token), for modern requests' `requestState`. */
  readonly #principal: string | undefined;

  constructor(host: SessionHost, transport: Transport, id: string) {
    this.id = id;
    this.#host = host;
    this.#principal = transport.principal;
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
    this.#listens = new Listens(connection);
    const machine = downstreamSessionMachine.provide({
      actors: { closeConnection: fromPromise(() => connection.close()) },
    });
    this.#actor = createActor(machine, { input: { sessionId: id } }).start();
    const disconnects = cancelOnDisconnect(transport, connection, {
      graceMs: host.disconnectGraceMs,
      scheduler: host.scheduler,
      log,
    });
    this.closed = new Promise<void>((resolve) => {
      connection.closed$.subscribe({
        complete: () => {
          disconnects.unsubscribe();
          this.#actor.send({ type: 'CLOSED' });
          resolve();
        },
      });
    });
  }

  /** The machine's state, for logs and tests; decisions use the machine's guards. */
  get state(): string {
    return String(this.#actor.getSnapshot().value);
  }

  /** The request context, owned by the machine (filled from `initialize`). */
  get context(): RequestContext {
    return this.#actor.getSnapshot().context;
  }

  get isClosed(): boolean {
    return !this.#actor.getSnapshot().hasTag('open');
  }

  /** `logging/setLevel`: the least severe level this session receives (router/logLevels.ts). */
  setLogLevel(level: LoggingLevel): void {
    this.#actor.send({ type: 'SET_LOG_LEVEL', level });
  }

  /** Sends a notification if the client may receive one (after `initialize`, before closing). */
  notifyIfReady(method: string, params?: JsonObject): void {
    if (this.#actor.getSnapshot().can(NOTIFY)) this.connection.notify(method, params);
    if (this.#listens.size > 0) this.#listens.deliver(method, params);
  }

  /** Closes the session (its connection); resolves once closed. */
  close(): Promise<void> {
    this.#listens.endAll(); // graceful closure of modern listens
    this.#actor.send({ type: 'CLOSE' });
    return this.closed;
  }

  /** The request entry point: every request the client sends comes here. */
  #onRequest(request: JsonRpcRequest, inbound: InboundContext): Observable<InboundEvent> {
    const { method } = request;
    // Modern era (2026-07-28), per message: a request claiming it on a connection that never
    // sent `initialize` is served statelessly (basic/versioning, "dual-era server").
    if (isModern(request) && this.#actor.getSnapshot().matches('awaitingInitialize')) {
      return statelessRequest(this.#host, request, {
        connectionId: this.id,
        inbound,
        listens: this.#listens,
        principal: this.#principal,
      });
    }
    if (method === 'initialize') return this.#initialize(request);
    const event = { type: 'REQUEST', method } as const;
    const snapshot = this.#actor.getSnapshot();
    if (!snapshot.can(event)) throw this.#refusal(method);
    if (method === 'ping') return of(PING);
    // Only the first request before `notifications/initialized` changes the state.
    if (!snapshot.matches('ready')) this.#actor.send(event);
    return this.#host.route(request, { context: this.context, session: this, inbound });
  }

  #refusal(method: string): RpcError {
    const snapshot = this.#actor.getSnapshot();
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
      this.#actor.send({ type: 'INITIALIZED' });
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
    if (!this.#actor.getSnapshot().can(event)) {
      throw this.isClosed
        ? this.#refusal('initialize')
        : new RpcError(ErrorCode.InvalidRequest, 'initialize was already received on this session');
    }
    this.#actor.send(event);
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
