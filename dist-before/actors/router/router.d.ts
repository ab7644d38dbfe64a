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
import { type ConnectOptions } from './connectSession.js';
import type { RouterEvent } from './events.js';
import type { UpstreamStatus } from './facade.js';
import type { RequestInFlight } from './inflight.js';
import { type CallToolOptions, type LibraryRequestOptions } from './libraryCalls.js';
import type { ReloadResult } from './reload.js';
import type { RouterOptions, RouterStats, UpstreamsView } from './routerOptions.js';
import { type CloseOptions } from './shutdown.js';
export type { ConnectOptions } from './connectSession.js';
export type { UpstreamStatus } from './facade.js';
export type { RequestInFlight } from './inflight.js';
export { VERSION } from './parts.js';
export type { RouterOptions, RouterStats, UpstreamsView } from './routerOptions.js';
export type { CloseOptions } from './shutdown.js';
export declare class Router {
    #private;
    constructor(config: RouterConfig, options: RouterOptions);
    /** Starts every enabled upstream in parallel; resolves once each is ready or failed (or start-up times out). */
    start(): Promise<void>;
    /**
     * Resolves when clients may be answered: every upstream ready or failed, or the
     * `initializeGraceMs` grace passed (late upstreams then come with `list_changed`).
     */
    whenStarted(): Promise<void>;
    /** True once clients are answered (see `whenStarted`). */
    get isStarted(): boolean;
    /** True once start-up has settled (every upstream ready or failed, or `startupTimeoutMs` passed). */
    get isSettled(): boolean;
    get config(): RouterConfig;
    /** The merged catalog (read it; the router keeps it current). */
    get catalog(): Catalog;
    get upstreams(): UpstreamsView;
    get sessions(): ReadonlySet<DownstreamSession>;
    /**
     * Attaches one downstream client on a transport: `options.principal` is who it is (access
     * rules, limits, audit), `options.transport` its label (a string: the label alone, as before).
     */
    connect(transport: Transport, options?: ConnectOptions | string): DownstreamSession;
    /** What happens in the router, as typed events (events.ts); nothing is built unwatched. */
    get events$(): Observable<RouterEvent>;
    /** The tools (prompts, resources) as `principal` sees them: exposed names, access rules applied. */
    tools(options?: {
        principal?: Principal;
    }): Tool[];
    prompts(options?: {
        principal?: Principal;
    }): Prompt[];
    resources(options?: {
        principal?: Principal;
    }): Resource[];
    /** Calls an exposed tool as a client of `options.principal` would (libraryCalls.ts). */
    callTool(name: string, args?: JsonObject, options?: CallToolOptions): Promise<CallToolResult>;
    /** Any routed request as a client's: progress, result; unsubscribing cancels it upstream. */
    request$(method: string, params?: JsonObject, options?: LibraryRequestOptions): Observable<RequestEvent>;
    status(): UpstreamStatus[];
    /** The `limit` oldest routed requests in flight, oldest first, with their age (status views). */
    requests(limit?: number): RequestInFlight[];
    stats(): RouterStats;
    /**
     * Applies a new config (parsed, or raw in the file's format) without a restart (reload.ts):
     * only upstreams whose config changed are restarted, added or removed. Rejects, keeping the
     * running config, when it cannot be applied live. Changes run one after the other.
     */
    reload(config: RouterConfig | Record<string, unknown>): Promise<ReloadResult>;
    /** Adds an upstream from a raw `mcpServers` entry (validated as in a file: `ConfigError`). */
    addUpstream(name: string, entry: Record<string, unknown>): Promise<ReloadResult>;
    /** Removes an upstream: its items leave the catalog at once, then it is closed. */
    removeUpstream(name: string): Promise<ReloadResult>;
    /** Re-fetches some lists of one upstream (all pages) into the catalog. */
    refresh(name: string, kinds: CatalogKind[]): void;
    /** Shutdown, step 1: no new sessions (their transports are closed) and no new requests. */
    stopAccepting(): void;
    /** Shutting down (after `stopAccepting`): `/readyz` answers 503. */
    get isDraining(): boolean;
    /** Requests from clients still being answered, over all sessions. */
    get inFlight(): number;
    /** Fails every routed request in flight with -32012 (shutdown.ts). */
    cancelInFlight(reason: string): void;
    /** Closes the sessions and the upstreams; `timeoutMs`: resolves by then at the latest (shutdown.ts). */
    close(options?: CloseOptions): Promise<void>;
}
