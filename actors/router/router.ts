/**
 * The router: builds its parts once (parts.ts) and runs their life — start-up, client
 * sessions, reload, shutdown. It holds no routing logic of its own: routes reach the upstreams
 * through the `Forwarder`, the upstreams live in the `UpstreamPool`, era bridging in
 * actors/bridge/, and each routed request has one record in the `InflightIndex`.
 *
 * Departure from ARCHITECTURE.md §2 (recorded in actors/README.md): the router root is a
 * plain class that owns XState actors (one machine per upstream and per downstream session)
 * rather than a machine itself; its own "state" is just the collections it owns.
 */
import type { Catalog, CatalogKind } from '../../core/catalog/index.js';
import type { RouterConfig } from '../../core/config/index.js';
import { SUPERVISION_DEFAULTS } from '../../core/config/index.js';
import { ErrorCode, RpcError } from '../../core/errors/index.js';
import type { Transport } from '../../core/rpc/index.js';
import { DownstreamSession } from '../downstream/index.js';
import { ALL_KINDS, type UpstreamStatus } from './facade.js';
import type { RequestInFlight } from './inflight.js';
import { type RouterParts, wireParts } from './parts.js';
import { type ReloadResult, reloadRouter } from './reload.js';
import type { RouterOptions, RouterStats, UpstreamsView } from './routerOptions.js';
import { StartupWait } from './startupWait.js';

export type { UpstreamStatus } from './facade.js';
export type { RequestInFlight } from './inflight.js';
export { VERSION } from './parts.js';
export type { RouterOptions, RouterStats, UpstreamsView } from './routerOptions.js';

export class Router {
  /** Replaced by `reload`: read it when needed, don't keep it. */
  #config: RouterConfig;
  readonly #options: RouterOptions;
  readonly #parts: RouterParts;
  readonly #sessions = new Set<DownstreamSession>();
  #startup: StartupWait | undefined;
  #nextSessionId = 1;
  #closed = false;
  /** Shutting down: no new sessions, no new forwarded requests. */
  #draining = false;
  #reloads: Promise<unknown> = Promise.resolve();

  constructor(config: RouterConfig, options: RouterOptions) {
    this.#config = config;
    this.#options = options;
    this.#parts = wireParts(config, options, {
      config: () => this.#config,
      isStarted: () => this.isStarted,
      isSettled: () => this.isSettled,
      whenStarted: () => this.whenStarted(),
      settled: (name) => this.#startup?.settle(name),
      draining: () => this.isDraining,
      sessions: () => this.#sessions,
    });
    for (const warning of config.warnings ?? []) this.#parts.log.warn(`config: ${warning}`);
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
    const { scheduler, log } = this.#parts;
    const config = this.#config;
    const options = this.#options;
    const timeoutMs =
      options.startupTimeoutMs ?? config.startupTimeoutMs ?? SUPERVISION_DEFAULTS.startupTimeoutMs;
    const graceMs =
      options.initializeGraceMs ??
      config.initializeGraceMs ??
      SUPERVISION_DEFAULTS.initializeGraceMs;
    const enabled = () => this.#config.upstreams.filter((u) => !u.disabled);
    const startup = new StartupWait(() => enabled().map((u) => u.name), {
      scheduler,
      timeoutMs,
      graceMs,
      log,
    });
    this.#startup = startup;
    for (const upstream of enabled()) this.#parts.upstreams.add(upstream);
    return startup;
  }

  get config(): RouterConfig {
    return this.#config;
  }

  /** The merged catalog (read it; the router keeps it current). */
  get catalog(): Catalog {
    return this.#parts.catalog;
  }

  get upstreams(): UpstreamsView {
    return this.#parts.upstreams;
  }

  get sessions(): ReadonlySet<DownstreamSession> {
    return this.#sessions;
  }

  /** Attaches one downstream client on a transport (`kind`: its label in metrics). */
  connect(transport: Transport, kind = 'other'): DownstreamSession {
    const parts = this.#parts;
    const id = String(this.#nextSessionId++);
    const session = new DownstreamSession(parts.sessionHost, transport, id);
    if (this.isDraining) {
      void session.close(); // shutting down: not accepted
      return session;
    }
    this.#sessions.add(session);
    void parts.logging.sync();
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
        parts.subscriptions.dropSession(session);
        parts.tasks.dropOwner(session);
        void parts.logging.sync();
      })
      .catch(() => {});
    return session;
  }

  status(): UpstreamStatus[] {
    return this.#parts.upstreams.status();
  }

  /** The `limit` oldest routed requests in flight, oldest first, with their age (status views). */
  requests(limit = 20): RequestInFlight[] {
    return this.#parts.inflight.oldest(limit, this.#parts.scheduler.now());
  }

  stats(): RouterStats {
    const { inflight, bridge, upstreams, subscriptions, listenQuota } = this.#parts;
    let listens = 0;
    for (const count of listenQuota.counts().values()) listens += count;
    return {
      inflight: inflight.size,
      ...bridge.stats,
      isolatedSessions: upstreams.isolatedSessions,
      subscriptions: subscriptions.size,
      listens,
    };
  }

  /**
   * Applies a new config without a restart (reload.ts): only upstreams whose config changed
   * are restarted, added or removed. Rejects, keeping the running config, when the change
   * cannot be applied live. Reloads run one after the other.
   */
  reload(config: RouterConfig): Promise<ReloadResult> {
    const { upstreams, log } = this.#parts;
    const run = () =>
      reloadRouter(config, {
        current: this.#config,
        running: [...upstreams.keys()],
        log,
        setConfig: (next) => {
          this.#config = next;
          for (const warning of next.warnings ?? []) log.warn(`config: ${warning}`);
        },
        add: (upstream) => upstreams.add(upstream),
        remove: (name, reason) => upstreams.remove(name, reason),
        reorder: (name) => this.refresh(name, ALL_KINDS),
      });
    const next = this.#reloads.then(run, run);
    this.#reloads = next.catch(() => {});
    return next;
  }

  /** Re-fetches some lists of one upstream (all pages) into the catalog. */
  refresh(name: string, kinds: CatalogKind[]): void {
    this.#parts.upstreams.refresh(name, kinds);
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
   * Fails every routed request in flight with -32012 (`data.upstream`, `data.reason`) through
   * the in-flight index, which ends each upstream (`notifications/cancelled` when it runs);
   * then the router's own requests still admitted to a shared upstream.
   */
  cancelInFlight(reason: string): void {
    const error = (upstream: string) =>
      new RpcError(ErrorCode.RequestCancelled, `Request cancelled: ${reason}`, {
        upstream,
        reason,
      });
    this.#parts.inflight.cancelAll((request) => error(request.upstream));
    this.#parts.upstreams.cancelAll(error);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#startup?.end();
    this.#parts.bridge.close();
    await Promise.allSettled([...this.#sessions].map((s) => s.close()));
    await this.#parts.upstreams.close('mcp-mux is shutting down');
  }
}
