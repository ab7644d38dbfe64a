/**
 * `subscriptions/listen` (2026-07-28, basic/patterns/subscriptions) for modern clients.
 *
 * A listen is an inbound request that never completes by itself: on subscribe it sends
 * `notifications/subscriptions/acknowledged` with the subset of the filter the router honours,
 * then every matching notification, each tagged with `_meta.subscriptionId` = the request id
 * and sent with `relatedRequestId` so an HTTP transport puts it on that request's stream. It
 * ends when its handler is unsubscribed: the client's `notifications/cancelled` (stdio) or a
 * closed response stream (HTTP closes the connection). When the server closes the connection
 * (shutdown), each listen first gets its completion result (`endAll`).
 *
 * Sources (legacy upstreams): the facade's coalesced list changes reach every session through
 * `DownstreamSession.notifyIfReady`, which hands them to `Listens.deliver`; resource updates
 * come from the router's reference-counted `resources/subscribe` table (`ListenSources`, given by the
 * host), with each listen as a subscriber of the URIs it asked for. A URI is honoured when it
 * resolves to a shared upstream that declared `resources.subscribe`; others are left out of
 * the acknowledgment.
 *
 * Bounded and proportional: a listen names at most `maxListenUris` URIs (-32602 past it), a
 * principal holds at most `maxListensPerPrincipal` listens (-31003, `ListenQuota`); URIs are
 * deduplicated, resolved and subscribed in slices that give the event loop back
 * (pacedWork.ts), with at most `SUBSCRIBE_CONCURRENCY` upstream subscriptions in flight, and
 * a listen's end releases exactly what it holds.
 */
import { Observable, type SchedulerLike } from 'rxjs';
import type { Principal } from '../../core/auth/index.js';
import type { Logger } from '../../core/log/index.js';
import type { Connection, InboundEvent, JsonObject, JsonRpcId, JsonRpcRequest } from '../../core/rpc/index.js';
import type { ListenQuota } from './listenQuota.js';
/** What a listen asks of the router for resource updates (router/hosts.ts builds it). */
export interface ListenSources {
    /**
     * The shared upstream serving `uri` and its URI there, if it takes resource subscriptions
     * and `identity` may use it (`mcpMux.access`).
     */
    subscribable(uri: string, identity: Principal | undefined, profile?: string): {
        upstream: string;
        original: string;
    } | undefined;
    /** The router's reference-counted `resources/subscribe` table (router/subscriptions.ts). */
    subscribe(subscriber: ListenSubscriber, upstream: string, uri: string, exposed: string): Promise<unknown>;
    /** Ends every subscription of `subscriber`, in proportion to what it holds. */
    unsubscribeAll(subscriber: ListenSubscriber): void;
}
/** Upstream `resources/subscribe` requests one listen has in flight at most. */
export declare const SUBSCRIBE_CONCURRENCY = 4;
/** What a listen needs of its host (the `SessionHost` satisfies it). */
export interface ListenHost {
    readonly log: Logger;
    readonly scheduler: SchedulerLike;
    capabilities(): JsonObject;
    readonly listenSources?: ListenSources;
    /** The per-principal bound and the URI bound (absent: the defaults, no per-principal count). */
    readonly listenQuota?: ListenQuota;
}
export interface ListenSubscriber {
    /** The principal of the connection the listen is on (the access policy reads it). */
    readonly identity: Principal | undefined;
    /** The profile of the connection the listen is on. */
    readonly profile?: string | undefined;
    notifyIfReady(method: string, params?: JsonObject): void;
}
/** A notification tagged with the subscription it belongs to. */
export declare function tagged(params: JsonObject | undefined, id: JsonRpcId): JsonObject;
/** The listens open on one downstream connection. */
export declare class Listens {
    #private;
    constructor(connection: Connection, identity?: Principal, profile?: string);
    get size(): number;
    /** A list change for this connection: to every listen that asked for it. */
    deliver(method: string, params?: JsonObject): void;
    /**
     * The handler of one `subscriptions/listen` request. `key` is who holds it for the
     * per-principal bound (the principal, else this connection). Throws -32602 for a filter that
     * is not an object or names more URIs than the bound; the stream errors with -31003 when the
     * principal already holds as many listens as it may.
     */
    open(host: ListenHost, request: JsonRpcRequest, key: string): Observable<InboundEvent>;
    /**
     * Graceful closure (spec: the server SHOULD answer the listen request before closing): every
     * open listen gets its completion result. Called before the connection closes.
     */
    endAll(): void;
}
