import { ConfigChanges } from './configChanges.js';
import { connectSession } from './connectSession.js';
import { catalogItems, LibrarySessions, } from './libraryCalls.js';
import { wireParts } from './parts.js';
import { cancelInFlight, closeWithin } from './shutdown.js';
import { startupWaitFor } from './startupWait.js';
export { VERSION } from './parts.js';
export class Router {
    /** Replaced by `reload`: read it when needed, don't keep it. */
    #config;
    #options;
    #parts;
    #sessions = new Set();
    #startup;
    #nextSessionId = 1;
    #closed = false;
    /** Shutting down: no new sessions, no new forwarded requests. */
    #draining = false;
    #changes;
    #library;
    constructor(config, options) {
        this.#config = config;
        this.#options = options;
        this.#parts = wireParts(config, options, {
            config: () => this.#config,
            isStarted: () => this.isStarted,
            isSettled: () => this.isSettled,
            whenStarted: () => this.whenStarted(),
            settled: (name) => this.#startup?.settle(name),
            draining: () => this.isDraining,
            sessions: () => this.#sessions,
        });
        const { upstreams, log, serverInfo } = this.#parts;
        for (const warning of config.warnings ?? [])
            log.warn(`config: ${warning}`);
        this.#changes = new ConfigChanges({
            config: () => this.#config,
            setConfig: (next) => {
                this.#config = next;
            },
            upstreams,
            log,
        });
        this.#library = new LibrarySessions({
            linkedPair: options.linkedPair,
            connect: (transport, principal) => this.connect(transport, { transport: 'library', principal }),
            clientInfo: serverInfo,
        });
    }
    /** Starts every enabled upstream in parallel; resolves once each is ready or failed (or start-up times out). */
    start() {
        return this.#startWait().promise;
    }
    /**
     * Resolves when clients may be answered: every upstream ready or failed, or the
     * `initializeGraceMs` grace passed (late upstreams then come with `list_changed`).
     */
    whenStarted() {
        return this.#startWait().served;
    }
    /** True once clients are answered (see `whenStarted`). */
    get isStarted() {
        return this.#startup?.isServing === true;
    }
    /** True once start-up has settled (every upstream ready or failed, or `startupTimeoutMs` passed). */
    get isSettled() {
        return this.#startup?.isSettled === true;
    }
    #startWait() {
        const publish = (startup) => {
            this.#startup = startup;
        };
        return this.#startup ?? startupWaitFor(this.#parts, this.#options, () => this.#config, publish);
    }
    get config() {
        return this.#config;
    }
    /** The merged catalog (read it; the router keeps it current). */
    get catalog() {
        return this.#parts.catalog;
    }
    get upstreams() {
        return this.#parts.upstreams;
    }
    get sessions() {
        return this.#sessions;
    }
    /**
     * Attaches one downstream client on a transport: `options.principal` is who it is (access
     * rules, limits, audit), `options.transport` its label (a string: the label alone, as before).
     */
    connect(transport, options = {}) {
        const id = String(this.#nextSessionId++);
        const slot = { id, sessions: this.#sessions, draining: this.isDraining };
        const given = typeof options === 'string' ? { transport: options } : options;
        return connectSession(this.#parts, transport, given, slot);
    }
    /** What happens in the router, as typed events (events.ts); nothing is built unwatched. */
    get events$() {
        return this.#parts.events.events$;
    }
    /** The tools (prompts, resources) as `principal` sees them: exposed names, access rules applied. */
    tools(options = {}) {
        return catalogItems(this.#parts, 'tools', options.principal);
    }
    prompts(options = {}) {
        return catalogItems(this.#parts, 'prompts', options.principal);
    }
    resources(options = {}) {
        return catalogItems(this.#parts, 'resources', options.principal);
    }
    /** Calls an exposed tool as a client of `options.principal` would (libraryCalls.ts). */
    callTool(name, args, options) {
        return this.#library.callTool(name, args, options);
    }
    /** Any routed request as a client's: progress, result; unsubscribing cancels it upstream. */
    request$(method, params = {}, options) {
        return this.#library.request$(method, params, options);
    }
    status() {
        return this.#parts.upstreams.status();
    }
    /** The `limit` oldest routed requests in flight, oldest first, with their age (status views). */
    requests(limit = 20) {
        return this.#parts.inflight.oldest(limit, this.#parts.scheduler.now());
    }
    stats() {
        const { inflight, bridge, upstreams, subscriptions, listenQuota } = this.#parts;
        return {
            inflight: inflight.size,
            ...bridge.stats,
            isolatedSessions: upstreams.isolatedSessions,
            subscriptions: subscriptions.size,
            listens: listenQuota.total,
        };
    }
    /**
     * Applies a new config (parsed, or raw in the file's format) without a restart (reload.ts):
     * only upstreams whose config changed are restarted, added or removed. Rejects, keeping the
     * running config, when it cannot be applied live. Changes run one after the other.
     */
    reload(config) {
        return this.#changes.reload(config);
    }
    /** Adds an upstream from a raw `mcpServers` entry (validated as in a file: `ConfigError`). */
    addUpstream(name, entry) {
        return this.#changes.add(name, entry);
    }
    /** Removes an upstream: its items leave the catalog at once, then it is closed. */
    removeUpstream(name) {
        return this.#changes.remove(name);
    }
    /** Re-fetches some lists of one upstream (all pages) into the catalog. */
    refresh(name, kinds) {
        this.#parts.upstreams.refresh(name, kinds);
    }
    /** Shutdown, step 1: no new sessions (their transports are closed) and no new requests. */
    stopAccepting() {
        this.#draining = true;
    }
    /** Shutting down (after `stopAccepting`): `/readyz` answers 503. */
    get isDraining() {
        return this.#draining || this.#closed;
    }
    /** Requests from clients still being answered, over all sessions. */
    get inFlight() {
        let n = 0;
        for (const session of this.#sessions)
            n += session.connection.stats().inbound;
        return n;
    }
    /** Fails every routed request in flight with -32012 (shutdown.ts). */
    cancelInFlight(reason) {
        cancelInFlight(this.#parts, reason);
    }
    /** Closes the sessions and the upstreams; `timeoutMs`: resolves by then at the latest (shutdown.ts). */
    close(options = {}) {
        if (this.#closed)
            return Promise.resolve();
        this.#closed = true;
        this.#startup?.end();
        this.#library.close();
        return closeWithin(this.#parts, this.#sessions, options);
    }
}
//# sourceMappingURL=router.js.map