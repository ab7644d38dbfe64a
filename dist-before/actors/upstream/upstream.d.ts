/**
 * One configured upstream: its supervised session (a fresh session machine per attempt,
 * restarted with backoff: `upstreamSupervisor.ts`), its admission (p-queue, fair between
 * sessions, bounded: `admission.ts`) and the connection while it is ready.
 *
 * ONE way to call the upstream: `request$` (and `call`/`listAll`, built on it) admits the
 * request through the queue (immediate overload error when the queue is full), bounds its
 * wait by its own timeout, and completes, errors or cancels exactly as the upstream's request
 * does; failures reach the client as RpcErrors naming the upstream and the reason
 * (`upstreamErrors.ts`). Only the supervisor's keepalive ping bypasses it (a ping must not
 * wait behind a full queue to prove the upstream alive).
 *
 * All time comes from `clock` (default: the real one; tests pass XState's `SimulatedClock`).
 */
import { type Observable } from 'rxjs';
import type { UpstreamConfig } from '../../core/config/index.js';
import { RpcError } from '../../core/errors/index.js';
import { type Logger } from '../../core/log/index.js';
import type { ClientInfo, RequestContext } from '../../core/mcp/index.js';
import { type Era, type LegacyVersion } from '../../core/mcp/index.js';
import type { Connection, JsonObject, RequestEvent, RequestOptions } from '../../core/rpc/index.js';
import { type AdmissionStats, type AdmissionTicket } from './admission.js';
import type { Random } from './backoff.js';
import type { UpstreamServerInfo } from './handshake.js';
import type { Health, SupervisorStatus } from './supervisor.js';
import { type SupervisorClock } from './upstreamSupervisor.js';
export type UpstreamState = 'connecting' | 'initializing' | 'ready' | 'closing' | 'closed' | 'failed';
export interface UpstreamOptions {
    config: UpstreamConfig;
    open: (config: UpstreamConfig, signal: AbortSignal) => Promise<Connection>;
    clientInfo: ClientInfo;
    capabilities: JsonObject;
    /** The version offered in `initialize` (default: the latest legacy one). */
    protocolVersion?: LegacyVersion;
    initializeTimeoutMs: number;
    onState: (upstream: Upstream, state: UpstreamState) => void;
    /**
     * Restart a failed session with backoff and ping a ready one (`restart` and `keepalive` of
     * the config). Off by default: one attempt, `failed` is final (isolated connections).
     */
    supervised?: boolean;
    /** Health changes (`ready` / `degraded` / `down`) and restarts. */
    onStatus?: (upstream: Upstream, status: SupervisorStatus) => void;
    log?: Logger;
    /**
     * Where all of this upstream's time comes from: the supervisor's delays, the queue deadline,
     * `startedAt` (default: the real clock; tests pass XState's `SimulatedClock`). The
     * connection's own request timeouts run on the connection's scheduler.
     */
    clock?: SupervisorClock;
    random?: Random;
}
/**
 * A routed request's options: the connection's, plus who asks (a modern upstream gets the
 * caller's context in `_meta`; absent: mcp-mux's own, as for its list refreshes).
 */
export interface UpstreamRequestOptions extends RequestOptions {
    context?: RequestContext;
}
/** The queue lane of requests that come with no session (modern-era, stateless). */
export declare const SESSIONLESS_LANE = "";
export declare class Upstream {
    #private;
    readonly name: string;
    readonly config: UpstreamConfig;
    constructor(options: UpstreamOptions);
    start(): void;
    /** Whether a modern upstream's list changes reach mcp-mux (a listen is open for them). */
    get listensForChanges(): boolean;
    /**
     * The ready legacy connection that serves legacy sessions when this (modern) upstream speaks
     * both eras; set and cleared by `LegacyConnections` (legacyConnections.ts).
     */
    get legacy(): Upstream | undefined;
    set legacy(connection: Upstream | undefined);
    /** When the current attempt started connecting. */
    get startedAt(): number;
    /** `ready`, `degraded` (keepalive failing, or restarted recently) or `down`. */
    get health(): Health;
    /** Restarts, backoff and keepalive of the supervisor. */
    get supervision(): SupervisorStatus;
    /** Restarts now with the backoff reset (brings back an upstream that was given up on). */
    restart(reason: string): void;
    get state(): UpstreamState;
    get error(): string | undefined;
    get server(): UpstreamServerInfo | undefined;
    /** The era of the ready (or last) session: `modern` upstreams get `_meta` on every request. */
    get era(): Era | undefined;
    /** The `ttlMs` a modern upstream gave its last `method` list (undefined: none, or legacy). */
    listTtlMs(method: string): number | undefined;
    get connection(): Connection | undefined;
    /** Requests waiting for a slot, and requests running. */
    get load(): {
        queued: number;
        running: number;
    };
    /** The admission's structures (leak tests expect all zero once idle). */
    queueStats(): AdmissionStats;
    /**
     * A request through the admission queue, in `lane` (the downstream session id). Errors at
     * once with -32010 when `concurrency + maxQueue` requests are already admitted (see
     * `admission.ts` for who gets pushed out), and with -32011 when the upstream is not ready
     * or fails while the request is in flight (`data: { upstream, reason }`).
     *
     * Deadline: the request's `timeout` (and `maxTotalTimeout`) cover its wait in the queue
     * too: a request still waiting when the smaller of them has passed fails with -31001
     * (`data.queued: true`), and one that waited `w` ms runs with both limits reduced by `w`.
     *
     * `onAdmit` is called synchronously on subscription with the request's place in the queue
     * (not called when it is refused at once: not ready, overloaded).
     */
    request$(method: string, params: JsonObject, options: UpstreamRequestOptions, lane?: string, onAdmit?: (ticket: AdmissionTicket) => void): Observable<RequestEvent>;
    /**
     * A request of the router's own (subscriptions, log levels, list refreshes): through
     * `request$` with the upstream's timeout and max total time, resolving with the result.
     */
    call(method: string, params: JsonObject, options?: RequestOptions): Promise<JsonObject>;
    /**
     * Fails every admitted request (queued and running) with `error`; running ones are
     * cancelled upstream (`notifications/cancelled`). Used by shutdown after its deadline.
     */
    cancelAll(error: RpcError): void;
    /** Fetches every page of a list method through `call` (queue, timeout, max total time). */
    listAll(method: string, key: string): Promise<JsonObject[]>;
    unavailable(why?: string): RpcError;
    /**
     * Stops supervising and closes the connection (stdio: stdin close, SIGTERM, SIGKILL of the
     * process group); resolves when that is done. Queued requests fail at once with -32011,
     * running ones when the connection closes, both naming `reason`.
     */
    close(reason?: string): Promise<void>;
}
