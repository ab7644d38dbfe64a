/**
 * Calls without an MCP client (`Router.callTool`, `Router.request$`, `Router.tools()`…).
 *
 * Decision: a library call takes the SAME routed path as a client's. Each principal (its
 * rights: id, client id, token name, scopes) gets one in-process session: a linked pair of
 * transports (`RouterOptions.linkedPair`, the memory pair), one end connected to the router
 * with that principal like any client (`Router.connect`: a `DownstreamSession`, access rules,
 * admission, observers, events, the in-flight index), the other end held by an mcp-mux
 * `Connection` that initializes it (legacy, no client capabilities: sampling, elicitation and
 * roots requests of upstreams are not routed to it). So cancellation is unsubscription
 * end to end (`notifications/cancelled` to the router, then upstream), progress is the
 * connection's, and nothing routes differently for an embedder. At most `MAX_SESSIONS` are
 * kept; past it the least recently used one with nothing in flight is closed.
 */
import { defer, from, lastValueFrom, switchMap } from 'rxjs';
import { LocalError } from '../../core/errors/index.js';
import { LATEST_LEGACY_VERSION, } from '../../core/mcp/index.js';
import { Connection, } from '../../core/rpc/index.js';
/** Library sessions kept at once (one per principal's rights). */
export const MAX_SESSIONS = 64;
/** The same rights, the same key (core/auth `sameRights`). */
const keyOf = (principal) => principal === undefined
    ? ''
    : JSON.stringify([
        principal.id,
        principal.clientId ?? null,
        principal.tokenName ?? null,
        [...new Set(principal.scopes)].sort(),
    ]);
export class LibrarySessions {
    #host;
    /** By principal key, least recently used first (a use moves it to the end). */
    #sessions = new Map();
    #closed = false;
    constructor(host) {
        this.#host = host;
    }
    /** Sessions open now (a leak test expects them bounded). */
    get size() {
        return this.#sessions.size;
    }
    /** One routed request as a client's: progress values, the result; unsubscribing cancels it. */
    request$(method, params, options = {}) {
        const request = { progress: options.progress ?? true };
        if (options.signal !== undefined)
            request.signal = options.signal;
        if (options.timeoutMs !== undefined)
            request.timeout = options.timeoutMs;
        return defer(() => from(this.#session(options.principal))).pipe(switchMap((connection) => connection.request$(method, params, request)));
    }
    /** `tools/call` of an exposed tool name; resolves with its result (a tool error is `isError`). */
    callTool(name, args = {}, options = {}) {
        const { onProgress, ...rest } = options;
        const events = this.request$('tools/call', { name, arguments: args }, { ...rest, progress: onProgress !== undefined });
        return this.#collect(events, onProgress);
    }
    #collect(events, onProgress) {
        return new Promise((resolve, reject) => {
            let result;
            events.subscribe({
                next: (event) => {
                    if (event.kind === 'progress')
                        onProgress?.(event.params);
                    else
                        result = event.result;
                },
                error: reject,
                complete: () => result === undefined
                    ? reject(new LocalError('closed', 'the call ended without a result'))
                    : resolve(result),
            });
        });
    }
    /** Closes every library session (router shutdown). */
    close() {
        this.#closed = true;
        for (const session of this.#sessions.values()) {
            void session.then((connection) => connection.close()).catch(() => { });
        }
        this.#sessions.clear();
    }
    #session(principal) {
        if (this.#closed) {
            return Promise.reject(new LocalError('closed', 'the router is closed'));
        }
        const key = keyOf(principal);
        let session = this.#sessions.get(key);
        if (session !== undefined) {
            this.#sessions.delete(key); // most recently used last
        }
        else {
            session = this.#open(principal, key);
            void session.catch(() => this.#forget(key, session));
            this.#evict();
        }
        this.#sessions.set(key, session);
        return session;
    }
    async #open(principal, key) {
        const pair = this.#host.linkedPair;
        if (pair === undefined) {
            throw new LocalError('closed', 'callTool/request$ need RouterOptions.linkedPair (createRouter passes createMemoryPair)');
        }
        const [mine, routers] = pair();
        const connection = new Connection(mine, { name: 'library' });
        connection.closed$.subscribe(() => {
            const current = this.#sessions.get(key);
            void current?.then((open) => open === connection && this.#forget(key, current), () => { });
        });
        this.#host.connect(routers, principal);
        await lastValueFrom(connection.request$('initialize', {
            protocolVersion: LATEST_LEGACY_VERSION,
            capabilities: {},
            clientInfo: { ...this.#host.clientInfo },
        }));
        connection.notify('notifications/initialized');
        return connection;
    }
    #forget(key, session) {
        if (this.#sessions.get(key) === session)
            this.#sessions.delete(key);
    }
    /** Past `MAX_SESSIONS`: closes the least recently used session with nothing in flight. */
    #evict() {
        if (this.#sessions.size < MAX_SESSIONS)
            return;
        for (const [key, session] of this.#sessions) {
            void session.then((connection) => {
                if (connection.stats().outbound === 0 && this.#sessions.get(key) === session) {
                    this.#sessions.delete(key);
                    void connection.close();
                }
            });
            return;
        }
    }
}
/**
 * A catalog list as `principal` sees it (the access rules filter it as `tools/list` does),
 * without pagination: exposed names and URIs, typed as the spec's shapes.
 */
export function catalogItems(parts, kind, principal) {
    const { catalog } = parts;
    const policy = parts.audience.policy;
    const items = catalog.list(kind);
    if (policy === undefined)
        return [...items];
    const entries = catalog.entries(kind);
    return items.filter((_, i) => {
        const entry = entries[i];
        return entry !== undefined && policy.allows(principal, entry.upstream, kind, entry.exposed);
    });
}
//# sourceMappingURL=libraryCalls.js.map