import { ErrorCode, RpcError } from '../../core/errors/index.js';
import { LATEST_LEGACY_VERSION, routerClientCapabilities } from '../../core/mcp/index.js';
import { Connection } from '../../core/rpc/index.js';
import { IsolatedUpstreams, LegacyConnections, Upstream, } from '../upstream/index.js';
import { CatalogRefresh } from './catalogRefresh.js';
import { KnownNames } from './downUpstreams.js';
import { ALL_KINDS, facadeCapabilities, facadeInstructions, LIST_KINDS, upstreamStatus, } from './facade.js';
import { ListRefreshes } from './listRefreshes.js';
import { upstreamNotifications, upstreamRequests, } from './upstreamInbound.js';
/** What a dual-era upstream serves over its legacy connection only. */
const LEGACY_CONNECTION_METHODS = new Set([
    'resources/subscribe',
    'resources/unsubscribe',
    'logging/setLevel',
]);
export class UpstreamPool {
    #options;
    #upstreams = new Map();
    /** The names each upstream exposed when it was last in the catalog (routes/unavailable.ts). */
    #knownNames = new KnownNames();
    /** The upstreams' lists in the catalog, and their item counts. */
    #lists;
    /** Their list changes, coalesced into refetches (one pipeline per upstream and kind). */
    #changes;
    /** Per-session connections of `sessionMode: "isolated"` upstreams. */
    #isolated;
    /** The legacy connections of dual-era upstreams, for legacy sessions (era-matched). */
    #legacy;
    /** Each upstream's last health, so `onHealth` hears only changes. */
    #health = new WeakMap();
    #closed = false;
    constructor(options) {
        this.#options = options;
        this.#lists = new CatalogRefresh({
            catalog: options.catalog,
            log: options.log,
            configOrder: () => options.config().upstreams,
            isCurrent: (u) => this.#upstreams.get(u.name) === u && u.state === 'ready',
            changed: options.changed,
            quiet: () => this.#closed || options.quiet(),
            schedule: (ms, fn) => {
                const timer = options.scheduler.schedule(fn, ms);
                return () => timer.unsubscribe();
            },
        });
        this.#changes = new ListRefreshes({
            scheduler: options.scheduler,
            refetch: (name, kind) => {
                const upstream = this.#upstreams.get(name);
                return upstream?.state === 'ready' ? this.#lists.refresh(upstream, [kind]) : [];
            },
        });
        this.#isolated = new IsolatedUpstreams({
            open: (cfg, signal, session) => this.#open(cfg, signal, session),
            fallbackClientInfo: options.serverInfo,
            initializeTimeoutMs: options.initializeTimeoutMs,
            log: options.log,
        });
        this.#legacy = new LegacyConnections({
            open: (cfg, signal) => this.#open(cfg, signal, undefined),
            clientInfo: options.serverInfo,
            capabilities: routerClientCapabilities(LATEST_LEGACY_VERSION),
            initializeTimeoutMs: options.initializeTimeoutMs,
            clock: options.clock,
            log: options.log,
        });
    }
    get(name) {
        return this.#upstreams.get(name);
    }
    keys() {
        return this.#upstreams.keys();
    }
    values() {
        return this.#upstreams.values();
    }
    /** A request on `session`'s own connection to an isolated upstream (opened on first use). */
    get isolated() {
        return this.#isolated;
    }
    /** Sessions with their own connections to isolated upstreams. */
    get isolatedSessions() {
        return this.#isolated.size;
    }
    /** One line per upstream (`Router.status`). */
    status() {
        const now = this.#options.scheduler.now();
        return [...this.#upstreams.values()].map((u) => upstreamStatus(u, this.#lists.countsOf(u.name), now));
    }
    /**
     * A request of the router's own to a shared upstream (subscriptions, log levels), through
     * its queue with its timeout and max total time, resolving with the result.
     */
    call(name, method, params) {
        const upstream = this.#upstreams.get(name);
        if (!upstream) {
            return Promise.reject(new RpcError(ErrorCode.UpstreamUnavailable, `Upstream "${name}" is not configured`, {
                upstream: name,
            }));
        }
        // A dual-era upstream's legacy-only methods go over its legacy connection (the
        // subscriptions and log levels of legacy sessions); an unsubscribe also leaves the modern
        // listen's filter, where a subscribe made before the legacy connection was ready went.
        const legacy = upstream.legacy;
        if (legacy !== undefined && LEGACY_CONNECTION_METHODS.has(method)) {
            if (method !== 'resources/unsubscribe')
                return legacy.call(method, params);
            return Promise.all([upstream.call(method, params), legacy.call(method, params)]).then(([result]) => result);
        }
        return upstream.call(method, params);
    }
    /** The connection `session`'s traffic to upstream `name` uses (its own when isolated), if ready. */
    connection(name, session) {
        const upstream = this.#upstreams.get(name);
        return upstream?.config.sessionMode === 'isolated'
            ? this.#isolated.connection(session, name)
            : upstream?.connection;
    }
    /**
     * Opens `session`'s own connection to every enabled isolated upstream it may use
     * (`allowed`: `mcpMux.access`; actors/README.md).
     */
    openIsolated(session, allowed = () => true) {
        for (const upstream of this.#upstreams.values()) {
            if (upstream.config.sessionMode === 'isolated' && allowed(upstream.name))
                this.#isolated.open(upstream.config, session);
        }
    }
    /** The enabled upstreams that are not ready now, with the names they last exposed. */
    down() {
        return this.#knownNames.down(this.status(), (name) => this.#upstreams.get(name)?.config.prefix ?? name, this.#options.config().separator);
    }
    /** What the router answers a shared connection's `roots/list` with (upstreamInbound.ts). */
    rootsOf(name) {
        return this.#upstreams.get(name)?.config.roots ?? [];
    }
    /** The union of the ready upstreams' capabilities; `starting`: some may still come. */
    capabilities(starting) {
        return facadeCapabilities(this.#upstreams.values(), starting);
    }
    instructions() {
        return facadeInstructions(this.#upstreams.values());
    }
    /** Ready shared legacy upstreams that declared `logging` (their level follows the sessions'). */
    *logging() {
        for (const upstream of this.#upstreams.values()) {
            if (upstream.state !== 'ready' || upstream.config.sessionMode === 'isolated')
                continue;
            // 2026-07-28 has no logging/setLevel (the level travels in each request's `_meta`); a
            // dual-era upstream's legacy connection has.
            const legacy = upstream.era === 'modern' ? upstream.legacy : upstream;
            if (legacy?.server?.capabilities.logging !== undefined)
                yield upstream.name;
        }
    }
    /**
     * Some lists of upstream `name` changed (its `list_changed`, a reload's new prefix): each is
     * re-fetched (all pages) into the catalog once its changes settle (listRefreshes.ts), if the
     * upstream is ready then.
     */
    refresh(name, kinds) {
        if (this.#upstreams.get(name)?.state === 'ready')
            this.#changes.changed(name, kinds);
    }
    /** Fails every request admitted to a shared upstream with `error(upstream)`. */
    cancelAll(error) {
        for (const upstream of this.#upstreams.values())
            upstream.cancelAll(error(upstream.name));
    }
    /** Starts a supervised upstream for `config`. */
    add(config) {
        const options = this.#options;
        const upstream = new Upstream({
            config,
            open: (cfg, signal) => this.#open(cfg, signal, undefined),
            clientInfo: options.serverInfo,
            // Shared: whatever the router can route to some client (actors/README.md). Isolated
            // upstreams discover their catalog on this connection with the same capabilities.
            capabilities: routerClientCapabilities(LATEST_LEGACY_VERSION),
            initializeTimeoutMs: options.initializeTimeoutMs,
            onState: (u, state) => this.#onState(u, state),
            onStatus: (u, status) => this.#onHealth(u, status.health),
            supervised: true,
            clock: options.clock,
            log: options.log,
        });
        this.#upstreams.set(config.name, upstream);
        options.log.info(`upstream ${config.name}: connecting (${config.transport})`, {
            upstream: config.name,
        });
        upstream.start();
    }
    /** Takes an upstream out (reload): its catalog part goes at once, then it is closed. */
    async remove(name, reason) {
        const upstream = this.#upstreams.get(name);
        if (!upstream)
            return;
        this.#upstreams.delete(name);
        this.#knownNames.forget(name);
        this.#options.onState(name, 'closed');
        this.#changes.forget(name);
        this.#lists.remove(name);
        for (const kind of ALL_KINDS)
            this.#options.changed(kind, name);
        await Promise.all([this.#legacy.close(name, reason), upstream.close(reason)]);
    }
    /** Closes every connection, isolated ones first. */
    async close(reason) {
        this.#closed = true;
        this.#changes.close();
        await this.#isolated.close();
        await this.#legacy.closeAll(reason);
        await Promise.allSettled([...this.#upstreams.values()].map((u) => u.close(reason)));
    }
    /** A connection to `config`'s upstream; `session`: the one client an isolated one serves. */
    async #open(config, signal, session) {
        const options = this.#options;
        const transport = await options.openTransport(config, signal);
        return new Connection(transport, {
            name: `upstream ${config.name}`,
            log: options.log.child(`upstream ${config.name}`),
            scheduler: options.scheduler,
            handlers: {
                request: (request, inbound) => this.#onRequest(config.name, request, inbound, session),
                notification: (notification) => this.#onNotification(config.name, notification, session),
            },
        });
    }
    #onRequest(name, request, inbound, session) {
        const handler = upstreamRequests[request.method];
        if (!handler) {
            throw new RpcError(ErrorCode.MethodNotFound, `mcp-mux cannot route ${request.method} from upstream ${name}`);
        }
        return handler(this.#options.inbound, name, request, inbound, session);
    }
    #onNotification(name, notification, session) {
        const handler = upstreamNotifications[notification.method];
        if (handler)
            handler(this.#options.inbound, name, notification, session);
        else
            this.#options.log.debug(`upstream ${name}: dropped ${notification.method}`);
    }
    #onState(upstream, state) {
        const options = this.#options;
        // A removed or replaced upstream (reload) may still report its closing.
        if (this.#closed || this.#upstreams.get(upstream.name) !== upstream)
            return;
        options.onState(upstream.name, state);
        // A dual-era upstream's legacy connection follows it; start-up waits for it too.
        const legacy = this.#legacy.follow(upstream, state);
        if (state === 'ready') {
            const kinds = LIST_KINDS.map((k) => k.kind);
            void Promise.all([this.#lists.refresh(upstream, kinds), legacy]).then(() => this.#ready(upstream));
        }
        else if (state === 'failed' || state === 'closed') {
            this.#knownNames.remember(options.catalog, upstream.name);
            this.#changes.forget(upstream.name);
            this.#lists.remove(upstream.name);
            for (const kind of ALL_KINDS)
                options.changed(kind, upstream.name);
            if (state === 'failed')
                options.log.error(`upstream ${upstream.name}: failed — ${upstream.error ?? 'unknown error'}`, {
                    upstream: upstream.name,
                });
            options.settled(upstream.name);
        }
        else {
            options.log.debug(`upstream ${upstream.name}: ${state}`);
        }
    }
    #onHealth(upstream, health) {
        const previous = this.#health.get(upstream) ?? 'down';
        if (previous === health)
            return;
        this.#health.set(upstream, health);
        if (this.#upstreams.get(upstream.name) === upstream) {
            this.#options.onHealth?.(upstream.name, health, previous);
        }
    }
    /** Its lists are in the catalog: logged with their counts, and start-up told. */
    #ready(upstream) {
        const options = this.#options;
        const elapsed = options.scheduler.now() - upstream.startedAt;
        const counts = this.#lists.countsOf(upstream.name);
        const server = upstream.server;
        options.log.info(`upstream ${upstream.name}: ready in ${elapsed}ms — ${counts?.tools ?? 0} tools, ${counts?.prompts ?? 0} prompts, ${counts?.resources ?? 0} resources, ${counts?.resourceTemplates ?? 0} resource templates`, {
            upstream: upstream.name,
            protocol: server?.protocolVersion,
            server: `${String(server?.serverInfo.name ?? '?')} ${String(server?.serverInfo.version ?? '')}`.trim(),
        });
        options.settled(upstream.name);
    }
}
//# sourceMappingURL=upstreamPool.js.map