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
import type { Observable } from 'rxjs';
import type { Principal } from '../../core/auth/index.js';
import type { Catalog, CatalogKind } from '../../core/catalog/index.js';
import type { RouterConfig } from '../../core/config/index.js';
import type { CallToolResult, Prompt, Resource, Tool } from '../../core/mcp/index.js';
import type { JsonObject, RequestEvent, Transport } from '../../core/rpc/index.js';
import type { DownstreamSession } from '../downstream/index.js';
import { type ConfigChanges, configChangesFor } from './configChanges.js';
import { type ConnectOptions, connectSession } from './connectSession.js';
import type { RouterEvent } from './events.js';
import type { UpstreamStatus } from './facade.js';
import type { RequestInFlight } from './inflight.js';
import {
  type CallToolOptions,
  catalogItems,
  type LibraryRequestOptions,
  LibrarySessions,
} from './libraryCalls.js';
import { type RouterParts, statsOf, wireParts } from './parts.js';
import type { ReloadResult } from './reload.js';
import type { RouterOptions, RouterStats, UpstreamsView, Viewer } from './routerOptions.js';
import { type CloseOptions, cancelInFlight, closeWithin } from './shutdown.js';
import { type StartupWait, startupWaitFor } from './startupWait.js';

export type { ConnectOptions } from './connectSession.js';
export type { UpstreamStatus } from './facade.js';
export type { RequestInFlight } from './inflight.js';
export { VERSION } from './parts.js';
export type { RouterOptions, RouterStats, UpstreamsView } from './routerOptions.js';
export type { CloseOptions } from './shutdown.js';

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
  readonly #changes: ConfigChanges;
  readonly #library: LibrarySessions;

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
    const { log, serverInfo } = this.#parts;
    for (const warning of config.warnings ?? []) log.warn(`config: ${warning}`);
    this.#changes = configChangesFor(
      this.#parts,
      () => this.#config,
      (next) => {
        this.#config = next;
      },
    );
    this.#library = new LibrarySessions({
      linkedPair: options.linkedPair,
      connect: (transport, principal) =>
        this.connect(transport, { transport: 'library', principal }),
      clientInfo: serverInfo,
    });
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
    const publish = (startup: StartupWait) => {
      this.#startup = startup;
    };
    return this.#startup ?? startupWaitFor(this.#parts, this.#options, () => this.#config, publish);
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

  /**
   * Attaches one downstream client on a transport: `options.principal` is who it is (access
   * rules, limits, audit), `options.transport` its label (a string: the label alone, as before).
   */
  connect(transport: Transport, options: ConnectOptions | string = {}): DownstreamSession {
    const id = String(this.#nextSessionId++);
    const slot = { id, sessions: this.#sessions, draining: this.isDraining };
    const given = typeof options === 'string' ? { transport: options } : options;
    return connectSession(this.#parts, transport, given, slot);
  }

  /** What happens in the router, as typed events (events.ts); nothing is built unwatched. */
  get events$(): Observable<RouterEvent> {
    return this.#parts.events.events$;
  }

  /** The tools (prompts, resources) as `principal` sees them: exposed names, access rules applied. */
  tools(options: { principal?: Principal } = {}): Tool[] {
    return catalogItems(this.#parts, 'tools', options.principal);
  }

  /** Whether a client (`identity`, in `profile` if any) may see and call this tool or prompt. */
  sees(kind: 'tools' | 'prompts', exposed: string, caller: Viewer = {}): boolean {
    const found = this.#parts.catalog.resolve(kind, exposed);
    return found !== undefined && this.#parts.audience.sees(caller, found.upstream, kind, exposed);
  }

  prompts(options: { principal?: Principal } = {}): Prompt[] {
    return catalogItems(this.#parts, 'prompts', options.principal);
  }

  resources(options: { principal?: Principal } = {}): Resource[] {
    return catalogItems(this.#parts, 'resources', options.principal);
  }

  /** Calls an exposed tool as a client of `options.principal` would (libraryCalls.ts). */
  callTool(name: string, args?: JsonObject, options?: CallToolOptions): Promise<CallToolResult> {
    return this.#library.callTool(name, args, options);
  }

  /** Any routed request as a client's: progress, result; unsubscribing cancels it upstream. */
  request$(
    method: string,
    params: JsonObject = {},
    options?: LibraryRequestOptions,
  ): Observable<RequestEvent> {
    return this.#library.request$(method, params, options);
  }

  status(): UpstreamStatus[] {
    return this.#parts.upstreams.status();
  }

  /** The `limit` oldest routed requests in flight, oldest first, with their age (status views). */
  requests(limit = 20): RequestInFlight[] {
    return this.#parts.inflight.oldest(limit, this.#parts.scheduler.now());
  }

  stats(): RouterStats {
    return statsOf(this.#parts);
  }

  /**
   * Applies a new config (parsed, or raw in the file's format) without a restart (reload.ts):
   * only upstreams whose config changed are restarted, added or removed. Rejects, keeping the
   * running config, when it cannot be applied live. Changes run one after the other.
   */
  reload(config: RouterConfig | Record<string, unknown>): Promise<ReloadResult> {
    return this.#changes.reload(config);
  }

  /** Adds an upstream from a raw `mcpServers` entry (validated as in a file: `ConfigError`). */
  addUpstream(name: string, entry: Record<string, unknown>): Promise<ReloadResult> {
    return this.#changes.add(name, entry);
  }

  /** Removes an upstream: its items leave the catalog at once, then it is closed. */
  removeUpstream(name: string): Promise<ReloadResult> {
    return this.#changes.remove(name);
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

  /** Fails every routed request in flight with -32012 (shutdown.ts). */
  cancelInFlight(reason: string): void {
    cancelInFlight(this.#parts, reason);
  }

  /** Closes the sessions and the upstreams; `timeoutMs`: resolves by then at the latest (shutdown.ts). */
  close(options: CloseOptions = {}): Promise<void> {
    if (this.#closed) return Promise.resolve();
    this.#closed = true;
    this.#startup?.end();
    this.#library.close();
    return closeWithin(this.#parts, this.#sessions, options);
  }
}
