/**
 * Isolated upstreams (`sessionMode: "isolated"`): one upstream connection per downstream
 * session, opened on the session's first request to that upstream and closed when the session
 * closes. Each connection declares EXACTLY the session's client capabilities and clientInfo,
 * so the upstream sees the real client, and its server-initiated requests go to that session
 * alone (the router pins them through `open`).
 *
 * The catalog of an isolated upstream comes from the router's ordinary connection to it,
 * opened at start-up with the router's own capabilities and kept open (actors/README.md,
 * "Isolated upstreams"); that connection serves no client request.
 */
import { defer, from, switchMap } from 'rxjs';
import { ErrorCode, RpcError } from '../../core/errors/index.js';
import { isLegacyVersion } from '../../core/mcp/index.js';
import { Upstream } from './upstream.js';
export class IsolatedUpstreams {
    #options;
    #sessions = new Map();
    #closed = false;
    constructor(options) {
        this.#options = options;
    }
    /** A request on `session`'s own connection to `config`'s upstream, opened on first use. */
    request$(config, session, method, params, options) {
        return defer(() => {
            const isolated = this.#isolatedFor(config, session);
            return from(isolated.ready).pipe(switchMap(() => isolated.upstream.request$(method, params, options)));
        });
    }
    /**
     * Opens `session`'s connection to `config`'s upstream now, if it has none yet: done when the
     * session has initialized, so the upstream's first `roots/list` (sent at its start) reaches
     * that client instead of arriving before any client exists.
     */
    open(config, session) {
        if (this.#closed || session.isClosed)
            return;
        this.#isolatedFor(config, session);
    }
    /** `session`'s ready connection to upstream `name`, if it has one. */
    connection(session, name) {
        return this.#sessions.get(session)?.get(name)?.upstream.connection;
    }
    /** The isolated upstreams `session` has a connection to. */
    upstreamsOf(session) {
        return [...(this.#sessions.get(session)?.keys() ?? [])];
    }
    /** Open (or opening) isolated connections, over all sessions. */
    get size() {
        let n = 0;
        for (const upstreams of this.#sessions.values())
            n += upstreams.size;
        return n;
    }
    async closeSession(session) {
        const upstreams = this.#sessions.get(session);
        this.#sessions.delete(session);
        if (!upstreams)
            return;
        await Promise.allSettled([...upstreams.values()].map((i) => i.upstream.close()));
    }
    async close() {
        this.#closed = true;
        await Promise.allSettled([...this.#sessions.keys()].map((s) => this.closeSession(s)));
    }
    #isolatedFor(config, session) {
        if (this.#closed || session.isClosed) {
            throw new RpcError(ErrorCode.UpstreamUnavailable, `Upstream "${config.name}" is isolated and session ${session.id} is closed`, { upstream: config.name });
        }
        let upstreams = this.#sessions.get(session);
        if (!upstreams) {
            upstreams = new Map();
            this.#sessions.set(session, upstreams);
            void session.closed.then(() => this.closeSession(session));
        }
        const existing = upstreams.get(config.name);
        if (existing)
            return existing;
        const isolated = this.#start(config, session, upstreams);
        upstreams.set(config.name, isolated);
        return isolated;
    }
    #start(config, session, upstreams) {
        const { context } = session;
        const log = this.#options.log;
        let settle;
        const ready = new Promise((resolve, reject) => {
            settle = { resolve, reject };
        });
        // A failed start must not be an unhandled rejection when nobody awaits it any more.
        ready.catch(() => { });
        const upstream = new Upstream({
            config,
            open: (cfg, signal) => this.#options.open(cfg, signal, session),
            clientInfo: context.clientInfo ?? this.#options.fallbackClientInfo,
            capabilities: context.clientCapabilities,
            ...(isLegacyVersion(context.protocolVersion)
                ? { protocolVersion: context.protocolVersion }
                : {}),
            initializeTimeoutMs: this.#options.initializeTimeoutMs,
            onState: (u, state) => {
                if (state === 'ready') {
                    log.debug(`upstream ${config.name}: isolated connection for session ${session.id} ready`);
                    settle?.resolve();
                }
                else if (state === 'failed' || state === 'closed') {
                    settle?.reject(u.unavailable());
                    // A dead connection is forgotten: the session's next request opens a fresh one.
                    if (upstreams.get(config.name)?.upstream === u)
                        upstreams.delete(config.name);
                    if (state === 'failed') {
                        log.warn(`upstream ${config.name}: isolated connection for session ${session.id} failed — ${u.error ?? 'unknown error'}`);
                    }
                }
            },
        });
        log.debug(`upstream ${config.name}: opening an isolated connection for session ${session.id}`);
        upstream.start();
        return { upstream, ready };
    }
}
//# sourceMappingURL=isolated.js.map