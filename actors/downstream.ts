/**
 * One downstream client session: a connection to the client, its lifecycle machine, and the
 * request context every routed request carries.
 */
import { from, map, type Observable, of } from 'rxjs';
import { createActor } from 'xstate';
import { Connection, type InboundContext, type InboundEvent } from '../core/connection.js';
import type { ClientInfo, RequestContext } from '../core/context.js';
import { ErrorCode, RpcError } from '../core/errors.js';
import type { JsonObject, JsonRpcNotification, JsonRpcRequest } from '../core/jsonrpc.js';
import type { LoggingLevel } from '../core/logLevel.js';
import { allowsBatch, negotiateVersion } from '../core/versions.js';
import type { Transport } from '../transports/transport.js';
import { cancelOnDisconnect } from './cancelOnDisconnect.js';
import { downstreamSessionMachine } from './downstreamSession.js';
import type { Router } from './router.js';
import { route } from './routes/index.js';

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export class DownstreamSession {
  readonly id: string;
  readonly connection: Connection;
  readonly closed: Promise<void>;
  readonly #router: Router;
  readonly #actor;
  #context: RequestContext;

  constructor(router: Router, transport: Transport, id: string) {
    this.id = id;
    this.#router = router;
    this.#actor = createActor(downstreamSessionMachine, { input: { sessionId: id } }).start();
    this.#context = {
      protocolVersion: '',
      clientCapabilities: {},
      clientInfo: undefined,
      sessionId: id,
    };
    this.connection = new Connection(transport, {
      name: `downstream ${id}`,
      log: router.log.child(`downstream ${id}`),
      scheduler: router.scheduler,
      allowBatch: () => allowsBatch(this.#context.protocolVersion),
      handlers: {
        request: (request, inbound) => this.#onRequest(request, inbound),
        notification: (notification) => this.#onNotification(notification),
      },
    });
    const disconnects = cancelOnDisconnect(transport, this.connection, {
      graceMs: router.disconnectGraceMs,
      scheduler: router.scheduler,
      log: router.log.child(`downstream ${id}`),
    });
    this.closed = new Promise<void>((resolve) => {
      this.connection.closed$.subscribe({
        complete: () => {
          disconnects.unsubscribe();
          this.#actor.send({ type: 'CLOSE' });
          resolve();
        },
      });
    });
  }

  get state(): string {
    return String(this.#actor.getSnapshot().value);
  }

  get context(): RequestContext {
    return this.#context;
  }

  /** `logging/setLevel`: the least severe level this session receives (actors/logLevels.ts). */
  setLogLevel(level: LoggingLevel): void {
    this.#context = { ...this.#context, logLevel: level };
  }

  /** Sends a notification if the client has finished initializing. */
  notifyIfReady(method: string, params?: JsonObject): void {
    if (this.state === 'ready' || this.state === 'initializing') {
      this.connection.notify(method, params);
    }
  }

  close(): Promise<void> {
    return this.connection.close();
  }

  #onRequest(request: JsonRpcRequest, inbound: InboundContext): Observable<InboundEvent> {
    const { method } = request;
    if (method === 'ping') return of({ kind: 'result', result: {} });
    if (method === 'initialize') return this.#initialize(request);
    const state = this.state;
    if (state === 'awaitingInitialize') {
      throw new RpcError(
        ErrorCode.InvalidRequest,
        `Session not initialized: the first request must be "initialize", got "${method}"`,
      );
    }
    if (state === 'initializing') this.#actor.send({ type: 'REQUEST' });
    return route(this.#router, request, { context: this.#context, session: this, inbound });
  }

  #onNotification(notification: JsonRpcNotification): void {
    if (notification.method === 'notifications/initialized') {
      this.#actor.send({ type: 'INITIALIZED' });
    } else if (notification.method === 'notifications/roots/list_changed') {
      this.#router.serverRequests.rootsListChanged(this);
    }
  }

  #initialize(request: JsonRpcRequest): Observable<InboundEvent> {
    if (this.state !== 'awaitingInitialize') {
      throw new RpcError(
        ErrorCode.InvalidRequest,
        'initialize was already received on this session',
      );
    }
    const params = request.params ?? {};
    if (typeof params.protocolVersion !== 'string') {
      throw new RpcError(
        ErrorCode.InvalidParams,
        'initialize: params.protocolVersion must be a string',
      );
    }
    const protocolVersion = negotiateVersion(params.protocolVersion);
    const clientCapabilities = isObject(params.capabilities) ? params.capabilities : {};
    const clientInfo = isObject(params.clientInfo) ? (params.clientInfo as ClientInfo) : undefined;
    this.#context = { protocolVersion, clientCapabilities, clientInfo, sessionId: this.id };
    this.#actor.send({ type: 'INITIALIZE', protocolVersion, clientCapabilities, clientInfo });
    return from(this.#router.whenStarted()).pipe(
      map((): InboundEvent => {
        const result: JsonObject = {
          protocolVersion,
          capabilities: this.#router.capabilities(),
          serverInfo: this.#router.serverInfo,
        };
        const instructions = this.#router.instructions();
        if (instructions !== undefined) result.instructions = instructions;
        return { kind: 'result', result };
      }),
    );
  }
}
