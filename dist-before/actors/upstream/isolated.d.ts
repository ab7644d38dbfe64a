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
import { type Observable } from 'rxjs';
import type { UpstreamConfig } from '../../core/config/index.js';
import type { Logger } from '../../core/log/index.js';
import type { ClientInfo, RequestContext } from '../../core/mcp/index.js';
import type { Connection, JsonObject, RequestEvent } from '../../core/rpc/index.js';
import { type UpstreamRequestOptions } from './upstream.js';
/**
 * What isolated connections need of a downstream session (declared here, so actors/upstream
 * does not import actors/downstream; `DownstreamSession` is one).
 */
export interface IsolatedSession {
    readonly id: string;
    /** True once closed: no connection is opened for it any more. */
    readonly isClosed: boolean;
    /** Resolves when the session has closed: its isolated connections close then. */
    readonly closed: Promise<void>;
    readonly context: RequestContext;
}
export interface IsolatedUpstreamsOptions<S extends IsolatedSession = IsolatedSession> {
    /** Opens a connection whose server-initiated requests go to `session`. */
    open: (config: UpstreamConfig, signal: AbortSignal, session: S) => Promise<Connection>;
    /** clientInfo for a session whose `initialize` carried none. */
    fallbackClientInfo: ClientInfo;
    initializeTimeoutMs: number;
    log: Logger;
}
export declare class IsolatedUpstreams<S extends IsolatedSession = IsolatedSession> {
    #private;
    constructor(options: IsolatedUpstreamsOptions<S>);
    /** A request on `session`'s own connection to `config`'s upstream, opened on first use. */
    request$(config: UpstreamConfig, session: S, method: string, params: JsonObject, options: UpstreamRequestOptions): Observable<RequestEvent>;
    /**
     * Opens `session`'s connection to `config`'s upstream now, if it has none yet: done when the
     * session has initialized, so the upstream's first `roots/list` (sent at its start) reaches
     * that client instead of arriving before any client exists.
     */
    open(config: UpstreamConfig, session: S): void;
    /** `session`'s ready connection to upstream `name`, if it has one. */
    connection(session: S, name: string): Connection | undefined;
    /** The isolated upstreams `session` has a connection to. */
    upstreamsOf(session: S): string[];
    /** Open (or opening) isolated connections, over all sessions. */
    get size(): number;
    closeSession(session: S): Promise<void>;
    close(): Promise<void>;
}
