/**
 * How the router's parts present themselves to the routes (`RouteHost`) and to each downstream
 * session (`SessionHost`): two small adapters built from the parts (parts.ts), never from the
 * router itself.
 */
import type { Observable, SchedulerLike } from 'rxjs';
import type { Catalog, CursorSealer, TaskIds } from '../../core/catalog/index.js';
import type { Logger } from '../../core/log/index.js';
import type { ClientInfo } from '../../core/mcp/index.js';
import type { InboundEvent, JsonObject, JsonRpcRequest } from '../../core/rpc/index.js';
import type { Bridge } from '../bridge/index.js';
import type { Caller, ClientSession, ListenQuota, SessionHost } from '../downstream/index.js';
import { type Approvals, type ResultStore, type RouteHost } from '../routes/index.js';
import type { Audience } from './audience.js';
import type { Forwarder } from './forwarder.js';
import type { LogLevels } from './logLevels.js';
import type { RateLimit } from './rateLimits.js';
import type { RouterState } from './routerState.js';
import type { Subscriptions } from './subscriptions.js';
import type { UpstreamPool } from './upstreamPool.js';
/** The facade's capabilities for a client of `protocolVersion`, as `initialize` returns them. */
export declare function capabilitiesFor(upstreams: UpstreamPool, state: RouterState, protocolVersion?: string): JsonObject;
export interface RouteHostParts {
    readonly catalog: Catalog;
    readonly cursors: CursorSealer;
    readonly tasks: TaskIds<ClientSession | undefined>;
    readonly scheduler: SchedulerLike;
    readonly state: RouterState;
    readonly upstreams: UpstreamPool;
    readonly subscriptions: Subscriptions;
    readonly logging: LogLevels;
    readonly forwarder: Forwarder;
    /** `mcpMux.access`, compiled once per config (a reload replaces the rules array). */
    readonly audience: Audience;
    /** Whole results `maxResultBytes` cut, read back as `mcp-mux://results/…`. */
    readonly results: ResultStore;
    /** `mcpMux.rateLimits` compiled for the current config (rateLimits.ts); undefined: none. */
    readonly rateLimit: () => RateLimit | undefined;
    /** The approval rules in force (approvals.ts). */
    readonly approvals: () => Approvals | undefined;
}
export declare function routeHostOf(parts: RouteHostParts): RouteHost;
export interface SessionHostParts {
    readonly log: Logger;
    readonly scheduler: SchedulerLike;
    readonly serverInfo: ClientInfo;
    readonly disconnectGraceMs: number;
    readonly state: RouterState;
    readonly catalog: Catalog;
    readonly upstreams: UpstreamPool;
    readonly subscriptions: Subscriptions;
    readonly bridge: Bridge;
    readonly audience: Audience;
    readonly listenQuota: ListenQuota;
    route(request: JsonRpcRequest, caller: Caller): Observable<InboundEvent>;
}
export declare function sessionHostOf(parts: SessionHostParts): SessionHost;
