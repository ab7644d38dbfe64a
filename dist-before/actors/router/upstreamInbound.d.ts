/**
 * What upstreams send to the router on their own: requests (server-to-client) and
 * notifications. Two tables, one handler per MCP method; methods not in the request table
 * get -32601, notifications not in theirs are dropped with a debug line.
 */
import { type Observable } from 'rxjs';
import type { Catalog, CatalogKind, TaskIds } from '../../core/catalog/index.js';
import type { RootConfig } from '../../core/config/index.js';
import type { Logger } from '../../core/log/index.js';
import type { InboundContext, InboundEvent, JsonRpcNotification, JsonRpcRequest } from '../../core/rpc/index.js';
import type { Bridge } from '../bridge/index.js';
import type { ClientSession } from '../downstream/index.js';
import type { Audience } from './audience.js';
import { type LogLevels } from './logLevels.js';
import type { Subscriptions } from './subscriptions.js';
/** What the handlers need from the router's parts (built by parts.ts). */
export interface UpstreamInboundHost {
    readonly log: Logger;
    readonly catalog: Pick<Catalog, 'exposedUri'>;
    /** Every connected session (log messages from a shared upstream: router/logLevels.ts). */
    readonly sessions: Iterable<ClientSession>;
    /** Server-to-client requests, and who caused what (actors/bridge/). */
    readonly bridge: Pick<Bridge, 'serverRequest$' | 'elicitationComplete' | 'logCauses'>;
    readonly subscriptions: Pick<Subscriptions, 'deliver'>;
    readonly logging: Pick<LogLevels, 'deliver'>;
    /** Who may receive what an upstream sends (`mcpMux.access`): every handler below asks it. */
    readonly audience: Pick<Audience, 'mayReceive' | 'only'>;
    /** Re-fetches some lists of one upstream into the catalog. */
    refresh(upstream: string, kinds: CatalogKind[]): void;
    /** Exposed task ids, for `notifications/tasks/status` (routes/tasks.ts). */
    readonly tasks: Pick<TaskIds<ClientSession | undefined>, 'find'>;
    /** The roots a shared connection to `upstream` is told about (its config's `roots`). */
    rootsOf(upstream: string): readonly RootConfig[];
}
export type UpstreamRequestHandler = (router: UpstreamInboundHost, upstream: string, request: JsonRpcRequest, inbound: InboundContext, 
/** The one session an isolated upstream connection serves; undefined on a shared one. */
session?: ClientSession) => Observable<InboundEvent>;
export type UpstreamNotificationHandler = (router: UpstreamInboundHost, upstream: string, notification: JsonRpcNotification, 
/** The one session an isolated upstream connection serves; undefined on a shared one. */
session?: ClientSession) => void;
export declare const upstreamRequests: Readonly<Record<string, UpstreamRequestHandler>>;
export declare const upstreamNotifications: Readonly<Record<string, UpstreamNotificationHandler>>;
