/** What the router's parts read of the router's own state (live: each read is current). */
import type { RouterConfig } from '../../core/config/index.js';
import type { DownstreamSession } from '../downstream/index.js';
export interface RouterState {
    config(): RouterConfig;
    /** Clients are answered (start-up settled or its grace passed). */
    isStarted(): boolean;
    /** Start-up has settled (every upstream ready or failed, or its timeout passed). */
    isSettled(): boolean;
    whenStarted(): Promise<void>;
    /** An upstream is out of the start-up wait. */
    settled(name: string): void;
    /** Shutting down or closed: no new requests. */
    draining(): boolean;
    sessions(): Iterable<DownstreamSession>;
}
