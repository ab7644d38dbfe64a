/**
 * The router's upstreams, behind one interface (`UpstreamPool`): the supervised `Upstream` of
 * each configured server by name, the isolated connections of `sessionMode: "isolated"`
 * upstreams, their lists in the catalog and the names they last exposed. It adds, opens,
 * follows and removes them: each connection gets the handlers of what the upstream sends
 * (upstreamInbound.ts), each state change is followed into the catalog and told to the router
 * (`onState`), and a ready upstream's lists are fetched.
 *
 * Routes and the forwarder read an upstream through `get`; the router's own requests
 * (subscriptions, log levels) go through `call`, with the upstream's queue and limits.
 */
import type { SchedulerLike } from 'rxjs';
import type { Catalog, CatalogKind } from '../../core/catalog/index.js';
import type { RootConfig, RouterConfig, UpstreamConfig } from '../../core/config/index.js';
import { RpcError } from '../../core/errors/index.js';
import type { Logger } from '../../core/log/index.js';
import type { ClientInfo } from '../../core/mcp/index.js';
import type { JsonObject, Transport } from '../../core/rpc/index.js';
import { Connection } from '../../core/rpc/index.js';
import type { ClientSession } from '../downstream/index.js';
import type { DownUpstream } from '../routes/index.js';
import type { UpstreamClock } from '../upstream/index.js';
import { type Health, IsolatedUpstreams, Upstream, type UpstreamState } from '../upstream/index.js';
import { type UpstreamStatus } from './facade.js';
import { type UpstreamInboundHost } from './upstreamInbound.js';
export interface UpstreamPoolOptions {
    readonly catalog: Catalog;
    /** The running config (replaced by a reload: read at each use). */
    config(): RouterConfig;
    /** What the handlers of upstream requests and notifications get. */
    readonly inbound: UpstreamInboundHost;
    readonly openTransport: (config: UpstreamConfig, signal: AbortSignal) => Promise<Transport>;
    readonly serverInfo: ClientInfo;
    readonly initializeTimeoutMs: number;
    readonly scheduler: SchedulerLike;
    readonly clock: UpstreamClock;
    readonly log: Logger;
    /** An upstream changed state (after the catalog followed it); not after `close`. */
    onState(name: string, state: UpstreamState): void;
    /** An upstream's health changed (supervision: `ready` / `degraded` / `down`). */
    onHealth?(name: string, health: Health, previous: Health): void;
    /** An upstream is out of the start-up wait: ready with its lists, or failed. */
    settled(name: string): void;
    /** `upstream`'s part of a catalog kind changed (the facade's coalesced list_changed). */
    changed(kind: CatalogKind, upstream: string): void;
    /** Shutting down: interrupted refreshes are expected. */
    quiet(): boolean;
}
export declare class UpstreamPool {
    #private;
    constructor(options: UpstreamPoolOptions);
    get(name: string): Upstream | undefined;
    keys(): IterableIterator<string>;
    values(): IterableIterator<Upstream>;
    /** A request on `session`'s own connection to an isolated upstream (opened on first use). */
    get isolated(): Pick<IsolatedUpstreams<ClientSession>, 'request$' | 'upstreamsOf'>;
    /** Sessions with their own connections to isolated upstreams. */
    get isolatedSessions(): number;
    /** One line per upstream (`Router.status`). */
    status(): UpstreamStatus[];
    /**
     * A request of the router's own to a shared upstream (subscriptions, log levels), through
     * its queue with its timeout and max total time, resolving with the result.
     */
    call(name: string, method: string, params: JsonObject): Promise<JsonObject>;
    /** The connection `session`'s traffic to upstream `name` uses (its own when isolated), if ready. */
    connection(name: string, session: ClientSession): Connection | undefined;
    /**
     * Opens `session`'s own connection to every enabled isolated upstream it may use
     * (`allowed`: `mcpMux.access`; actors/README.md).
     */
    openIsolated(session: ClientSession, allowed?: (name: string) => boolean): void;
    /** The enabled upstreams that are not ready now, with the names they last exposed. */
    down(): DownUpstream[];
    /** What the router answers a shared connection's `roots/list` with (upstreamInbound.ts). */
    rootsOf(name: string): readonly RootConfig[];
    /** The union of the ready upstreams' capabilities; `starting`: some may still come. */
    capabilities(starting: boolean): JsonObject;
    instructions(): string | undefined;
    /** Ready shared legacy upstreams that declared `logging` (their level follows the sessions'). */
    logging(): Iterable<string>;
    /**
     * Some lists of upstream `name` changed (its `list_changed`, a reload's new prefix): each is
     * re-fetched (all pages) into the catalog once its changes settle (listRefreshes.ts), if the
     * upstream is ready then.
     */
    refresh(name: string, kinds: CatalogKind[]): void;
    /** Fails every request admitted to a shared upstream with `error(upstream)`. */
    cancelAll(error: (upstream: string) => RpcError): void;
    /** Starts a supervised upstream for `config`. */
    add(config: UpstreamConfig): void;
    /** Takes an upstream out (reload): its catalog part goes at once, then it is closed. */
    remove(name: string, reason: string): Promise<void>;
    /** Closes every connection, isolated ones first. */
    close(reason: string): Promise<void>;
}
