/**
 * The router: owns the upstreams, the merged catalog and the downstream sessions, and
 * forwards each routed request to the upstream that serves it.
 *
 * Departure from ARCHITECTURE.md §2 (recorded in actors/README.md): the router root is a
 * plain class that owns XState actors (one machine per upstream and per downstream session)
 * rather than a machine itself; its own "state" is just the collections it owns.
 */
import { asyncScheduler, type Observable, type SchedulerLike } from 'rxjs';
import { Catalog, type CatalogKind } from '../../core/catalog/catalog.js';
import { DEFAULT_MAX_NAME_LENGTH } from '../../core/catalog/naming.js';
import { TaskIds } from '../../core/catalog/tasks.js';
import type { RootConfig, RouterConfig, UpstreamConfig } from '../../core/config/config.js';
import { SUPERVISION_DEFAULTS } from '../../core/config/supervisionConfig.js';
import { type Logger, silentLogger } from '../../core/log.js';
import type { ClientInfo } from '../../core/mcp/context.js';
import { stateKey } from '../../core/mcp/requestState.js';
import type { RouterObserver } from '../../core/observe/observer.js';
import { outcomeOf } from '../../core/observe/outcome.js';
import type { Connection, RequestEvent } from '../../core/rpc/connection.js';
import { ErrorCode, RpcError } from '../../core/rpc/errors.js';
import type { JsonObject } from '../../core/rpc/jsonrpc.js';
import type { Transport } from '../../core/rpc/transport.js';
import { DownstreamSession } from '../downstream/downstream.js';
import type { Caller, ClientSession, SessionHost } from '../downstream/host.js';
import {
  ALL_KINDS,
  facadeCapabilities,
  facadeInstructions,
  ListChanges,
  type UpstreamStatus,
  upstreamStatus,
} from './facade.js';

export type { UpstreamStatus } from './facade.js';

import type { DownUpstream } from '../routes/host.js';
import { type RouteHost, route } from '../routes/index.js';
import { callUpstream } from '../upstream/callUpstream.js';
import { IsolatedUpstreams } from '../upstream/isolated.js';
import type { Upstream } from '../upstream/upstream.js';
import { CatalogRefresh } from './catalogRefresh.js';
import { KnownNames } from './downUpstreams.js';
import { type ForwardHost, forwardTo } from './forward.js';
import { HELD_DEFAULTS } from './heldRounds.js';
import { routeHostOf, sessionHostOf } from './hosts.js';
import { InflightIndex } from './inflight.js';
import { LogLevels } from './logLevels.js';
import { ModernCallers } from './modernCallers.js';
import { requestName } from './observed.js';
import { type ReloadResult, reloadRouter } from './reload.js';
import { schedulerClock } from './schedulerClock.js';
import { ServerRequests } from './serverRequests.js';
import { StartupWait } from './startupWait.js';
import { Subscriptions } from './subscriptions.js';
import { Upstreams } from './upstreams.js';

export interface RouterOptions {
  /** Opens the transport to one upstream (the library's default picks stdio/HTTP/WS by config). */
  openTransport: (config: UpstreamConfig, signal: AbortSignal) => Promise<Transport>;
  log?: Logger;
  scheduler?: SchedulerLike;
  /** How long list calls and `initialize` wait for the upstreams at start-up (default: config). */
  startupTimeoutMs?: number;
  /** How long clients wait for upstreams still starting before being answered (default: config, 2000). */
  initializeGraceMs?: number;
  initializeTimeoutMs?: number;
  serverInfo?: ClientInfo;
  /**
   * How long a request whose client dropped its HTTP response may wait to be resumed before it
   * is cancelled upstream (actors/cancelOnDisconnect.ts); default 3000, 0 cancels at once.
   */
  disconnectGraceMs?: number;
  /**
   * The secret `requestState` is sealed with (era bridging, actors/router/heldRounds.ts);
   * default: `mcpMux.requestStateKey`, else a random key per process.
   */
  requestStateKey?: string;
  /** How long held requests gather before they go out as one `input_required` (default 10). */
  inputGatherMs?: number;
  /** Metrics and traces (core/observe/): called per routed request and session; none by default. */
  observer?: RouterObserver;
}

export const VERSION = '0.1.0';

export class Router {
  /** Replaced by `reload`: read it when needed, don't keep it. */
  #config: RouterConfig;
  readonly catalog: Catalog;
  readonly log: Logger;
  readonly serverInfo: ClientInfo;
  readonly scheduler: SchedulerLike;
  /** See `RouterOptions.disconnectGraceMs`. */
  readonly disconnectGraceMs: number;
  /** Server-initiated requests toward the clients, and which sessions use which upstreams. */
  readonly serverRequests: ServerRequests;
  /** Task ids exposed to clients, bound to the session that created each (routes/tasks.ts). */
  readonly tasks: TaskIds<ClientSession | undefined>;
  /** Per-session connections of `sessionMode: "isolated"` upstreams. */
  readonly isolated: IsolatedUpstreams<DownstreamSession>;
  /** Resource subscriptions toward shared upstreams, reference-counted per URI. */
  readonly subscriptions: Subscriptions;
  /** Per-session log levels, and the level asked of each shared upstream. */
  readonly logging: LogLevels;
  /** One record per routed request, by (session, request id) (actors/router/inflight.ts). */
  readonly inflight: InflightIndex;
  /** What routes see of the router (actors/routes/host.ts). */
  readonly #routeHost: RouteHost;
  /** What each downstream session sees of the router (actors/downstream/host.ts). */
  readonly #sessionHost: SessionHost;
  readonly #options: RouterOptions;
  readonly #upstreams = new Map<string, Upstream>();
  /** The names each upstream exposed when it was last in the catalog (routes/unavailable.ts). */
  readonly #knownNames = new KnownNames();
  readonly #sessions = new Set<DownstreamSession>();
  #startup: StartupWait | undefined;
  readonly #listChanges: ListChanges;
  #nextSessionId = 1;
  /** The upstreams' lists in the catalog, and their item counts. */
  readonly #lists: CatalogRefresh;
  #closed = false;
  /** Shutting down: no new sessions, no new forwarded requests. */
  #draining = false;
  /** What `forwardTo` reads of the router (forward.ts). */
  readonly #forwarding: ForwardHost = {
    draining: () => this.#draining,
    upstream: (name) => this.#upstreams.get(name),
    inflight: () => this.inflight,
    isolated: () => this.isolated,
    serverRequests: () => this.serverRequests,
  };
  #reloads: Promise<unknown> = Promise.resolve();
  /** Adding, opening, following and removing the shared upstreams (upstreams.ts). */
  readonly #lifecycle: Upstreams;

  constructor(config: RouterConfig, options: RouterOptions) {
    this.#config = config;
    this.#options = options;
    this.log = options.log ?? silentLogger;
    this.scheduler = options.scheduler ?? asyncScheduler;
    this.#listChanges = new ListChanges(this.scheduler, () => this.#sessions);
    this.disconnectGraceMs = options.disconnectGraceMs ?? 3_000;
    this.serverInfo = options.serverInfo ?? { name: 'mcp-mux', version: VERSION };
    // Most model APIs cap tool names at 64 characters: the default (issue 13, item 9).
    this.catalog = new Catalog({
      separator: config.separator,
      maxLength: config.maxNameLength ?? DEFAULT_MAX_NAME_LENGTH,
    });
    this.tasks = new TaskIds(config.separator);
    this.isolated = new IsolatedUpstreams({
      open: (cfg, signal, session) => this.#lifecycle.open(cfg, signal, session),
      fallbackClientInfo: this.serverInfo,
      initializeTimeoutMs: options.initializeTimeoutMs ?? 30_000,
      log: this.log,
    });
    const modern = new ModernCallers({
      scheduler: this.scheduler,
      key: stateKey(options.requestStateKey ?? config.requestStateKey),
      ttlMs: HELD_DEFAULTS.ttlMs,
      ...(options.inputGatherMs === undefined ? {} : { gatherMs: options.inputGatherMs }),
      moment: () => this.serverRequests.usage.tick(),
      live: () => ({
        ttlMs: this.config.inputRequiredTtlMs,
        maxPerPrincipal: this.config.maxHeldRoundsPerPrincipal,
      }),
      log: this.log,
    });
    this.serverRequests = new ServerRequests(
      {
        log: this.log,
        isIsolated: (name) => this.#upstreams.get(name)?.config.sessionMode === 'isolated',
        isolatedUpstreamsOf: (session) => this.isolated.upstreamsOf(session as DownstreamSession),
        upstreamConnection: (name, session) => this.upstreamConnection(name, session),
        findTask: (name, taskId) => this.tasks.find(name, taskId),
      },
      modern,
    );
    this.inflight = new InflightIndex({
      now: () => this.scheduler.now(),
      opened: (r) => r.session && this.serverRequests.usage.begin(r.session, r.upstream, r.id),
      failed: (r, error) =>
        r.session && this.serverRequests.noteRequiredElicitations(error, r.session),
    });
    const log = () => this.log;
    this.subscriptions = new Subscriptions({
      send: (upstream, method, params) => callUpstream(this, upstream, method, params),
      log,
    });
    this.logging = new LogLevels({
      sessions: () => this.#sessions,
      loggingUpstreams: () => this.#loggingUpstreams(),
      send: (upstream, level) => callUpstream(this, upstream, 'logging/setLevel', { level }),
      log,
    });
    this.#lists = new CatalogRefresh({
      catalog: this.catalog,
      log: this.log,
      configOrder: () => this.config.upstreams,
      isCurrent: (u) => this.#upstreams.get(u.name) === u && u.state === 'ready',
      changed: (kind) => this.#changed(kind),
      quiet: () => this.#closed || this.#draining,
      schedule: (ms, fn) => {
        const timer = this.scheduler.schedule(fn, ms);
        return () => timer.unsubscribe();
      },
    });
    this.#lifecycle = new Upstreams({
      upstreams: this.#upstreams,
      knownNames: this.#knownNames,
      lists: this.#lists,
      catalog: this.catalog,
      subscriptions: this.subscriptions,
      logging: this.logging,
      inbound: this,
      openTransport: options.openTransport,
      serverInfo: this.serverInfo,
      initializeTimeoutMs: options.initializeTimeoutMs ?? 30_000,
      scheduler: this.scheduler,
      // The scheduler as the upstreams' clock: all of the router's time from one source.
      clock: schedulerClock(this.scheduler),
      log: this.log,
      startup: () => this.#startup,
      closed: () => this.#closed,
      changed: (kind) => this.#changed(kind),
    });
    for (const warning of config.warnings ?? []) this.log.warn(`config: ${warning}`);
    this.#routeHost = routeHostOf(this);
    this.#sessionHost = sessionHostOf(this, (request, caller) =>
      route(this.#routeHost, request, caller),
    );
  }

  /** Starts every enabled upstream in parallel; resolves once each is ready or failed (or start-up times out). */
  start(): Promise<void> {
    return this.#startWait().promise;
  }

  /**
   * Resolves when clients may be answered: every upstream ready or failed, or the
   * `initializeGraceMs` grace passed (late upstreams then come with `list_changed`).
   */
  whenStarted(): Promise<void> {
    return this.#startWait().served;
  }

  /** True once clients are answered (see `whenStarted`). */
  get isStarted(): boolean {
    return this.#startup?.isServing === true;
  }

  /** True once start-up has settled (every upstream ready or failed, or `startupTimeoutMs` passed). */
  get isSettled(): boolean {
    return this.#startup?.isSettled === true;
  }

  #startWait(): StartupWait {
    if (this.#startup) return this.#startup;
    const enabled = this.config.upstreams.filter((u) => !u.disabled);
    const timeoutMs =
      this.#options.startupTimeoutMs ??
      this.config.startupTimeoutMs ??
      SUPERVISION_DEFAULTS.startupTimeoutMs;
    const graceMs =
      this.#options.initializeGraceMs ??
      this.config.initializeGraceMs ??
      SUPERVISION_DEFAULTS.initializeGraceMs;
    const startup = new StartupWait(
      () => this.config.upstreams.filter((u) => !u.disabled).map((u) => u.name),
      { scheduler: this.scheduler, timeoutMs, graceMs, log: this.log },
    );
    this.#startup = startup;
    for (const config of enabled) this.#lifecycle.add(config);
    return startup;
  }

  get config(): RouterConfig {
    return this.#config;
  }

  get upstreams(): ReadonlyMap<string, Upstream> {
    return this.#upstreams;
  }

  /** Attaches one downstream client on a transport (`kind`: its label in metrics). */
  connect(transport: Transport, kind = 'other'): DownstreamSession {
    const session = new DownstreamSession(
      this.#sessionHost,
      transport,
      String(this.#nextSessionId++),
    );
    if (this.#draining || this.#closed) {
      void session.close(); // shutting down: not accepted
      return session;
    }
    this.#sessions.add(session);
    void this.logging.sync();
    const observer = this.#options.observer;
    if (observer) {
      observer.sessionOpened(session, kind);
      session.connection.closed$.subscribe((reason) =>
        observer.sessionClosed(session, reason.kind),
      );
    }
    session.closed
      .then(() => {
        this.#sessions.delete(session);
        this.subscriptions.dropSession(session);
        this.tasks.dropOwner(session);
        void this.logging.sync();
      })
      .catch(() => {});
    return session;
  }

  get sessions(): ReadonlySet<DownstreamSession> {
    return this.#sessions;
  }

  /** Sends a routed request to one upstream, mapping progress when the caller asked for it. */
  forward(
    upstreamName: string,
    method: string,
    params: JsonObject,
    caller: Caller,
  ): Observable<RequestEvent> {
    const observer = this.#options.observer;
    if (observer === undefined)
      return forwardTo(this.#forwarding, upstreamName, method, params, caller);
    const watch = observer.request(upstreamName, method, requestName(params), params);
    try {
      return forwardTo(this.#forwarding, upstreamName, method, watch.params, caller, watch);
    } catch (error) {
      watch.end(outcomeOf(error), error);
      throw error;
    }
  }

  /** The connection `session`'s traffic to upstream `name` uses (its own when isolated), if ready. */
  upstreamConnection(name: string, session: ClientSession): Connection | undefined {
    const upstream = this.#upstreams.get(name);
    return upstream?.config.sessionMode === 'isolated'
      ? this.isolated.connection(session as DownstreamSession, name)
      : upstream?.connection;
  }

  /**
   * Opens the session's own connection to every enabled isolated upstream as soon as it has
   * initialized, so each upstream's start-up `roots/list` reaches this client (actors/README.md).
   */
  openIsolated(session: ClientSession): void {
    if (this.#draining || this.#closed) return;
    for (const upstream of this.#upstreams.values()) {
      if (upstream.config.sessionMode === 'isolated') {
        this.isolated.open(upstream.config, session as DownstreamSession);
      }
    }
  }

  /**
   * The enabled upstreams that are not ready now, with the names they last exposed: a call to
   * one of those names gets the retryable -32011 instead of "Unknown tool" (routes/unavailable.ts).
   */
  downUpstreams(): DownUpstream[] {
    return this.#knownNames.down(
      this.status(),
      (name) => this.#upstreams.get(name)?.config.prefix ?? name,
      this.config.separator,
    );
  }

  /** What the router answers a shared connection's `roots/list` with (upstreamInbound.ts). */
  rootsOf(name: string): readonly RootConfig[] {
    return this.#upstreams.get(name)?.config.roots ?? [];
  }

  /** The union of the ready upstreams' server capabilities, as the facade advertises them. */
  capabilities(protocolVersion?: string): JsonObject {
    const caps = facadeCapabilities(this.#upstreams.values(), this.#startup?.isSettled === false);
    // Tasks exist in 2025-11-25 only (not before, and not in 2026-07-28).
    if (protocolVersion !== undefined && protocolVersion !== '2025-11-25') delete caps.tasks;
    return caps;
  }

  instructions(): string | undefined {
    return facadeInstructions(this.#upstreams.values());
  }

  status(): UpstreamStatus[] {
    const now = this.scheduler.now();
    return [...this.#upstreams.values()].map((u) =>
      upstreamStatus(u, this.#lists.countsOf(u.name), now),
    );
  }

  /**
   * Applies a new config without a restart (actors/reload.ts): only upstreams whose config
   * changed are restarted, added or removed. Rejects, keeping the running config, when the
   * change cannot be applied live. Reloads run one after the other.
   */
  reload(config: RouterConfig): Promise<ReloadResult> {
    const run = () =>
      reloadRouter(config, {
        current: this.#config,
        running: [...this.#upstreams.keys()],
        log: this.log,
        setConfig: (next) => {
          this.#config = next;
          for (const warning of next.warnings ?? []) this.log.warn(`config: ${warning}`);
        },
        add: (upstream) => this.#lifecycle.add(upstream),
        remove: (name, reason) => this.#lifecycle.remove(name, reason),
        reorder: (name) => this.refresh(name, ALL_KINDS),
      });
    const next = this.#reloads.then(run, run);
    this.#reloads = next.catch(() => {});
    return next;
  }

  /** Shutdown, step 1: no new sessions (their transports are closed) and no new requests. */
  stopAccepting(): void {
    this.#draining = true;
  }

  /** Shutting down (after `stopAccepting`): `/readyz` answers 503. */
  get isDraining(): boolean {
    return this.#draining || this.#closed;
  }

  /** Requests from clients still being answered, over all sessions. */
  get inFlight(): number {
    let n = 0;
    for (const session of this.#sessions) n += session.connection.stats().inbound;
    return n;
  }

  /**
   * Fails every request admitted to a shared upstream with -32012 (`data.reason`), and cancels
   * the running ones upstream (`notifications/cancelled`).
   */
  cancelInFlight(reason: string): void {
    for (const upstream of this.#upstreams.values()) {
      upstream.cancelAll(
        new RpcError(ErrorCode.RequestCancelled, `Request cancelled: ${reason}`, {
          upstream: upstream.name,
          reason,
        }),
      );
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#startup?.end();
    this.serverRequests.modern.rounds.close();
    await Promise.allSettled([...this.#sessions].map((s) => s.close()));
    await this.isolated.close();
    await Promise.allSettled(
      [...this.#upstreams.values()].map((u) => u.close('mcp-mux is shutting down')),
    );
  }

  /** Re-fetches some lists of one upstream (all pages) into the catalog. */
  refresh(name: string, kinds: CatalogKind[]): void {
    const upstream = this.#upstreams.get(name);
    if (upstream?.state === 'ready') void this.#lists.refresh(upstream, kinds);
  }

  /** Ready shared upstreams that declared `logging` (their level follows the sessions'). */
  *#loggingUpstreams(): Iterable<string> {
    for (const upstream of this.#upstreams.values()) {
      if (upstream.state !== 'ready' || upstream.config.sessionMode === 'isolated') continue;
      // 2026-07-28 has no logging/setLevel: the level travels in each request's `_meta`.
      if (upstream.era === 'modern') continue;
      if (upstream.server?.capabilities.logging !== undefined) yield upstream.name;
    }
  }

  /** A catalog change: one coalesced facade list_changed per kind, once start-up is over. */
  #changed(kind: CatalogKind): void {
    // During start-up nobody has a list yet: initialize and list calls wait for start-up.
    if (this.isStarted) this.#listChanges.changed(kind);
  }
}
