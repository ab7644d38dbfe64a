/**
 * What the facade shows of its upstreams as a whole: the list methods and their
 * notifications, the union of capabilities, the joined instructions, collision log lines, and
 * the coalescing of catalog changes into `list_changed` notifications.
 */
import type { SchedulerLike } from 'rxjs';
import type { Catalog, CatalogKind } from '../../core/catalog/index.js';
import type { Logger } from '../../core/log/index.js';
import type { JsonObject } from '../../core/rpc/index.js';
import type { ClientSession } from '../downstream/index.js';
import type { Health, Upstream, UpstreamState } from '../upstream/index.js';
import type { Receiver } from './audience.js';
/** Each list the catalog holds: its method, result key and the capability that offers it. */
export declare const LIST_KINDS: {
    kind: CatalogKind;
    method: string;
    key: string;
    capability: string;
}[];
export declare const ALL_KINDS: CatalogKind[];
/**
 * The union of the ready upstreams' server capabilities, as the facade advertises them.
 * `starting`: some upstreams are still starting (a client answered after the grace): their
 * capabilities are unknown, so prompts and resources are offered with `listChanged` too, and
 * whatever they bring is announced with `list_changed` when they are ready.
 */
export declare function facadeCapabilities(upstreams: Iterable<Upstream>, starting?: boolean): JsonObject;
/** The upstreams' instructions, one section each, or undefined when none gave any. */
export declare function facadeInstructions(upstreams: Iterable<Upstream>): string | undefined;
/** Collisions are never silent: each one that involves `upstream` is logged. */
export declare function logCollisions(log: Logger, catalog: Catalog, upstream: string): void;
/**
 * Coalesces catalog changes into one facade list_changed per kind over a short window. A
 * session gets a kind's `list_changed` only when one of the upstreams that changed it may reach
 * it (`mayReceive`, from `mcpMux.access`): a change caused only by upstreams a principal may not
 * use is not announced to it (its lists did not change).
 */
export declare class ListChanges {
    #private;
    private readonly scheduler;
    private readonly sessions;
    private readonly mayReceive;
    private readonly windowMs;
    constructor(scheduler: SchedulerLike, sessions: () => Iterable<Pick<ClientSession, 'notifyIfReady' | 'identity'>>, mayReceive?: (receiver: Receiver, upstream: string) => boolean, windowMs?: number);
    /** `upstream`'s part of the catalog of `kind` changed. */
    changed(kind: CatalogKind, upstream: string): void;
}
export interface UpstreamStatus {
    name: string;
    state: UpstreamState;
    /** `ready`, `degraded` or `down` (actors/supervisor.ts). */
    health: Health;
    /** Restarts in a row since it was last stable. */
    restarts: number;
    /** When backing off: the time until the next restart. */
    restartInMs?: number;
    error?: string;
    tools: number;
    prompts: number;
    resources: number;
    resourceTemplates: number;
}
/**
 * One line of `Router.status()` (and of `mcp-mux inspect`). `counts`: items fetched per kind;
 * `now`: the current time on the clock the upstream's supervisor runs on.
 */
export declare function upstreamStatus(u: Upstream, counts: Partial<Record<CatalogKind, number>> | undefined, now: number): UpstreamStatus;
