/**
 * One downstream client session: a connection to the client and its lifecycle machine
 * (`downstreamSession.ts`), which owns the request context and decides what is allowed. The
 * session keeps no state of its own: it reads the machine's snapshot. It depends on its host
 * (`SessionHost`, the router) only through that interface.
 */
import { from, map, of } from 'rxjs';
import { createActor, fromPromise } from 'xstate';
import { ErrorCode, RpcError } from '../../core/errors/index.js';
import { allowsBatch, claimsModern, negotiateVersion } from '../../core/mcp/index.js';
import { Connection } from '../../core/rpc/index.js';
import { cancelOnDisconnect } from './cancelOnDisconnect.js';
import { downstreamSessionMachine } from './downstreamSession.js';
import { statelessRequest } from './stateless.js';
import { Listens } from './statelessListen.js';
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/** Modern-only methods take the modern path even without `_meta` (so they get -32602, not -32600). */
const isModern = (request) => claimsModern(request) ||
    request.method === 'server/discover' ||
    request.method === 'subscriptions/listen';
const PING = { kind: 'result', result: {} };
const NOTIFY = { type: 'NOTIFY' };
/** The machine's guards treat every method but `initialize` and `ping` alike: one stands for all. */
const ROUTED = { type: 'REQUEST', method: 'tools/call' };
const PING_REQUEST = { type: 'REQUEST', method: 'ping' };
/**
 * The connection each session's machine closes, by the session actor's system (one system per
 * root actor). The machine is provided once for every session: `provide` per session built a
 * new machine (its state nodes and closures, ~1 KB, and ~15 KB of heap per session in all).
 */
const closers = new WeakMap();
const sessionMachine = downstreamSessionMachine.provide({
    actors: {
        closeConnection: fromPromise(async ({ system }) => {
            await closers.get(system)?.close();
        }),
    },
});
const allowedIn = (snapshot) => ({
    routed: snapshot.can(ROUTED),
    ping: snapshot.can(PING_REQUEST),
    notify: snapshot.can(NOTIFY),
    ready: snapshot.matches('ready'),
    awaitingInitialize: snapshot.matches('awaitingInitialize'),
});
export class DownstreamSession {
    id;
    connection;
    closed;
    #host;
    #actor;
    /** Modern `subscriptions/listen` streams open on this connection (stateless.ts). */
    #listens;
    /**
     * Who the client is: the principal given to `Router.connect`, else the one the listener
     * authenticated (`Transport.principal`, set before the transport is handed out).
     */
    #identity;
    /** The id of that principal, for modern requests' `requestState`. */
    #principal;
    #allowed;
    /** The profile the client is in (`mcpMux.profiles`): the router serves it only that part. */
    profile;
    /**
     * `principal`: who the client is, when the embedder says so (over the transport's own);
     * `profile`: the profile it is in (over the transport's own, its URL path's).
     */
    constructor(host, transport, id, principal, profile) {
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
        this.#actor = createActor(sessionMachine, { input: { sessionId: id } });
        closers.set(this.#actor.system, connection);
        this.#allowed = allowedIn(this.#actor.getSnapshot());
        this.#actor.subscribe((snapshot) => {
            this.#allowed = allowedIn(snapshot);
        });
        this.#actor.start();
        this.#allowed = allowedIn(this.#actor.getSnapshot());
        const disconnects = cancelOnDisconnect(transport, connection, {
            graceMs: host.disconnectGraceMs,
            scheduler: host.scheduler,
            log,
        });
        this.closed = new Promise((resolve) => {
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
    get state() {
        return String(this.#actor.getSnapshot().value);
    }
    /** Who the client is (given to `connect`, or its transport's principal), for the access policy. */
    get identity() {
        return this.#identity;
    }
    /** The request context, owned by the machine (filled from `initialize`). */
    get context() {
        return this.#actor.getSnapshot().context;
    }
    get isClosed() {
        return !this.#actor.getSnapshot().hasTag('open');
    }
    /** `logging/setLevel`: the least severe level this session receives (router/logLevels.ts). */
    setLogLevel(level) {
        this.#actor.send({ type: 'SET_LOG_LEVEL', level });
    }
    /** Sends a notification if the client may receive one (after `initialize`, before closing). */
    notifyIfReady(method, params) {
        if (this.#allowed.notify)
            this.connection.notify(method, params);
        if (this.#listens.size > 0)
            this.#listens.deliver(method, params);
    }
    /** Closes the session (its connection); resolves once closed. */
    close() {
        this.#listens.endAll(); // graceful closure of modern listens
        this.#actor.send({ type: 'CLOSE' });
        return this.closed;
    }
    /** The request entry point: every request the client sends comes here. */
    #onRequest(request, inbound) {
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
        if (method === 'initialize')
            return this.#initialize(request);
        if (method === 'ping') {
            if (!allowed.ping)
                throw this.#refusal(method);
            return of(PING);
        }
        if (!allowed.routed)
            throw this.#refusal(method);
        // Only the first request before `notifications/initialized` changes the state.
        if (!allowed.ready)
            this.#actor.send({ type: 'REQUEST', method });
        return this.#host.route(request, {
            context: this.context,
            session: this,
            inbound,
            identity: this.#identity,
            profile: this.profile,
        });
    }
    #refusal(method) {
        const snapshot = this.#actor.getSnapshot();
        if (!snapshot.hasTag('open')) {
            return new RpcError(ErrorCode.InvalidRequest, `Session ${this.id} is closing`);
        }
        return new RpcError(ErrorCode.InvalidRequest, `Session not initialized: the first request must be "initialize", got "${method}"`);
    }
    #onNotification(notification) {
        if (notification.method === 'notifications/initialized') {
            this.#actor.send({ type: 'INITIALIZED' });
            if (!this.isClosed)
                this.#host.initialized?.(this);
        }
        else if (notification.method === 'notifications/roots/list_changed') {
            this.#host.rootsListChanged(this);
        }
    }
    #initialize(request) {
        const params = request.params ?? {};
        if (typeof params.protocolVersion !== 'string') {
            throw new RpcError(ErrorCode.InvalidParams, 'initialize: params.protocolVersion must be a string');
        }
        const event = {
            type: 'INITIALIZE',
            protocolVersion: negotiateVersion(params.protocolVersion),
            clientCapabilities: isObject(params.capabilities) ? params.capabilities : {},
            clientInfo: isObject(params.clientInfo) ? params.clientInfo : undefined,
        };
        if (!this.#actor.getSnapshot().can(event)) {
            throw this.isClosed
                ? this.#refusal('initialize')
                : new RpcError(ErrorCode.InvalidRequest, 'initialize was already received on this session');
        }
        this.#actor.send(event);
        const host = this.#host;
        return from(host.whenStarted()).pipe(map(() => {
            const result = {
                protocolVersion: event.protocolVersion,
                capabilities: host.capabilities(event.protocolVersion),
                serverInfo: host.serverInfo,
            };
            const instructions = host.instructions();
            if (instructions !== undefined)
                result.instructions = instructions;
            return { kind: 'result', result };
        }));
    }
}
//# sourceMappingURL=downstream.js.map