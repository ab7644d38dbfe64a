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
import { type ObservableInput, type SchedulerLike } from 'rxjs';
import type { CatalogKind } from '../../core/catalog/index.js';
import { type AdaptiveDebounceConfig } from '../../core/operators/index.js';
/** The window of list changes (ms): see the header. */
export declare const LIST_CHANGE_WINDOW: Omit<AdaptiveDebounceConfig, 'scheduler'>;
export interface ListRefreshesOptions {
    readonly scheduler: SchedulerLike;
    /** Fetches `kind` of `upstream` into the catalog; its failure is its own to report. */
    refetch(upstream: string, kind: CatalogKind): ObservableInput<unknown>;
    readonly window?: Omit<AdaptiveDebounceConfig, 'scheduler'>;
}
export declare class ListRefreshes {
    #private;
    constructor(options: ListRefreshesOptions);
    /** `kinds` of `upstream` changed: each is refetched once the changes settle. */
    changed(upstream: string, kinds: readonly CatalogKind[]): void;
    /** The upstream left (failed, closed, removed): its pending and running refetches end. */
    forget(upstream: string): void;
    /** Ends every lane (the router is closing). */
    close(): void;
    /** Pipelines alive now (a leak check for tests). */
    get size(): number;
}
