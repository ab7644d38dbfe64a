/**
 * One configured upstream: its supervised session (a fresh session machine per attempt,
 * restarted with backoff: `upstreamSupervisor.ts`), its admission (p-queue, fair between
 * sessions, bounded: `admission.ts`) and the connection while it is ready.
 *
 * ONE way to call the upstream: `request$` (and `call`/`listAll`, built on it) admits the
 * request through the queue (immediate overload error when the queue is full), bounds its
 * wait by its own timeout, and completes, errors or cancels exactly as the upstream's request
 * does; failures reach the client as RpcErrors naming the upstream and the reason
 * (`upstreamErrors.ts`). Only the supervisor's keepalive ping bypasses it (a ping must not
 * wait behind a full queue to prove the upstream alive).
 *
 * All time comes from `clock` (default: the real one; tests pass XState's `SimulatedClock`).
 */
import { filter, lastValueFrom, map } from 'rxjs';
import { keepalivePolicyOf, restartPolicyOf } from '../../core/config/index.js';
import { ErrorCode, LocalError, RpcError } from '../../core/errors/index.js';
import { silentLogger } from '../../core/log/index.js';
import { LATEST_LEGACY_VERSION } from '../../core/mcp/index.js';
import { Admission } from './admission.js';
import { realClock } from './clock.js';
import { ModernCalls } from './modernCalls.js';
import { ModernListen } from './modernListen.js';
import { upstreamCall$ } from './upstreamCall.js';
import { UpstreamSupervisor } from './upstreamSupervisor.js';
/** What a modern upstream serves through `subscriptions/listen` (`#subscribeModern`). */
const RESOURCE_SUBSCRIPTIONS = new Set([
    'resources/subscribe',
    'resources/unsubscribe',
]);
/** The queue lane of requests that come with no session (modern-era, stateless). */
export const SESSIONLESS_LANE = '';
/** The longest list an upstream may return, in pages, before the router stops asking. */
const MAX_LIST_PAGES = 1_000;
export class Upstream {
    name;
    config;
    #queue;
    #supervisor;
    #clock;
    #state = 'connecting';
    #startedAt;
    /** Why mcp-mux itself closes the connection (told to requests it fails). */
    #closeReason;
    #log;
    #clientInfo;
    /** What mcp-mux's own requests to a modern upstream declare. */
    #modernCapabilities = {};
    /** Modern upstreams: what changes about a request (modernCalls.ts). */
    #modern;
    /** Modern upstreams: the `ttlMs` of each list method's last fetch (the smallest page's). */
    #listTtl = new Map();
    /** Modern upstreams: the `subscriptions/listen` for list changes while ready. */
    #listen;
    /** Modern upstreams: the resource URIs subscribed to (in the listen's filter). */
    #resources = new Set();
    /** What each `request$` reads of this upstream (upstreamCall.ts). */
    #callHost;
    /** A dual-era upstream's ready legacy connection (legacyConnections.ts). */
    #legacy;
    constructor(options) {
        this.name = options.config.name;
        this.config = options.config;
        this.#clock = options.clock ?? realClock;
        this.#startedAt = this.#clock.now();
        this.#log = options.log ?? silentLogger;
        this.#clientInfo = options.clientInfo;
        this.#modern = new ModernCalls({
            name: this.name,
            clientInfo: options.clientInfo,
            capabilities: this.#modernCapabilities,
            http: options.config.transport === 'streamable-http',
            log: this.#log,
        });
        this.#queue = new Admission({
            concurrency: options.config.concurrency,
            maxQueue: options.config.maxQueue,
            pushedOut: () => this.#overloaded('pushed out of the full queue by another session'),
            clock: this.#clock,
        });
        const upstream = this;
        this.#callHost = {
            name: this.name,
            get connection() {
                return upstream.connection;
            },
            get server() {
                return upstream.server;
            },
            queue: this.#queue,
            modern: this.#modern,
            unavailable: () => this.unavailable(),
            overloaded: () => this.#overloaded(),
            expired: (method, limit, idle) => this.#expired(method, limit, idle),
            localReason: () => this.#localReason(),
        };
        const supervised = options.supervised === true;
        const restart = restartPolicyOf(this.config);
        const keepalive = keepalivePolicyOf(this.config);
        this.#supervisor = new UpstreamSupervisor({
            name: this.name,
            restart: supervised ? restart : { ...restart, maxRestarts: 0 },
            keepalive: supervised ? keepalive : { ...keepalive, intervalMs: 0 },
            verbose: supervised,
            log: options.log ?? silentLogger,
            session: {
                name: this.name,
                open: (signal) => options.open(options.config, signal),
                clientInfo: options.clientInfo,
                capabilities: options.capabilities,
                protocolVersion: options.protocolVersion ?? LATEST_LEGACY_VERSION,
                initializeTimeoutMs: options.config.initializeTimeoutMs ?? options.initializeTimeoutMs,
                // HTTP+SSE is a legacy-only transport: nothing to probe there.
                protocol: options.config.transport === 'sse' ? 'legacy' : (options.config.protocol ?? 'auto'),
                modernCapabilities: this.#modernCapabilities,
                log: this.#log,
            },
            onSessionState: (value) => {
                const state = value;
                if (state === this.#state)
                    return;
                if (state === 'connecting')
                    this.#startedAt = this.#clock.now();
                this.#state = state;
                this.#listen?.stop();
                this.#listen = undefined;
                options.onState(this, state);
                if (state === 'ready' && supervised)
                    void this.#listenForChanges();
            },
            onStatus: (status) => options.onStatus?.(this, status),
            clock: this.#clock,
            ...(options.random ? { random: options.random } : {}),
        });
    }
    start() {
        this.#supervisor.start();
    }
    /**
     * A ready modern upstream's list changes come from a `subscriptions/listen` (modernListen.ts),
     * opened now or, for a resource subscription (`soon`), on the next turn with the whole burst
     * (resolves once it is sent).
     */
    #listenForChanges(soon = false) {
        const connection = this.connection;
        const server = this.server;
        if (!connection || server?.era !== 'modern')
            return Promise.resolve();
        this.#listen = new ModernListen({
            name: this.name,
            connection,
            server,
            clientInfo: this.#clientInfo,
            capabilities: this.#modernCapabilities,
            clock: this.#clock,
            log: this.#log,
            resources: this.#resources,
        });
        if (soon)
            return this.#listen.restartSoon();
        this.#listen.start();
        return Promise.resolve();
    }
    /** Whether a modern upstream's list changes reach mcp-mux (a listen is open for them). */
    get listensForChanges() {
        return this.#listen?.wanted === true;
    }
    /**
     * The ready legacy connection that serves legacy sessions when this (modern) upstream speaks
     * both eras; set and cleared by `LegacyConnections` (legacyConnections.ts).
     */
    get legacy() {
        return this.#legacy;
    }
    set legacy(connection) {
        this.#legacy = connection;
    }
    /** When the current attempt started connecting. */
    get startedAt() {
        return this.#startedAt;
    }
    /** `ready`, `degraded` (keepalive failing, or restarted recently) or `down`. */
    get health() {
        return this.#supervisor.status.health;
    }
    /** Restarts, backoff and keepalive of the supervisor. */
    get supervision() {
        return this.#supervisor.status;
    }
    /** Restarts now with the backoff reset (brings back an upstream that was given up on). */
    restart(reason) {
        this.#supervisor.restart(reason);
    }
    get state() {
        return this.#state;
    }
    get error() {
        return this.#supervisor.session?.error ?? this.supervision.lastError;
    }
    get server() {
        return this.#supervisor.session?.server;
    }
    /** The era of the ready (or last) session: `modern` upstreams get `_meta` on every request. */
    get era() {
        return this.server?.era;
    }
    /** The `ttlMs` a modern upstream gave its last `method` list (undefined: none, or legacy). */
    listTtlMs(method) {
        return this.#listTtl.get(method);
    }
    get connection() {
        return this.#state === 'ready' ? this.#supervisor.session?.connection : undefined;
    }
    /** Requests waiting for a slot, and requests running. */
    get load() {
        return { queued: this.#queue.waiting, running: this.#queue.running };
    }
    /** The admission's structures (leak tests expect all zero once idle). */
    queueStats() {
        return this.#queue.stats();
    }
    /**
     * A request through the admission queue, in `lane` (the downstream session id). Errors at
     * once with -32010 when `concurrency + maxQueue` requests are already admitted (see
     * `admission.ts` for who gets pushed out), and with -32011 when the upstream is not ready
     * or fails while the request is in flight (`data: { upstream, reason }`).
     *
     * Deadline: the request's `timeout` (and `maxTotalTimeout`) cover its wait in the queue
     * too: a request still waiting when the smaller of them has passed fails with -31001
     * (`data.queued: true`), and one that waited `w` ms runs with both limits reduced by `w`.
     *
     * `onAdmit` is called synchronously on subscription with the request's place in the queue
     * (not called when it is refused at once: not ready, overloaded).
     */
    request$(method, params, options, lane = SESSIONLESS_LANE, onAdmit) {
        return upstreamCall$(this.#callHost, { method, params, options, lane, onAdmit });
    }
    /**
     * A request of the router's own (subscriptions, log levels, list refreshes): through
     * `request$` with the upstream's timeout and max total time, resolving with the result.
     */
    call(method, params, options = this.#ownOptions()) {
        if (this.era === 'modern' && RESOURCE_SUBSCRIPTIONS.has(method)) {
            return this.#subscribeModern(method, params);
        }
        return lastValueFrom(this.request$(method, params, options).pipe(filter((event) => event.kind === 'result'), map((event) => event.result)));
    }
    /**
     * `resources/subscribe` / `unsubscribe` toward a modern upstream, which has neither: the URI
     * joins (or leaves) the filter of its `subscriptions/listen`, which is opened again with it
     * on the next turn (once for a burst of changes: `ModernListen.restartSoon`); the answer
     * waits until the new listen is sent.
     */
    async #subscribeModern(method, params) {
        if (!this.connection)
            throw this.unavailable();
        const { uri } = params;
        if (typeof uri !== 'string') {
            throw new RpcError(ErrorCode.InvalidParams, `${method}: params.uri must be a string`);
        }
        const had = this.#resources.has(uri);
        if (method === 'resources/subscribe')
            this.#resources.add(uri);
        else
            this.#resources.delete(uri);
        if (had !== this.#resources.has(uri)) {
            await (this.#listen ? this.#listen.restartSoon() : this.#listenForChanges(true));
        }
        return {};
    }
    #ownOptions() {
        const { timeoutMs, maxTotalTimeoutMs } = this.config;
        return maxTotalTimeoutMs === undefined
            ? { timeout: timeoutMs }
            : { timeout: timeoutMs, maxTotalTimeout: maxTotalTimeoutMs };
    }
    /** The error of a request whose deadline passed while it waited for a slot. */
    #expired(method, limit, idle) {
        return new LocalError(idle ? 'timeout' : 'max-total-timeout', `Request ${method} to upstream "${this.name}" timed out after ${limit} ms waiting in its queue (${this.#queue.running} running, ${this.#queue.waiting} waiting)`, { method, queued: true, [idle ? 'idle' : 'maxTotal']: limit });
    }
    /**
     * Fails every admitted request (queued and running) with `error`; running ones are
     * cancelled upstream (`notifications/cancelled`). Used by shutdown after its deadline.
     */
    cancelAll(error) {
        this.#queue.cancelAll(error);
    }
    #overloaded(detail) {
        const { maxQueue } = this.config;
        return new RpcError(ErrorCode.Overloaded, `Upstream "${this.name}" is overloaded: ${detail ?? `${maxQueue} requests are already queued`}`, detail === undefined
            ? { upstream: this.name, maxQueue }
            : { upstream: this.name, maxQueue, reason: detail });
    }
    /** The reason given to requests failed by a close that mcp-mux made. */
    #localReason() {
        return this.#closeReason ?? this.#supervisor.failing ?? this.#supervisor.session?.error;
    }
    /** Fetches every page of a list method through `call` (queue, timeout, max total time). */
    async listAll(method, key) {
        if (!this.connection)
            throw this.unavailable();
        const items = [];
        const seen = new Set();
        let cursor;
        const modern = this.era === 'modern';
        let ttl;
        for (let page = 0; page < MAX_LIST_PAGES; page++) {
            const result = await this.call(method, cursor === undefined ? {} : { cursor });
            const list = result[key];
            if (Array.isArray(list))
                items.push(...list);
            const pageTtl = result.ttlMs;
            if (modern && typeof pageTtl === 'number' && Number.isInteger(pageTtl) && pageTtl >= 0) {
                ttl = ttl === undefined ? pageTtl : Math.min(ttl, pageTtl);
            }
            const next = result.nextCursor;
            if (typeof next !== 'string' || seen.has(next))
                break;
            seen.add(next);
            cursor = next;
        }
        if (ttl === undefined)
            this.#listTtl.delete(method);
        else
            this.#listTtl.set(method, ttl);
        return modern && method === 'tools/list' ? this.#modern.tools(items) : items;
    }
    unavailable(why) {
        const reason = why ?? this.error ?? `upstream is ${this.#state}`;
        return new RpcError(ErrorCode.UpstreamUnavailable, `Upstream "${this.name}" is unavailable: ${reason}`, { upstream: this.name, state: this.#state, reason });
    }
    /**
     * Stops supervising and closes the connection (stdio: stdin close, SIGTERM, SIGKILL of the
     * process group); resolves when that is done. Queued requests fail at once with -32011,
     * running ones when the connection closes, both naming `reason`.
     */
    async close(reason = 'the upstream was closed by mcp-mux') {
        this.#closeReason ??= reason;
        this.#queue.cancelAll(this.unavailable(this.#closeReason));
        this.#listen?.stop();
        await this.#supervisor.stop();
        await this.#supervisor.session?.connection?.close();
    }
}
//# sourceMappingURL=upstream.js.map