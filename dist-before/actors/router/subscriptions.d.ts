/**
 * Resource subscriptions toward shared upstreams, reference-counted per (upstream, URI): the
 * first session that subscribes to a URI makes the router send `resources/subscribe` upstream;
 * the last one that unsubscribes (or closes) makes it send `resources/unsubscribe`. Upstream
 * `notifications/resources/updated` reach exactly the sessions subscribed to that URI, with
 * the URI they subscribed to (the exposed URI).
 *
 * Each entry has one promise chain: subscribe and unsubscribe reach the upstream in the order
 * the sessions asked, and each step re-reads the wanted state (any subscriber or none) instead
 * of counting calls, so a subscribe racing an unsubscribe always settles on what is wanted now.
 * Isolated upstreams need no table: each session has its own connection (see routes/resources.ts).
 *
 * Every per-session operation (`unsubscribe`, `dropSession`, `of`) is proportional to what that
 * session holds, never to the whole table: a second index maps each subscriber to its entries.
 * A modern listen with k URIs is opened and closed in O(k), however many others are held.
 * Requests toward one upstream go through a `SendGate` (a few in flight, the rest waiting in
 * order), so a burst never overflows the upstream's admission queue.
 */
import type { Logger } from '../../core/log/index.js';
import type { JsonObject } from '../../core/rpc/index.js';
import type { UpstreamState } from '../upstream/index.js';
import type { Receiver } from './audience.js';
/** The table's own requests (subscribe, unsubscribe) in flight per upstream at most. */
export declare const SUBSCRIPTION_SENDS_PER_UPSTREAM = 8;
/** What the table needs of a downstream session (or a modern listen). */
export interface Subscriber extends Receiver {
    notifyIfReady(method: string, params?: JsonObject): void;
}
export interface SubscriptionsHost {
    /** Sends a request of the router's own to a shared upstream; rejects on error. */
    send(upstream: string, method: string, params: JsonObject): Promise<unknown>;
    log(): Logger;
    /**
     * The subscribers that may receive what `upstream` sends (`mcpMux.access`, audience.ts);
     * absent: all of them.
     */
    only?(upstream: string, subscribers: Subscriber[]): Subscriber[];
}
export declare class Subscriptions {
    #private;
    constructor(host: SubscriptionsHost);
    /**
     * Subscribes `session` to `uri` of `upstream` (`exposed` is the URI the session used).
     * Resolves once the upstream holds the subscription; rejects with the upstream's error (the
     * session is then not subscribed). Subscribing twice is a no-op.
     */
    subscribe(session: Subscriber, upstream: string, uri: string, exposed: string): Promise<void>;
    /**
     * Ends `session`'s subscription to the URI it saw as `exposed`. Resolves once the upstream
     * has been told (when this was the last subscriber). False when the session held none.
     */
    unsubscribe(session: Subscriber, exposed: string): Promise<boolean>;
    /** A closed session: its subscriptions end (the last subscriber's ending goes upstream). */
    dropSession(session: Subscriber): void;
    /**
     * An upstream's connection came or went. Its subscriptions died with the old connection; a
     * new connection gets every URI that still has subscribers again.
     */
    upstreamState(upstream: string, state: UpstreamState): void;
    /**
     * An upstream's `notifications/resources/updated`: to every session subscribed to that URI
     * that may receive what the upstream sends (a reload may have taken the upstream from it).
     */
    deliver(upstream: string, params: JsonObject): number;
    /** The exposed URIs `session` is subscribed to (tests, `mcp-mux inspect`). */
    of(session: Subscriber): string[];
    /** The table's requests to `upstream` in flight and waiting (tests, leak checks). */
    sends(upstream: string): {
        running: number;
        waiting: number;
    };
    /** Number of subscribers holding at least one entry (leak checks). */
    get subscriberCount(): number;
    /** Number of (upstream, URI) entries held, pending ones included (leak checks). */
    get size(): number;
}
