/**
 * How many modern `subscriptions/listen` streams each principal holds open, across every
 * connection of one router (a listen holds its HTTP response, or a place on a stdio or
 * WebSocket connection, until the client ends it). Past `maxPerPrincipal` a new listen is
 * refused with -31003 (`ErrorCode.LimitExceeded`), so one client cannot hold unbounded
 * streams; others are not affected. The limits are read at each use (a reload changes them).
 */
import { PlacesPerPrincipal } from '../../core/auth/index.js';
export class ListenQuota {
    #limits;
    #places = new PlacesPerPrincipal();
    constructor(limits) {
        this.#limits = limits;
    }
    get limits() {
        return this.#limits();
    }
    /**
     * Takes a place for `key` (a principal, else one connection): the function that gives it
     * back (idempotent), or undefined when `key` already holds `maxPerPrincipal` listens.
     */
    acquire(key) {
        return this.#places.acquire(key, this.#limits().maxPerPrincipal);
    }
    /** Open listens per key (stats, leak checks). */
    counts() {
        return this.#places.counts();
    }
    /** Open listens over every key (`Router.stats`). */
    get total() {
        return this.#places.total;
    }
}
//# sourceMappingURL=listenQuota.js.map