/**
 * The router's parts, built and wired once (`wireParts`): the catalog and task ids, the
 * upstream pool, the in-flight index, the era bridge, resource subscriptions and log levels,
 * the forwarder, and the two hosts the routes and the downstream sessions see. Each part gets
 * only the functions it needs (closures over the parts and the router's `RouterState`), never
 * the router itself.
 */
import { asyncScheduler, type SchedulerLike } from 'rxjs';
import {
  Catalog,
  type CatalogKind,
  type ClientNeed,
  CursorSealer,
  DEFAULT_MAX_NAME_LENGTH,
  TaskIds,
  ToolNeeds,
} from '../../core/catalog/index.js';
import { LISTEN_DEFAULTS, type RouterConfig } from '../../core/config/index.js';
import { type Logger, silentLogger } from '../../core/log/index.js';
import type { ClientInfo } from '../../core/mcp/index.js';
import { stateKey } from '../../core/mcp/index.js';
import { composeObservers, type RouterObserver } from '../../core/observe/index.js';
import { Bridge } from '../bridge/index.js';
import { type ClientSession, ListenQuota, type SessionHost } from '../downstream/index.js';
import { ResultStore, type RouteHost, route } from '../routes/index.js';
import { approvalsOf } from './approvals.js';
import { Audience } from './audience.js';
import { RouterEvents } from './events.js';
import { ListChanges } from './facade.js';
import { Forwarder } from './forwarder.js';
import { routeHostOf, sessionHostOf } from './hosts.js';
import { InflightIndex } from './inflight.js';
import { LogLevels } from './logLevels.js';
import { Profiles } from './profiles.js';
import { rateLimitsOf } from './rateLimits.js';
import type { RouterOptions, RouterStats } from './routerOptions.js';
import type { RouterState } from './routerState.js';
import { schedulerClock } from './schedulerClock.js';
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
  /** What tools were seen to ask clients for (core/catalog/toolNeeds.ts). */
  readonly toolNeeds: ToolNeeds;
  readonly routeHost: RouteHost;
  readonly sessionHost: SessionHost;
  /** `Router.events$`: built only while someone subscribes (events.ts). */
  readonly events: RouterEvents;
  /** `RouterOptions.observer`, several composed into one (core/observe/composeObservers.ts). */
  readonly observer: RouterObserver | undefined;
}

export const VERSION = '0.1.0';

export function wireParts(
  config: RouterConfig,
  options: RouterOptions,
  state: RouterState,
): RouterParts {
  const log = options.log ?? silentLogger;
  const scheduler = options.scheduler ?? asyncScheduler;
  const serverInfo = options.serverInfo ?? { name: 'mcp-mux', version: VERSION };
  const initializeTimeoutMs = options.initializeTimeoutMs ?? 30_000;
  const events = new RouterEvents();
  const observer = composeObservers(options.observer);
  // Most model APIs cap tool names at 64 characters: the default.
  const catalog = new Catalog({
    separator: config.separator,
    maxLength: config.maxNameLength ?? DEFAULT_MAX_NAME_LENGTH,
  });
  const tasks = new TaskIds<ClientSession | undefined>(config.separator);
  // `mcpMux.access` (read at each use: a reload replaces it): what each session may use, and
  // receive of what upstreams send (audience.ts).
  // `mcpMux.profiles` the same way: a session of a profile sees and receives only its part.
  const profiles = new Profiles(() => state.config().profiles);
  const audience = new Audience(() => state.config().access, profiles);
  const mayReceive = audience.mayReceive.bind(audience);
  const listChanges = new ListChanges(scheduler, state.sessions, mayReceive);
  // One key seals bridged `requestState`s and list cursors (each derives its own from it).
  const key = stateKey(options.requestStateKey ?? config.requestStateKey);
  const cursors = new CursorSealer(key);
  /** A catalog change: one coalesced facade list_changed per kind, once start-up is over. */
  const changed = (kind: CatalogKind, upstream: string) => {
    if (events.active) events.emit({ type: 'catalog.changed', upstream, list: kind });
    // During start-up nobody has a list yet: initialize and list calls wait for start-up.
    if (state.isStarted()) listChanges.changed(kind, upstream);
  };
  const send = (upstream: string, method: string, params: Record<string, unknown>) =>
    upstreams.call(upstream, method, params);
  const subscriptions = new Subscriptions({
    send,
    log: () => log,
    only: (upstream, subscribers) => audience.only(upstream, subscribers),
  });
  const logging = new LogLevels({
    loggingUpstreams: () => upstreams.logging(),
    send: (upstream, level) => send(upstream, 'logging/setLevel', { level }),
    log: () => log,
  });
  const inflight: InflightIndex = new InflightIndex({
    now: () => scheduler.now(),
    moment: () => bridge.moment(),
    opened: (r) => r.session && bridge.touch(r.session, r.upstream),
    failed: (r, error) => r.session && bridge.noteRequiredElicitations(error, r.session),
  });
  // What tools ask clients for: learned on the routed path, shown in tool lists (lists.ts).
  const toolNeeds = new ToolNeeds();
  const learned = (upstream: string, tool: string, need: ClientNeed) => {
    if (!toolNeeds.learn(upstream, tool, need)) return;
    log.info(`upstream ${upstream}: tool ${tool} asks the client for ${need}`);
    // Clients without it see the tool marked or gone: their tools list changed.
    if ((state.config().capabilityAwareTools ?? 'mark') !== 'off' && state.isStarted())
      listChanges.changed('tools', upstream);
  };
  const bridge: Bridge = new Bridge({
    scheduler,
    key,
    instance: config.cluster?.instanceId,
    gatherMs: options.inputGatherMs,
    live: () => ({
      ttlMs: state.config().inputRequiredTtlMs,
      maxPerPrincipal: state.config().maxHeldRoundsPerPrincipal,
    }),
    inflight,
    log,
    isIsolated: (name) => upstreams.get(name)?.config.sessionMode === 'isolated',
    isolatedUpstreamsOf: (session) => upstreams.isolated.upstreamsOf(session),
    upstreamConnection: (name, session) => upstreams.connection(name, session),
    findTask: (name, taskId) => tasks.find(name, taskId),
    mayReceive,
    learned,
  });
  const upstreams: UpstreamPool = new UpstreamPool({
    catalog,
    config: state.config,
    inbound: {
      log,
      catalog,
      get sessions() {
        return state.sessions();
      },
      bridge,
      subscriptions,
      logging,
      audience,
      refresh: (name, kinds) => upstreams.refresh(name, kinds),
      tasks,
      rootsOf: (name) => upstreams.rootsOf(name),
    },
    openTransport: options.openTransport,
    serverInfo,
    initializeTimeoutMs,
    scheduler,
    // The scheduler as the upstreams' clock: all of the router's time from one source.
    clock: schedulerClock(scheduler),
    log,
    onState: (name, upstreamState) => {
      subscriptions.upstreamState(name, upstreamState);
      logging.upstreamState(name, upstreamState);
      if (events.active) {
        const error = upstreams.get(name)?.error;
        events.emit({
          type: 'upstream.state',
          upstream: name,
          state: upstreamState,
          ...(error === undefined || upstreamState === 'ready' ? {} : { error }),
        });
      }
    },
    onHealth: (name, health, previous) =>
      events.emit({ type: 'upstream.health', upstream: name, health, previous }),
    settled: state.settled,
    changed,
    quiet: state.draining,
  });
  const results = new ResultStore({ now: () => scheduler.now() });
  const forwarder = new Forwarder({
    upstreams,
    inflight,
    bridge,
    observer,
    results,
    draining: state.draining,
  });
  const routeHost = routeHostOf({
    catalog,
    toolNeeds,
    cursors,
    tasks,
    scheduler,
    state,
    upstreams,
    subscriptions,
    logging,
    forwarder,
    audience,
    results,
    rateLimit: rateLimitsOf(() => state.config().rateLimits, scheduler, observer, options.cluster),
    approvals: approvalsOf({ config: state.config, catalog, scheduler, key, observer }),
  });
  const listenQuota = new ListenQuota(() => {
    const config = state.config();
    return {
      maxUris: config.maxListenUris ?? LISTEN_DEFAULTS.maxListenUris,
      maxPerPrincipal: config.maxListensPerPrincipal ?? LISTEN_DEFAULTS.maxListensPerPrincipal,
    };
  });
  const sessionHost = sessionHostOf({
    log,
    scheduler,
    serverInfo,
    disconnectGraceMs: options.disconnectGraceMs ?? 3_000,
    state,
    catalog,
    upstreams,
    subscriptions,
    bridge,
    audience,
    listenQuota,
    // Watched for refusals only while someone listens to `events$` (events.ts).
    route: (request, caller) =>
      events.active
        ? events.watch(request, { sessionId: caller.session?.id, principal: caller.identity }, () =>
            route(routeHost, request, caller),
          )
        : route(routeHost, request, caller),
  });
  return {
    log,
    scheduler,
    serverInfo,
    catalog,
    tasks,
    upstreams,
    inflight,
    bridge,
    subscriptions,
    logging,
    audience,
    forwarder,
    listChanges,
    listenQuota,
    toolNeeds,
    routeHost,
    sessionHost,
    events,
    observer,
  };
}

/** `Router.stats()`: what the parts hold right now. */
export function statsOf(parts: RouterParts): RouterStats {
  const { inflight, bridge, upstreams, subscriptions, listenQuota } = parts;
  return {
    inflight: inflight.size,
    ...bridge.stats,
    isolatedSessions: upstreams.isolatedSessions,
    subscriptions: subscriptions.size,
    listens: listenQuota.total,
  };
}
