/**
 * Which downstream sessions use which upstreams, as the routing rule of server-initiated
 * requests reads it (actors/README.md, "Routing of server-initiated requests"): per (session,
 * upstream) the routed requests in flight — read from the router's in-flight index, the one
 * record of each routed request (`InflightView`) — and the moment of the last activity (a
 * request started, or a roots change sent). A client's `notifications/roots/list_changed` goes
 * to the upstreams its session has used.
 *
 * Small and leak-free by construction: it holds no request (the index does), and a session's
 * activity entry is dropped when the session closes. "Moments" are a counter, not a clock: only
 * their order matters, and the index takes its moments from the same counter.
 */
import type { JsonRpcId } from '../../core/rpc/index.js';
/** The part of a downstream session this table needs. */
export interface UsageSession {
    readonly closed: Promise<void>;
}
/** One routed request in flight, as the usage table reads it. */
export interface InflightUse<S> {
    readonly session: S | undefined;
    /** The downstream request id. */
    readonly id: JsonRpcId | undefined;
    /** When it started, on the moment counter. */
    readonly moment: number;
}
/** The routed requests in flight toward one upstream (the router's in-flight index). */
export interface InflightView<S> {
    toUpstream(upstream: string): Iterable<InflightUse<S>>;
}
/** One session's standing toward one upstream, as the routing rule reads it. */
export interface UsageEntry<S> {
    session: S;
    /** Requests of this session in flight to the upstream. */
    inflight: number;
    /** Start moment of its most recent request in flight (-1 when none). */
    lastInflight: number;
    /** The downstream id of that request, when known. */
    relatedRequestId: JsonRpcId | undefined;
    /** Moment of its last activity toward any upstream (-1 when none). */
    lastActive: number;
}
export declare class SessionUsage<S extends UsageSession> {
    #private;
    constructor(inflight: InflightView<S>);
    /** A new moment (the in-flight index stamps each request with one). */
    tick(): number;
    /** Records activity of `session` toward `upstream` (a request started, a roots change). */
    touch(session: S, upstream: string): void;
    /** The upstreams `session` has sent requests (or roots changes) to. */
    upstreamsOf(session: S): string[];
    /** Every session with recorded activity, with its standing toward `upstream`. */
    entries(upstream: string): UsageEntry<S>[];
    /** The downstream id of `session`'s most recent request in flight to `upstream`. */
    relatedRequestId(session: S, upstream: string): JsonRpcId | undefined;
    /** Sessions tracked (leak tests expect it to fall back as sessions close). */
    get size(): number;
}
