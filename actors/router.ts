/**
 * The router: owns the upstreams, the merged catalog and the downstream sessions, and
 * forwards each routed request to the upstream that serves it.
 *
 * Departure from ARCHITECTURE.md §2 (recorded in actors/README.md): the router root is a
 * plain class that owns XState actors (one machine per upstream and per downstream session)
 * rather than a machine itself; its own "state" is just the collections it owns.
 */
import { asyncScheduler, type Observable, type SchedulerLike, type Subscription } from 'rxjs';
import { Catalog, type CatalogKind } from '../core/catalog.js';
import { routerClientCapabilities } from '../core/clientCapabilities.js';
import type { RouterConfig, UpstreamConfig } from '../core/config.js';
import {
  Connection,
  type InboundContext,
  type InboundEvent,
  type RequestEvent,
} from '../core/connection.js';
import type { ClientInfo } from '../core/context.js';
import { ErrorCode, RpcError } from '../core/errors.js';
import type { JsonObject, JsonRpcNotification, JsonRpcRequest } from '../core/jsonrpc.js';
import { type Logger, silentLogger } from '../core/log.js';
import { SUPERVISION_DEFAULTS } from '../core/supervisionConfig.js';
import { LATEST_LEGACY_VERSION } from '../core/versions.js';
import type { Transport } from '../transports/transport.js';
import { DownstreamSession } from './downstream.js';
import {
  ALL_KINDS,
  facadeCapabilities,
  facadeInstructions,
  LIST_KINDS,
  ListChanges,
  logCollisions,
  type UpstreamStatus,
  upstreamStatus,
} from './facade.js';

export type { UpstreamStatus } from './facade.js';

import { IsolatedUpstreams } from './isolated.js';
import { type LogLevels, routerLogLevels } from './logLevels.js';
import { type ReloadResult, reloadRouter } from './reload.js';
import type { Caller } from './routes/index.js';
import { ServerRequests } from './serverRequests.js';
import { routerSubscriptions, type Subscriptions } from './subscriptions.js';
import { Upstream, type UpstreamState } from './upstream.js';
import { upstreamNotifications, upstreamRequests } from './upstreamInbound.js';

export interface RouterOptions {
  /** Opens the transport to one upstream (the library's default picks stdio/HTTP/WS by config). */
  openTransport: (config: UpstreamConfig, signal: AbortSignal) => Promise<Transport>;
  log?: Logger;
  scheduler?: SchedulerLike;
  /** How long list calls and `initialize` wait for the upstreams at start-up (default: config). */
  startupTimeoutMs?: number;
  initializeTimeoutMs?: number;
  serverInfo?: ClientInfo;
  /**
   * How long a request whose client dropped its HTTP response may wait to be resumed before it
   * is cancelled upstream (actors/cancelOnDisconnect.ts); default 3000, 0 cancels at once.
   */
  disconnectGraceMs?: number;
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
  readonly serverRequests = new ServerRequests(this);
  /** Per-session connections of `sessionMode: "isolated"` upstreams. */
  readonly isolated: IsolatedUpstreams;
  /** Resource subscriptions toward shared upstreams, reference-counted per URI. */
  readonly subscriptions: Subscriptions = routerSubscriptions(this);
  /** Per-session log levels, and the level asked of each shared upstream. */
  readonly logging: LogLevels = routerLogLevels(this);
  readonly #options: RouterOptions;
  readonly #upstreams = new Map<string, Upstream>();
  readonly #sessions = new Set<DownstreamSession>();
  readonly #settled = new Set<string>();
  #started: Promise<void> | undefined;
  /** The start-up wait's timer: cancelled once start-up settles, so it never holds the process. */
  #startupTimer: Subscription | undefined;
  #resolveStarted: (() => void) | undefined;
  readonly #listChanges: ListChanges;
  #nextSessionId = 1;
  /** Items fetched per upstream and kind (before filters and collisions), for status lines. */
  readonly #counts = new Map<string, Partial<Record<CatalogKind, number>>>();
  #closed = false;
  /** Shutting down: no new sessions, no new forwarded requests. */
  #draining = false;
  #reloads: Promise<unknown> = Promise.resolve();

  constructor(config: RouterConfig, options: RouterOptions) {
    this.#config = config;
    this.#options = options;
    this.log = options.log ?? silentLogger;
    this.scheduler = options.scheduler ?? asyncScheduler;
    this.#listChanges = new ListChanges(this.scheduler, () => this.#sessions);
    this.disconnectGraceMs = options.disconnectGraceMs ?? 3_000;
    this.serverInfo = options.serverInfo ?? { name: 'mcp-mux', version: VERSION };
    this.catalog = new Catalog({
      separator: config.separator,
      ...(config.maxNameLength === undefined ? {} : { maxLength: config.maxNameLength }),
    });
    this.isolated = new IsolatedUpstreams({
      open: (cfg, signal, session) => this.#open(cfg, signal, session),
      fallbackClientInfo: this.serverInfo,
      initializeTimeoutMs: options.initializeTimeoutMs ?? 30_000,
      log: this.log,
    });
  }

  /** Starts every enabled upstream in parallel; resolves once each is ready or failed (or start-up times out). */
  start(): Promise<void> {
    if (this.#started) return this.#started;
    this.#started = new Promise<void>((resolve) => {
      this.#resolveStarted = resolve;
    });
    const enabled = this.config.upstreams.filter((u) => !u.disabled);
    for (const config of enabled) this.#addUpstream(config);
    const timeout =
      this.#options.startupTimeoutMs ??
      this.config.startupTimeoutMs ??
      SUPERVISION_DEFAULTS.startupTimeoutMs;
    this.#startupTimer = this.scheduler.schedule(() => {
      if (this.#resolveStarted) {
        const waiting = enabled.filter((u) => !this.#settled.has(u.name)).map((u) => u.name);
        this.log.warn(
          `start-up wait of ${timeout}ms ended; still waiting for: ${waiting.join(', ')}`,
        );
        this.#resolveStarted();
        this.#resolveStarted = undefined;
      }
    }, timeout);
    this.#checkStarted();
    return this.#started;
  }

  whenStarted(): Promise<void> {
    return this.#started ?? this.start();
  }

  /** True once start-up has settled (every upstream ready or failed, or the wait ended). */
  get isStarted(): boolean {
    return this.#started !== undefined && this.#resolveStarted === undefined;
  }

  get config(): RouterConfig {
    return this.#config;
  }

  get upstreams(): ReadonlyMap<string, Upstream> {
    return this.#upstreams;
  }

  /** Attaches one downstream client on a transport. */
  connect(transport: Transport): DownstreamSession {
    const session = new DownstreamSession(this, transport, String(this.#nextSessionId++));
    if (this.#draining || this.#closed) {
      void session.close(); // shutting down: not accepted
      return session;
    }
    this.#sessions.add(session);
    void this.logging.sync();
    session.closed
      .then(() => {
        this.#sessions.delete(session);
        this.subscriptions.dropSession(session);
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
    if (this.#draining) {
      throw new RpcError(
        ErrorCode.UpstreamUnavailable,
        'mcp-mux is shutting down: no new requests are accepted',
        { upstream: upstreamName, reason: 'shutdown' },
      );
    }
    const upstream = this.#upstreams.get(upstreamName);
    if (!upstream) {
      throw new RpcError(
        ErrorCode.UpstreamUnavailable,
        `Upstream "${upstreamName}" is not configured`,
        {
          upstream: upstreamName,
        },
      );
    }
    const { timeoutMs, maxTotalTimeoutMs } = upstream.config;
    const options = {
      progress: caller.inbound.progressToken !== undefined,
      timeout: timeoutMs,
      resetTimeoutOnProgress: true,
      ...(maxTotalTimeoutMs === undefined ? {} : { maxTotalTimeout: maxTotalTimeoutMs }),
    };
    const isolated = upstream.config.sessionMode === 'isolated';
    if (isolated && !caller.session) {
      throw new RpcError(
        ErrorCode.UpstreamUnavailable,
        `Upstream "${upstreamName}" is isolated: it serves requests of a client session only`,
        { upstream: upstreamName },
      );
    }
    return this.serverRequests.track(
      upstreamName,
      caller,
      isolated && caller.session
        ? this.isolated.request$(upstream.config, caller.session, method, params, options)
        : upstream.request$(method, params, options, caller.context.sessionId),
    );
  }

  /** The connection `session`'s traffic to upstream `name` uses (its own when isolated), if ready. */
  upstreamConnection(name: string, session: DownstreamSession): Connection | undefined {
    const upstream = this.#upstreams.get(name);
    return upstream?.config.sessionMode === 'isolated'
      ? this.isolated.connection(session, name)
      : upstream?.connection;
  }

  /** The union of the ready upstreams' server capabilities, as the facade advertises them. */
  capabilities(): JsonObject {
    return facadeCapabilities(this.#upstreams.values());
  }

  instructions(): string | undefined {
    return facadeInstructions(this.#upstreams.values());
  }

  status(): UpstreamStatus[] {
    return [...this.#upstreams.values()].map((u) => upstreamStatus(u, this.#counts.get(u.name)));
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
        },
        add: (upstream) => this.#addUpstream(upstream),
        remove: (name, reason) => this.#removeUpstream(name, reason),
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
    this.#resolveStarted?.();
    this.#startupTimer?.unsubscribe();
    await Promise.allSettled([...this.#sessions].map((s) => s.close()));
    await this.isolated.close();
    await Promise.allSettled(
      [...this.#upstreams.values()].map((u) => u.close('mcp-mux is shutting down')),
    );
  }

  #addUpstream(config: UpstreamConfig): void {
    const upstream = new Upstream({
      config,
      open: (cfg, signal) => this.#open(cfg, signal),
      clientInfo: this.serverInfo,
      // Shared: whatever the router can route to some client (actors/README.md). Isolated
      // upstreams discover their catalog on this connection with the same capabilities.
      capabilities: routerClientCapabilities(LATEST_LEGACY_VERSION),
      initializeTimeoutMs: this.#options.initializeTimeoutMs ?? 30_000,
      onState: (u, state) => this.#onUpstreamState(u, state),
      supervised: true,
      log: this.log,
    });
    this.#upstreams.set(config.name, upstream);
    this.log.info(`upstream ${config.name}: connecting (${config.transport})`);
    upstream.start();
  }

  /** `session`: the one client session an isolated connection serves. */
  async #open(
    config: UpstreamConfig,
    signal: AbortSignal,
    session?: DownstreamSession,
  ): Promise<Connection> {
    const transport = await this.#options.openTransport(config, signal);
    const log = this.log.child(`upstream ${config.name}`);
    return new Connection(transport, {
      name: `upstream ${config.name}`,
      log,
      scheduler: this.scheduler,
      handlers: {
        request: (request, inbound) =>
          this.#onUpstreamRequest(config.name, request, inbound, session),
        notification: (notification) =>
          this.#onUpstreamNotification(config.name, notification, session),
      },
    });
  }

  #onUpstreamRequest(
    name: string,
    request: JsonRpcRequest,
    inbound: InboundContext,
    session: DownstreamSession | undefined,
  ): Observable<InboundEvent> {
    const handler = upstreamRequests[request.method];
    if (!handler) {
      throw new RpcError(
        ErrorCode.MethodNotFound,
        `mcp-mux cannot route ${request.method} from upstream ${name}`,
      );
    }
    return handler(this, name, request, inbound, session);
  }

  #onUpstreamNotification(
    name: string,
    notification: JsonRpcNotification,
    session: DownstreamSession | undefined,
  ): void {
    const handler = upstreamNotifications[notification.method];
    if (handler) handler(this, name, notification, session);
    else this.log.debug(`upstream ${name}: dropped ${notification.method}`);
  }

  /** Re-fetches some lists of one upstream (all pages) into the catalog. */
  refresh(name: string, kinds: CatalogKind[]): void {
    const upstream = this.#upstreams.get(name);
    if (upstream?.state === 'ready') void this.#refresh(upstream, kinds);
  }

  /** Takes an upstream out (reload): its catalog part goes at once, then it is closed. */
  async #removeUpstream(name: string, reason: string): Promise<void> {
    const upstream = this.#upstreams.get(name);
    if (!upstream) return;
    this.#upstreams.delete(name);
    this.subscriptions.upstreamState(name, 'closed');
    this.logging.upstreamState(name, 'closed');
    this.catalog.removeUpstream(name);
    this.#counts.delete(name);
    for (const kind of ALL_KINDS) this.#changed(kind);
    await upstream.close(reason);
  }

  #onUpstreamState(upstream: Upstream, state: UpstreamState): void {
    // A removed or replaced upstream (reload) may still report its closing.
    if (this.#closed || this.#upstreams.get(upstream.name) !== upstream) return;
    this.subscriptions.upstreamState(upstream.name, state);
    this.logging.upstreamState(upstream.name, state);
    if (state === 'ready') {
      void this.#refresh(
        upstream,
        LIST_KINDS.map((k) => k.kind),
      ).then(() => {
        const elapsed = Date.now() - upstream.startedAt;
        const s = this.status().find((x) => x.name === upstream.name);
        const server = upstream.server;
        this.log.info(
          `upstream ${upstream.name}: ready in ${elapsed}ms — ${s?.tools ?? 0} tools, ${s?.prompts ?? 0} prompts, ${s?.resources ?? 0} resources, ${s?.resourceTemplates ?? 0} resource templates`,
          {
            protocol: server?.protocolVersion,
            server:
              `${String(server?.serverInfo.name ?? '?')} ${String(server?.serverInfo.version ?? '')}`.trim(),
          },
        );
        this.#settle(upstream.name);
      });
    } else if (state === 'failed' || state === 'closed') {
      this.catalog.removeUpstream(upstream.name);
      this.#counts.delete(upstream.name);
      for (const kind of ALL_KINDS) this.#changed(kind);
      if (state === 'failed')
        this.log.error(`upstream ${upstream.name}: failed — ${upstream.error ?? 'unknown error'}`);
      this.#settle(upstream.name);
    } else {
      this.log.debug(`upstream ${upstream.name}: ${state}`);
    }
  }

  async #refresh(upstream: Upstream, kinds: CatalogKind[]): Promise<void> {
    const caps = upstream.server?.capabilities ?? {};
    const config = upstream.config;
    const catalogUpstream = {
      name: config.name,
      prefix: config.prefix,
      order: this.config.upstreams.findIndex((u) => u.name === config.name),
      tools: config.tools,
      prompts: config.prompts,
    };
    await Promise.all(
      LIST_KINDS.filter((k) => kinds.includes(k.kind) && caps[k.capability]).map(async (k) => {
        try {
          const items = await upstream.listAll(k.method, k.key);
          // It may have failed or been removed meanwhile: its part is gone and stays gone.
          if (this.#upstreams.get(upstream.name) !== upstream || upstream.state !== 'ready') return;
          this.catalog.setItems(catalogUpstream, k.kind, items);
          this.#counts.set(upstream.name, {
            ...this.#counts.get(upstream.name),
            [k.kind]: items.length,
          });
          this.#changed(k.kind);
        } catch (error) {
          // While closing, an interrupted refresh is expected, not news.
          const report = this.#closed || this.#draining ? this.log.debug : this.log.warn;
          report(`upstream ${upstream.name}: ${k.method} failed: ${(error as Error).message}`);
        }
      }),
    );
    logCollisions(this.log, this.catalog, upstream.name);
  }

  #settle(name: string): void {
    this.#settled.add(name);
    this.#checkStarted();
  }

  #checkStarted(): void {
    if (!this.#resolveStarted) return;
    const enabled = this.config.upstreams.filter((u) => !u.disabled);
    if (enabled.every((u) => this.#settled.has(u.name))) {
      this.#resolveStarted();
      this.#resolveStarted = undefined;
      this.#startupTimer?.unsubscribe();
    }
  }

  /** A catalog change: one coalesced facade list_changed per kind, once start-up is over. */
  #changed(kind: CatalogKind): void {
    // During start-up nobody has a list yet: initialize and list calls wait for start-up.
    if (this.isStarted) this.#listChanges.changed(kind);
  }
}
