/**
 * The upstreams that are down now, as routes/unavailable.ts needs them: a call to a name one
 * of them exposed before it went down gets the retryable -32011 naming it, not "Unknown tool".
 * The names are remembered when an upstream's part leaves the catalog.
 */
import type { Catalog } from '../../core/catalog/index.js';
import type { DownUpstream } from '../routes/index.js';
import type { UpstreamStatus } from './facade.js';
export declare class KnownNames {
    #private;
    /** Remembers the names `upstream` exposes now (call before its part leaves the catalog). */
    remember(catalog: Catalog, upstream: string): void;
    forget(upstream: string): void;
    /** The statuses that are not ready, with their prefix and remembered names. */
    down(statuses: readonly UpstreamStatus[], prefixOf: (name: string) => string, separator: string): DownUpstream[];
}
