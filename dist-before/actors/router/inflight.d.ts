/**
 * The in-flight index: ONE record per routed request, found by (downstream session, request
 * id), holding everything about it — the upstream, the id the request got on the upstream's
 * connection (its progress token there, when progress was asked), the caller's progress
 * token, its admission (queued or running, and its place in the queue), its start moment and
 * its state. The runtime reads it: server-initiated requests and log messages find the
 * sessions with requests in flight toward an upstream through it (`toUpstream`, the bridge's
 * `InflightView`), the status views list the oldest requests from it (`oldest`), and shutdown
 * fails what is still in flight through it (`cancelAll`).
 *
 * A record lives exactly as long as the routed request's Observable subscription, which is
 * the inbound handler's subscription on the client's connection (so a client's cancellation,
 * a dropped HTTP stream and a closed session all end it by unsubscribing), and its ONE
 * teardown (`close`: unsubscription, result, error or `cancel`) clears everything the request
 * holds: the upstream request (queue entry or outbound entry: `notifications/cancelled`
 * upstream if it was running) and the record. `cancel` fails the request toward the client
 * with an error, so its inbound entry ends with a response.
 *
 * Session-less (2026-07-28) requests are indexed under `session: undefined`; their ids are not
 * unique across clients, so a lookup finds the latest one with that id.
 */
import { Observable, type Observer, type Subscriber } from 'rxjs';
import type { RequestObservation } from '../../core/observe/index.js';
import { SourceHolder } from '../../core/operators/index.js';
import type { JsonRpcId, ProgressToken, RequestEvent } from '../../core/rpc/index.js';
import type { ClientSession } from '../downstream/index.js';
import type { AdmissionTicket } from '../upstream/index.js';
export type InflightState = 'queued' | 'running' | 'done';
/** What the index knows of one routed request. */
export interface InflightRequest {
    readonly session: ClientSession | undefined;
    /** The downstream request id. */
    readonly id: JsonRpcId | undefined;
    readonly method: string;
    readonly upstream: string;
    /** The caller's progress token, if it asked for progress. */
    readonly progressToken: ProgressToken | undefined;
    /** The id on the upstream's connection once sent (its progress token there too). */
    readonly upstreamId: number | undefined;
    /** Queued until sent upstream, running until it ends. */
    readonly state: InflightState;
    /** Place in the upstream's queue while queued (known once the queue reports admission). */
    readonly position: number | undefined;
    /** When it was routed (the router's clock). */
    readonly startedAt: number;
    /** When it was routed, on the moment counter shared with the bridge (order only). */
    readonly moment: number;
}
/** One routed request in flight, as the status views read it (`Router.requests`). */
export interface RequestInFlight extends Pick<InflightRequest, 'session' | 'id' | 'upstream' | 'method' | 'upstreamId'> {
    readonly state: InflightState;
    readonly position: number | undefined;
    /** Time since it was routed, on the router's clock. */
    readonly ageMs: number;
}
/** What a routed request tells its upstream call, so the record can follow it. */
export interface InflightHooks {
    onSent(id: number): void;
    onAdmit(admission: AdmissionTicket): void;
}
export interface InflightIndexOptions {
    now(): number;
    /** The next moment of the counter shared with the bridge (sessionUsage.ts). */
    moment(): number;
    /** A record opened (the bridge notes the session's activity). */
    opened?(record: InflightRequest): void;
    /** The upstream call failed (before the error goes to the client). */
    failed?(record: InflightRequest, error: unknown): void;
}
export type InflightInit = Pick<InflightRequest, 'session' | 'id' | 'method' | 'upstream' | 'progressToken'> & {
    /** Metrics and trace of the request (core/observe/), told its milestones; none by default. */
    readonly watch?: RequestObservation | undefined;
};
/**
 * One routed request: the record the index holds, the subscriber of the upstream call (a
 * `Subscription` that is also its `Observer`: RxJS uses it as it is and adds the call's
 * teardown to it) and the teardown of the downstream subscription, all in one object.
 */
declare class Record extends SourceHolder implements InflightRequest, Observer<RequestEvent> {
    #private;
    readonly session: ClientSession | undefined;
    readonly id: JsonRpcId | undefined;
    readonly method: string;
    readonly upstream: string;
    readonly progressToken: ProgressToken | undefined;
    readonly startedAt: number;
    readonly moment: number;
    upstreamId: number | undefined;
    admission: AdmissionTicket | undefined;
    ended: boolean;
    readonly watch: RequestObservation | undefined;
    /** A result came back (an unsubscription after it is not a cancellation). */
    answered: boolean;
    constructor(index: InflightIndex, init: InflightInit, startedAt: number, moment: number, subscriber: Subscriber<RequestEvent>);
    get state(): InflightState;
    get position(): number | undefined;
    /** The hooks the upstream call gets (`InflightHooks`); made only when read. */
    get onSent(): (id: number) => void;
    get onAdmit(): (admission: AdmissionTicket) => void;
    next(event: RequestEvent): void;
    error(error: unknown): void;
    complete(): void;
    /** `cancel`: fails the request toward the client. */
    fail(error: unknown): void;
    /**
     * The downstream subscription's teardown (the client cancelled, its session closed, or it
     * settled): the record, then the upstream call (cancelled upstream if still running).
     */
    unsubscribe(): void;
}
export declare class InflightIndex {
    #private;
    constructor(options: InflightIndexOptions);
    /** Records over all sessions (leak tests expect 0 once idle). */
    get size(): number;
    /** The requests in flight toward `upstream` (the bridge's `InflightView`). */
    toUpstream(upstream: string): Iterable<InflightRequest>;
    /** The `limit` oldest requests in flight, oldest first, aged at `now` (the status views). */
    oldest(limit: number, now: number): RequestInFlight[];
    /**
     * Fails routed request `id` of `session` with `error` toward the client and ends it
     * upstream. False when it is not in flight.
     */
    cancel(session: ClientSession | undefined, id: JsonRpcId, error: unknown): boolean;
    /** Fails every routed request in flight with `errorOf(it)` (shutdown); how many it failed. */
    cancelAll(errorOf: (request: InflightRequest) => unknown): number;
    /**
     * Routes one request: `call` starts the upstream call with the hooks that keep the record
     * current. Cold: the record exists from subscription to teardown.
     */
    track(init: InflightInit, call: (hooks: InflightHooks) => Observable<RequestEvent>): Observable<RequestEvent>;
    /** @internal The upstream call failed: `failed`, then the one teardown. */
    failedCall(record: Record, error: unknown): void;
    /** @internal The one teardown of the record: idempotent. */
    close(record: Record): void;
}
export {};
