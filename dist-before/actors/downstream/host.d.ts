/**
 * The downstream room's two contracts (actors/downstream/README.md):
 *
 * - `SessionHost`: what a downstream session needs from whoever hosts it (the router): where to
 *   send a routed request, the facade's `initialize` answer, the start-up wait, time and logs.
 *   A session never imports the router, so it can be built and tested with a hand-made host.
 * - `ClientSession` and `Caller`: what the rest of the router (routes, server requests,
 *   subscriptions, isolated upstreams) sees of a session and of whoever asks. `Caller` is the
 *   request context every routed request carries; a stateless (2026-07-28) request has no
 *   session (`session: undefined`) and brings its context along in `_meta`.
 */
import type { Observable, SchedulerLike } from 'rxjs';
import type { Principal } from '../../core/auth/index.js';
import type { Logger } from '../../core/log/index.js';
import type { ClientInfo, LoggingLevel, RequestContext } from '../../core/mcp/index.js';
import type { ApprovalDecision } from '../../core/observe/index.js';
import type { Connection, InboundContext, InboundEvent, JsonObject, JsonRpcRequest } from '../../core/rpc/index.js';
import type { ListenQuota } from './listenQuota.js';
import type { ListenSources } from './statelessListen.js';
/** What the router's parts may use of a legacy client session. */
export interface ClientSession {
    readonly id: string;
    /** The request context, filled from `initialize` (protocol version, capabilities, level). */
    readonly context: RequestContext;
    /** Toward the client: server-to-client requests and notifications. */
    readonly connection: Connection;
    /** Resolves once the session has closed. */
    readonly closed: Promise<void>;
    /** True once closed (nothing may be sent to it any more). */
    readonly isClosed: boolean;
    /**
     * Who the client is, as its listener authenticated it (`Transport.principal`); undefined
     * when nobody is (stdio). What upstreams send reaches it only if `mcpMux.access` lets it use
     * that upstream (actors/router/audience.ts).
     */
    readonly identity?: Principal | undefined;
    /** The profile it was opened in (`mcpMux.profiles`); undefined: the whole router. */
    readonly profile?: string | undefined;
    /** Sends a notification if the client may receive one now (after `initialize`). */
    notifyIfReady(method: string, params?: JsonObject): void;
    /** `logging/setLevel`: the least severe level this session receives. */
    setLogLevel(level: LoggingLevel): void;
}
/** Who is asking: the request context and, for a legacy session, the session itself. */
export interface Caller {
    context: RequestContext;
    session: ClientSession | undefined;
    inbound: InboundContext;
    /** Who is asking, when the listener authenticated the client (the access policy reads it). */
    identity?: Principal | undefined;
    /** The profile the client is in (`/mcp/<name>`, `--profile`): it sees and uses only that part. */
    profile?: string | undefined;
    /** Set on calls that needed the user's approval (actors/routes/approval.ts; the audit reads it). */
    approval?: ApprovalDecision | undefined;
}
/** What a downstream session needs from the router that hosts it. */
export interface SessionHost {
    readonly log: Logger;
    /** Time for the session's timers (the disconnect grace) and its connection's timeouts. */
    readonly scheduler: SchedulerLike;
    /** How long a request whose client dropped its HTTP response may wait to be resumed. */
    readonly disconnectGraceMs: number;
    readonly serverInfo: ClientInfo;
    /** Resolves when the upstreams' start-up has settled (`initialize` waits for it). */
    whenStarted(): Promise<void>;
    /** The facade's capabilities and instructions, as `initialize` returns them. */
    /** For a client of `protocolVersion` (what that revision has: `tasks` only in 2025-11-25). */
    capabilities(protocolVersion?: string): JsonObject;
    instructions(): string | undefined;
    /** Runs a request the session accepted (anything but `initialize` and `ping`). */
    route(request: JsonRpcRequest, caller: Caller): Observable<InboundEvent>;
    /** The client sent `notifications/initialized` (isolated upstreams are opened for it then). */
    initialized?(session: ClientSession): void;
    /** The client's `notifications/roots/list_changed`. */
    rootsListChanged(session: ClientSession): void;
    /** Resource updates for modern `subscriptions/listen` (absent: list changes only). */
    readonly listenSources?: ListenSources;
    /** Bounds of modern listens: URIs per listen, listens per principal (absent: defaults, no count). */
    readonly listenQuota?: ListenQuota;
}
