/**
 * The router's parts, built and wired once (`wireParts`): the catalog and task ids, the
 * upstream pool, the in-flight index, the era bridge, resource subscriptions and log levels,
 * the forwarder, and the two hosts the routes and the downstream sessions see. Each part gets
 * only the functions it needs (closures over the parts and the router's `RouterState`), never
 * the router itself.
 */
import { type SchedulerLike } from 'rxjs';
import { Catalog, TaskIds } from '../../core/catalog/index.js';
import { type RouterConfig } from '../../core/config/index.js';
import { type Logger } from '../../core/log/index.js';
import type { ClientInfo } from '../../core/mcp/index.js';
import { type RouterObserver } from '../../core/observe/index.js';
import { Bridge } from '../bridge/index.js';
import { type ClientSession, ListenQuota, type SessionHost } from '../downstream/index.js';
import { type RouteHost } from '../routes/index.js';
import { Audience } from './audience.js';
import { RouterEvents } from './events.js';
import { ListChanges } from './facade.js';
import { Forwarder } from './forwarder.js';
import { InflightIndex } from './inflight.js';
import { LogLevels } from './logLevels.js';
import type { RouterOptions } from './routerOptions.js';
import type { RouterState } from './routerState.js';
import { Subscriptions } from './subscriptions.js';
import { UpstreamPool } from './upstreamPool.js';
export interface RouterParts {
    readonly log: Logger;
    readonly scheduler: SchedulerLike;
    readonly serverInfo: ClientInfo;
    readonly catalog: Catalog;
    readonly tasks: TaskIds<ClientSession | undefined>;
    readonly upstreams: UpstreamPool;
    readonly inflight: InflightIndex;
    readonly bridge: Bridge;
    readonly subscriptions: Subscriptions;
    readonly logging: LogLevels;
    readonly audience: Audience;
    readonly forwarder: Forwarder;
    readonly listChanges: ListChanges;
    /** Open modern listens per principal, and the bounds of a listen. */
    readonly listenQuota: ListenQuota;
    readonly routeHost: RouteHost;
    readonly sessionHost: SessionHost;
    /** `Router.events$`: built only while someone subscribes (events.ts). */
    readonly events: RouterEvents;
    /** `RouterOptions.observer`, several composed into one (core/observe/composeObservers.ts). */
    readonly observer: RouterObserver | undefined;
}
export declare const VERSION = "0.1.0";
export declare function wireParts(config: RouterConfig, options: RouterOptions, state: RouterState): RouterParts;
