/**
 * Fetching an upstream's lists into the merged catalog (every page, through the upstream's
 * queue), and the per-upstream item counts the status lines show. A refresh whose upstream
 * failed or was replaced meanwhile writes nothing: its part of the catalog is gone and stays
 * gone.
 */
import type { Catalog, CatalogKind } from '../../core/catalog/index.js';
import type { UpstreamConfig } from '../../core/config/index.js';
import type { Logger } from '../../core/log/index.js';
import type { Upstream } from '../upstream/index.js';
export interface CatalogRefreshHost {
    readonly catalog: Catalog;
    readonly log: Logger;
    /** The upstreams in config order (their position decides collisions). */
    configOrder(): readonly UpstreamConfig[];
    /** Whether `upstream` is still the one serving its name, and ready. */
    isCurrent(upstream: Upstream): boolean;
    /** `upstream`'s part of a catalog kind really changed (coalesced into `list_changed`); not for the same list again. */
    changed(kind: CatalogKind, upstream: string): void;
    /** Shutting down: an interrupted refresh is expected, logged at debug. */
    quiet(): boolean;
    /** Runs `fn` after `ms` on the router's scheduler (the `ttlMs` refresh); returns a cancel. */
    schedule?(ms: number, fn: () => void): () => void;
}
/**
 * The soonest a list a modern upstream gave a `ttlMs` is fetched again. `ttlMs: 0` ("do not
 * reuse") is not a refresh loop: the catalog follows such an upstream's list changes through
 * its `subscriptions/listen` (actors/upstream/modernListen.ts), and refreshes it at this pace
 * when it offers none.
 */
export declare const MIN_TTL_REFRESH_MS = 5000;
export declare class CatalogRefresh {
    #private;
    constructor(host: CatalogRefreshHost);
    countsOf(name: string): Partial<Record<CatalogKind, number>> | undefined;
    /** Takes an upstream's part out of the catalog (failed, closed or removed). */
    remove(name: string): void;
    /** Re-fetches `kinds` of `upstream` (those its capabilities offer) into the catalog. */
    refresh(upstream: Upstream, kinds: readonly CatalogKind[]): Promise<void>;
}
