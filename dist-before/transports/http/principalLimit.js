import { PlacesPerPrincipal } from '../../core/auth/index.js';
import { clientAddress } from './forwardedFor.js';
/** Sessions per principal when `mcpMux.maxSessionsPerPrincipal` is not set. */
export const DEFAULT_MAX_SESSIONS_PER_PRINCIPAL = 100;
/**
 * What per-principal limits count by: the bearer token's principal, else the client's address
 * (the peer's, or with `trustProxy` the forwarded one: forwardedFor.ts). Without tokens every
 * client behind one address (loopback, one proxy) shares one pool.
 */
export function limitKey(req, principal, trustProxy = false) {
    return principal ?? `addr:${clientAddress(req, trustProxy)}`;
}
export class PrincipalLimit {
    #max;
    #places = new PlacesPerPrincipal();
    constructor(max = DEFAULT_MAX_SESSIONS_PER_PRINCIPAL) {
        this.#max = max;
    }
    /**
     * Takes a place for `key`: the function that gives it back (idempotent), or undefined when
     * `key` already holds `max` sessions.
     */
    acquire(key) {
        return this.#places.acquire(key, this.#max);
    }
    /** Open sessions per key (stats and tests). */
    counts() {
        return this.#places.counts();
    }
}
//# sourceMappingURL=principalLimit.js.map