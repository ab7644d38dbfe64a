/**
 * How the router presents itself to the routes (`RouteHost`) and to each downstream session
 * (`SessionHost`): two small adapters over the router's public surface. They read it through
 * `RouterView` (which `Router` satisfies) so this file does not import the router.
 */
import type { Observable, SchedulerLike } from 'rxjs';
import type { Catalog } from '../../core/catalog/catalog.js';
import type { TaskIds } from '../../core/catalog/tasks.js';
import type { RouterConfig } from '../../core/config/config.js';
import type { Logger } from '../../core/log.js';
import type { ClientInfo } from '../../core/mcp/context.js';
import type { InboundEvent, RequestEvent } from '../../core/rpc/connection.js';
import type { JsonObject, JsonRpcRequest } from '../../core/rpc/jsonrpc.js';
import type { Caller, ClientSession, SessionHost } from '../downstream/host.js';
import type { DownUpstream } from '../routes/host.js';
import type { RouteHost } from '../routes/index.js';
import type { Upstream } from '../upstream/upstream.js';
import type { LogLevels } from './logLevels.js';
import type { ServerRequests } from './serverRequests.js';
import type { Subscriptions } from './subscriptions.js';

/** The router as the adapters read it. */
export interface RouterView {
  readonly catalog: Catalog;
  readonly tasks: TaskIds<ClientSession | undefined>;
  readonly scheduler: SchedulerLike;
  readonly config: RouterConfig;
  readonly isStarted: boolean;
  readonly upstreams: ReadonlyMap<string, Upstream>;
  readonly subscriptions: Subscriptions;
  readonly logging: LogLevels;
  readonly serverRequests: ServerRequests;
  readonly log: Logger;
  readonly disconnectGraceMs: number;
  readonly serverInfo: ClientInfo;
  whenStarted(): Promise<void>;
  forward(
    name: string,
    method: string,
    params: JsonObject,
    caller: Caller,
  ): Observable<RequestEvent>;
  capabilities(protocolVersion?: string): JsonObject;
  instructions(): string | undefined;
  downUpstreams(): DownUpstream[];
  /** Opens `session`'s isolated upstream connections (once it has initialized). */
  openIsolated(session: ClientSession): void;
}

export function routeHostOf(router: RouterView): RouteHost {
  return {
    catalog: router.catalog,
    tasks: router.tasks,
    scheduler: router.scheduler,
    // The config is replaced by a reload: read at each use.
    get pageSize() {
      return router.config.pageSize;
    },
    get isStarted() {
      return router.isStarted;
    },
    whenStarted: () => router.whenStarted(),
    upstream: (name) => {
      const upstream = router.upstreams.get(name);
      return (
        upstream && {
          capabilities: upstream.server?.capabilities,
          isolated: upstream.config.sessionMode === 'isolated',
        }
      );
    },
    forward: (name, method, params, caller) => router.forward(name, method, params, caller),
    subscribe: (session, upstream, uri, exposed) =>
      router.subscriptions.subscribe(session, upstream, uri, exposed),
    unsubscribe: (session, exposed) => router.subscriptions.unsubscribe(session, exposed),
    syncLogLevels: () => router.logging.sync(),
    downUpstreams: () => router.downUpstreams(),
  };
}

export function sessionHostOf(
  router: RouterView,
  route: (request: JsonRpcRequest, caller: Caller) => Observable<InboundEvent>,
): SessionHost {
  return {
    log: router.log,
    scheduler: router.scheduler,
    disconnectGraceMs: router.disconnectGraceMs,
    serverInfo: router.serverInfo,
    whenStarted: () => router.whenStarted(),
    capabilities: (protocolVersion) => router.capabilities(protocolVersion),
    instructions: () => router.instructions(),
    route,
    rootsListChanged: (session) => router.serverRequests.rootsListChanged(session),
    initialized: (session) => router.openIsolated(session),
    listenSources: {
      subscribable: (uri) => {
        const resolved = router.catalog.resolveUri(uri);
        const upstream = resolved && router.upstreams.get(resolved.upstream);
        if (!resolved || !upstream || upstream.config.sessionMode === 'isolated') return undefined;
        const resources = upstream.server?.capabilities.resources as JsonObject | undefined;
        return resources?.subscribe === true ? resolved : undefined;
      },
      subscribe: (subscriber, upstream, uri, exposed) =>
        router.subscriptions.subscribe(subscriber, upstream, uri, exposed),
      unsubscribe: (subscriber, exposed) => router.subscriptions.unsubscribe(subscriber, exposed),
    },
  };
}
