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
import { SendGate } from './sendGate.js';
/** The table's own requests (subscribe, unsubscribe) in flight per upstream at most. */
export const SUBSCRIPTION_SENDS_PER_UPSTREAM = 8;
const keyOf = (upstream, uri) => `${upstream}\u0000${uri}`;
export class Subscriptions {
    #host;
    #entries = new Map();
    /** Each subscriber's entries (the reverse of `Entry.sessions`). */
    #bySession = new Map();
    #gate = new SendGate(SUBSCRIPTION_SENDS_PER_UPSTREAM);
    constructor(host) {
        this.#host = host;
    }
    /**
     * Subscribes `session` to `uri` of `upstream` (`exposed` is the URI the session used).
     * Resolves once the upstream holds the subscription; rejects with the upstream's error (the
     * session is then not subscribed). Subscribing twice is a no-op.
     */
    async subscribe(session, upstream, uri, exposed) {
        const key = keyOf(upstream, uri);
        let entry = this.#entries.get(key);
        if (!entry) {
            entry = {
                upstream,
                uri,
                exposed,
                sessions: new Set(),
                subscribed: false,
                pending: 0,
                tail: Promise.resolve(),
            };
            this.#entries.set(key, entry);
        }
        this.#join(entry, session);
        try {
            // An earlier subscriber's failed attempt is retried by this step.
            await this.#sync(entry);
        }
        catch (error) {
            this.#leave(entry, session);
            void this.#sync(entry).catch(() => { });
            throw error;
        }
    }
    /**
     * Ends `session`'s subscription to the URI it saw as `exposed`. Resolves once the upstream
     * has been told (when this was the last subscriber). False when the session held none.
     */
    async unsubscribe(session, exposed) {
        let entry;
        for (const held of this.#bySession.get(session) ?? []) {
            if (held.exposed === exposed) {
                entry = held;
                break;
            }
        }
        if (!entry)
            return false;
        this.#leave(entry, session);
        await this.#sync(entry).catch((error) => {
            // The session is unsubscribed either way; the upstream keeps sending at worst, and the
            // router drops what nobody subscribed to.
            this.#host.log().warn(`resources/unsubscribe to ${entry.upstream} failed`, {
                uri: entry.uri,
                error: String(error),
            });
        });
        return true;
    }
    /** A closed session: its subscriptions end (the last subscriber's ending goes upstream). */
    dropSession(session) {
        for (const entry of [...(this.#bySession.get(session) ?? [])]) {
            this.#leave(entry, session);
            void this.#sync(entry).catch(() => { });
        }
    }
    /**
     * An upstream's connection came or went. Its subscriptions died with the old connection; a
     * new connection gets every URI that still has subscribers again.
     */
    upstreamState(upstream, state) {
        for (const entry of [...this.#entries.values()]) {
            if (entry.upstream !== upstream)
                continue;
            if (state === 'ready') {
                void this.#sync(entry).catch((error) => {
                    this.#host.log().warn(`re-subscribing ${entry.uri} on ${upstream} failed`, {
                        error: String(error),
                    });
                });
            }
            else if (state === 'failed' || state === 'closed' || state === 'connecting') {
                entry.subscribed = false;
            }
        }
    }
    /**
     * An upstream's `notifications/resources/updated`: to every session subscribed to that URI
     * that may receive what the upstream sends (a reload may have taken the upstream from it).
     */
    deliver(upstream, params) {
        const uri = params.uri;
        const entry = typeof uri === 'string' ? this.#entries.get(keyOf(upstream, uri)) : undefined;
        if (!entry || entry.sessions.size === 0) {
            this.#host.log().debug(`dropped a resource update nobody subscribed to`, { upstream, uri });
            return 0;
        }
        const out = { ...params, uri: entry.exposed };
        const only = this.#host.only;
        const receivers = only ? only(upstream, [...entry.sessions]) : entry.sessions;
        let delivered = 0;
        for (const session of receivers) {
            session.notifyIfReady('notifications/resources/updated', out);
            delivered++;
        }
        return delivered;
    }
    /** The exposed URIs `session` is subscribed to (tests, `mcp-mux inspect`). */
    of(session) {
        return [...(this.#bySession.get(session) ?? [])].map((e) => e.exposed);
    }
    /** The table's requests to `upstream` in flight and waiting (tests, leak checks). */
    sends(upstream) {
        return this.#gate.load(upstream);
    }
    /** Number of subscribers holding at least one entry (leak checks). */
    get subscriberCount() {
        return this.#bySession.size;
    }
    /** Number of (upstream, URI) entries held, pending ones included (leak checks). */
    get size() {
        return this.#entries.size;
    }
    #join(entry, session) {
        entry.sessions.add(session);
        let held = this.#bySession.get(session);
        if (!held) {
            held = new Set();
            this.#bySession.set(session, held);
        }
        held.add(entry);
    }
    #leave(entry, session) {
        entry.sessions.delete(session);
        const held = this.#bySession.get(session);
        if (held?.delete(entry) && held.size === 0)
            this.#bySession.delete(session);
    }
    /** Queues one step that brings the upstream to the wanted state. */
    #sync(entry) {
        entry.pending++;
        const step = entry.tail.then(async () => {
            const wanted = entry.sessions.size > 0;
            if (wanted === entry.subscribed)
                return;
            const method = wanted ? 'resources/subscribe' : 'resources/unsubscribe';
            // Unsubscribing counts as done even if the request fails: the router stops relaying anyway.
            if (!wanted)
                entry.subscribed = false;
            await this.#gate.run(entry.upstream, () => this.#host.send(entry.upstream, method, { uri: entry.uri }));
            if (wanted)
                entry.subscribed = true;
        });
        const settled = step.then(() => this.#settle(entry), () => this.#settle(entry));
        entry.tail = settled;
        return step;
    }
    #settle(entry) {
        entry.pending--;
        const key = keyOf(entry.upstream, entry.uri);
        if (entry.pending === 0 && entry.sessions.size === 0 && !entry.subscribed) {
            if (this.#entries.get(key) === entry)
                this.#entries.delete(key);
        }
    }
}
//# sourceMappingURL=subscriptions.js.map