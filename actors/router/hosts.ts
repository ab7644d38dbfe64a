/**
 * How the router's parts present themselves to the routes (`RouteHost`) and to each downstream
 * session (`SessionHost`): two small adapters built from the parts (parts.ts), never from the
 * router itself.
 */
import type { Observable, SchedulerLike } from 'rxjs';
import type { AccessKind, AccessPolicy } from '../../core/auth/index.js';
import type { Catalog, CursorSealer, TaskIds, ToolNeeds } from '../../core/catalog/index.js';
import type { Logger } from '../../core/log/index.js';
import type { ClientInfo } from '../../core/mcp/index.js';
import type { InboundEvent, JsonObject, JsonRpcRequest } from '../../core/rpc/index.js';
import type { Bridge } from '../bridge/index.js';
import type { Caller, ClientSession, ListenQuota, SessionHost } from '../downstream/index.js';
import {
  ActivatedTools,
  type Approvals,
  type ResultStore,
  type RouteHost,
} from '../routes/index.js';
import type { Audience } from './audience.js';
import type { Forwarder } from './forwarder.js';
import type { LogLevels } from './logLevels.js';
import type { Profiles } from './profiles.js';
import type { RateLimit } from './rateLimits.js';
import type { RouterState } from './routerState.js';
import type { Subscriptions } from './subscriptions.js';
import type { UpstreamPool } from './upstreamPool.js';

/** The facade's capabilities for a client of `protocolVersion`, as `initialize` returns them. */
export function capabilitiesFor(
  upstreams: UpstreamPool,
  state: RouterState,
  protocolVersion?: string,
): JsonObject {
  const caps = upstreams.capabilities(!state.isSettled());
  // Tasks exist in 2025-11-25 only (not before, and not in 2026-07-28).
  if (protocolVersion !== undefined && protocolVersion !== '2025-11-25') delete caps.tasks;
  // Cut results are read back as resources (`mcp-mux://results/…`), whatever the upstreams offer.
  if (caps.resources === undefined && state.config().upstreams.some((u) => u.maxResultBytes)) {
    caps.resources = {};
  }
  return caps;
}

/**
 * The one predicate lists, calls and search ask (absent when neither access rules nor profiles
 * are configured, so routes skip the per-item work): the access policy, and for a caller in a
 * profile, that profile's globs too.
 */
function allowsFor(
  policy: AccessPolicy | undefined,
  profiles: Profiles | undefined,
): NonNullable<RouteHost['allows']> | undefined {
  if (profiles === undefined) {
    return (
      policy &&
      ((caller: Caller, upstream: string, kind: AccessKind, exposed: string) =>
        policy.allows(caller.identity, upstream, kind, exposed))
    );
  }
  return (caller, upstream, kind, exposed) =>
    (caller.profile === undefined || profiles.allows(caller.profile, upstream, kind, exposed)) &&
    (policy === undefined || policy.allows(caller.identity, upstream, kind, exposed));
}

export interface RouteHostParts {
  readonly catalog: Catalog;
  /** What tools were seen to ask clients for; `mcpMux.capabilityAwareTools` says what to do. */
  readonly toolNeeds: ToolNeeds;
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

export function routeHostOf(parts: RouteHostParts): RouteHost {
  const { state, upstreams, subscriptions, forwarder } = parts;
  type Allows = NonNullable<RouteHost['allows']>;
  const profiles = parts.audience.profiles;
  // Rules and profiles both come from the config: one identity check per read (the hot path's
  // cost without either is that check and `undefined`).
  let compiledFor: unknown;
  let allows: Allows | undefined;
  const allowsOf = (): Allows | undefined => {
    const config = state.config();
    if (config !== compiledFor) {
      compiledFor = config;
      allows = allowsFor(parts.audience.policy, profiles?.compiled && profiles);
    }
    return allows;
  };
  const host: RouteHost = {
    catalog: parts.catalog,
    cursors: parts.cursors,
    tasks: parts.tasks,
    scheduler: parts.scheduler,
    // The config is replaced by a reload: read at each use.
    get pageSize() {
      return state.config().pageSize;
    },
    get isStarted() {
      return state.isStarted();
    },
    whenStarted: () => state.whenStarted(),
    upstream: (name) => {
      const upstream = upstreams.get(name);
      return (
        upstream && {
          // Routes read it for sessions (subscribe, completion): a dual-era upstream's legacy
          // connection is theirs.
          capabilities: (upstream.legacy ?? upstream).server?.capabilities,
          isolated: upstream.config.sessionMode === 'isolated',
        }
      );
    },
    forward: (name, method, params, caller) => forwarder.forward(name, method, params, caller),
    subscribe: (session, upstream, uri, exposed) =>
      subscriptions.subscribe(session, upstream, uri, exposed),
    unsubscribe: (session, exposed) => subscriptions.unsubscribe(session, exposed),
    syncLogLevels: (session) => parts.logging.levelSet(session),
    downUpstreams: () => upstreams.down(),
    get toolNeeds() {
      const mode = state.config().capabilityAwareTools ?? 'mark';
      return mode === 'off' ? undefined : { needs: parts.toolNeeds, mode };
    },
    get toolSearch() {
      const search = state.config().toolSearch;
      return search && search.mode !== 'off' ? search : undefined;
    },
    profileToolSearch: (profile) => {
      const search = profiles?.toolSearch(profile, state.config().toolSearch);
      return search && search.mode !== 'off' ? search : undefined;
    },
    inProfile: (profile, upstream, kind, exposed) =>
      profiles?.allows(profile, upstream, kind, exposed) ?? false,
    activations: new ActivatedTools(),
    results: parts.results,
  };
  Object.defineProperty(host, 'approval', { enumerable: true, get: parts.approvals });
  Object.defineProperty(host, 'allows', {
    enumerable: true,
    // Absent (undefined) without rules, so routes skip the per-item work entirely.
    get: allowsOf,
  });
  Object.defineProperty(host, 'rateLimit', { enumerable: true, get: parts.rateLimit });
  return host;
}

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

export function sessionHostOf(parts: SessionHostParts): SessionHost {
  const { state, upstreams, subscriptions, catalog, audience } = parts;
  return {
    log: parts.log,
    scheduler: parts.scheduler,
    disconnectGraceMs: parts.disconnectGraceMs,
    serverInfo: parts.serverInfo,
    whenStarted: () => state.whenStarted(),
    capabilities: (protocolVersion) => capabilitiesFor(upstreams, state, protocolVersion),
    instructions: () => upstreams.instructions(),
    route: parts.route,
    rootsListChanged: (session) => parts.bridge.rootsListChanged(session),
    // Each isolated upstream's start-up `roots/list` reaches this client (actors/README.md);
    // none it may not use is opened for it (`mcpMux.access`).
    initialized: (session) => {
      if (!state.draining())
        upstreams.openIsolated(session, (name) => audience.mayReceive(session, name));
    },
    listenSources: {
      subscribable: (uri, identity, profile) => {
        const resolved = catalog.resolveUri(uri);
        const upstream = resolved && upstreams.get(resolved.upstream);
        if (!resolved || !upstream || upstream.config.sessionMode === 'isolated') return undefined;
        if (!audience.mayReceive({ identity, profile }, resolved.upstream)) return undefined;
        if (
          profile !== undefined &&
          !audience.profiles?.allows(profile, resolved.upstream, 'resources', uri)
        )
          return undefined;
        const resources = upstream.server?.capabilities.resources as JsonObject | undefined;
        return resources?.subscribe === true ? resolved : undefined;
      },
      subscribe: (subscriber, upstream, uri, exposed) =>
        subscriptions.subscribe(subscriber, upstream, uri, exposed),
      unsubscribeAll: (subscriber) => subscriptions.dropSession(subscriber),
    },
    listenQuota: parts.listenQuota,
  };
}
