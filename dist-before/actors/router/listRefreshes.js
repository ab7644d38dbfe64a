/**
 * An upstream's list changes, coalesced into refetches: one RxJS pipeline per (upstream, list
 * kind), made on its first change and ended when the upstream leaves.
 *
 *   changes ─► adaptiveDebounce (50 ms, doubling to 250 ms while changes keep coming, and at
 *              most 250 ms after a burst's first change) ─► concatMapLatest(refetch)
 *
 * So at most one refetch per upstream and list is in flight; changes that arrive during it
 * make exactly one more, after it (the catalog always ends with a list fetched after the last
 * change); a storm of changes costs about four refetches a second, and one isolated change
 * is fetched 50 ms after it. Whether clients hear of it is the catalog's to say: a refetch
 * that brings the same list changes nothing (core/catalog `setItems`), and real changes are
 * coalesced across upstreams into `list_changed` (facade.ts `ListChanges`).
 *
 * Time comes from the router's scheduler, so tests run it on virtual time.
 */
import { catchError, defer, EMPTY, Subject, } from 'rxjs';
import { adaptiveDebounce, concatMapLatest, } from '../../core/operators/index.js';
/** The window of list changes (ms): see the header. */
export const LIST_CHANGE_WINDOW = {
    first: 50,
    max: 250,
    maxWait: 250,
};
export class ListRefreshes {
    #options;
    /** Lanes by upstream name, then kind. */
    #lanes = new Map();
    constructor(options) {
        this.#options = options;
    }
    /** `kinds` of `upstream` changed: each is refetched once the changes settle. */
    changed(upstream, kinds) {
        for (const kind of kinds)
            this.#lane(upstream, kind).changes.next();
    }
    /** The upstream left (failed, closed, removed): its pending and running refetches end. */
    forget(upstream) {
        const lanes = this.#lanes.get(upstream);
        if (!lanes)
            return;
        this.#lanes.delete(upstream);
        for (const lane of lanes.values())
            lane.subscription.unsubscribe();
    }
    /** Ends every lane (the router is closing). */
    close() {
        for (const name of [...this.#lanes.keys()])
            this.forget(name);
    }
    /** Pipelines alive now (a leak check for tests). */
    get size() {
        let size = 0;
        for (const lanes of this.#lanes.values())
            size += lanes.size;
        return size;
    }
    #lane(upstream, kind) {
        let lanes = this.#lanes.get(upstream);
        if (!lanes) {
            lanes = new Map();
            this.#lanes.set(upstream, lanes);
        }
        const known = lanes.get(kind);
        if (known)
            return known;
        const { scheduler, refetch } = this.#options;
        const changes = new Subject();
        const subscription = changes
            .pipe(adaptiveDebounce({ ...(this.#options.window ?? LIST_CHANGE_WINDOW), scheduler }), 
        // A failed refetch is reported by `refetch`; the lane goes on with the next change.
        concatMapLatest(() => defer(() => refetch(upstream, kind)).pipe(catchError(() => EMPTY))))
            .subscribe();
        const lane = { changes, subscription };
        lanes.set(kind, lane);
        return lane;
    }
}
//# sourceMappingURL=listRefreshes.js.map