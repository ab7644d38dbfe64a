/**
 * One configured upstream: its supervised session (a fresh session machine per attempt,
 * restarted with backoff: `upstreamSupervisor.ts`), its fair bounded request queue
 * (`fairQueue.ts`) and the connection while it is ready. Routing code calls `request$`, which
 * admits the request through the queue (immediate overload error when the queue is full) and
 * completes, errors or cancels exactly as the upstream's request does; failures reach the
 * client as RpcErrors naming the upstream and the reason (`upstreamErrors.ts`).
 */
import { Observable, type Subscription, throwError } from 'rxjs';
import { createActor } from 'xstate';
import type { UpstreamConfig } from '../core/config.js';
import type { Connection, RequestEvent, RequestOptions } from '../core/connection.js';
import type { ClientInfo } from '../core/context.js';
import { ErrorCode, RpcError } from '../core/errors.js';
import type { JsonObject } from '../core/jsonrpc.js';
import { type Logger, silentLogger } from '../core/log.js';
import { keepalivePolicyOf, restartPolicyOf } from '../core/supervisionConfig.js';
import { LATEST_LEGACY_VERSION, type LegacyVersion } from '../core/versions.js';
import type { Random } from './backoff.js';
import { FairQueue, type FairQueueStats } from './fairQueue.js';
import type { Health, SupervisorStatus } from './supervisor.js';
import { explainFailure } from './upstreamErrors.js';
import { type UpstreamServerInfo, upstreamSessionMachine } from './upstreamSession.js';
import { type SupervisorClock, UpstreamSupervisor } from './upstreamSupervisor.js';

export type UpstreamState =
  | 'connecting'
  | 'initializing'
  | 'ready'
  | 'closing'
  | 'closed'
  | 'failed';

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
  /** Tests: the supervisor's clock (XState `SimulatedClock`) and jitter source. */
  clock?: SupervisorClock;
  random?: Random;
}

/** The queue lane of requests that come with no session (modern-era, stateless). */
export const SESSIONLESS_LANE = '';

/** The longest list an upstream may return, in pages, before the router stops asking. */
const MAX_LIST_PAGES = 1_000;

export class Upstream {
  readonly name: string;
  readonly config: UpstreamConfig;
  readonly #queue: FairQueue;
  readonly #supervisor: UpstreamSupervisor;
  #state: UpstreamState = 'connecting';
  #startedAt = Date.now();
  /** Why mcp-mux itself closes the connection (told to requests it fails). */
  #closeReason: string | undefined;

  constructor(options: UpstreamOptions) {
    this.name = options.config.name;
    this.config = options.config;
    this.#queue = new FairQueue({
      concurrency: options.config.concurrency,
      maxQueue: options.config.maxQueue,
      pushedOut: () => this.#overloaded('pushed out of the full queue by another session'),
    });
    const supervised = options.supervised === true;
    const restart = restartPolicyOf(this.config);
    const keepalive = keepalivePolicyOf(this.config);
    this.#supervisor = new UpstreamSupervisor({
      name: this.name,
      restart: supervised ? restart : { ...restart, maxRestarts: 0 },
      keepalive: supervised ? keepalive : { ...keepalive, intervalMs: 0 },
      verbose: supervised,
      log: options.log ?? silentLogger,
      createSession: () =>
        createActor(upstreamSessionMachine, {
          input: {
            name: this.name,
            open: (signal) => options.open(options.config, signal),
            clientInfo: options.clientInfo,
            capabilities: options.capabilities,
            protocolVersion: options.protocolVersion ?? LATEST_LEGACY_VERSION,
            initializeTimeoutMs: options.config.initializeTimeoutMs ?? options.initializeTimeoutMs,
          },
        }),
      onSessionState: (value) => {
        const state = value as UpstreamState;
        if (state === this.#state) return;
        if (state === 'connecting') this.#startedAt = Date.now();
        this.#state = state;
        options.onState(this, state);
      },
      onStatus: (status) => options.onStatus?.(this, status),
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.random ? { random: options.random } : {}),
    });
  }

  start(): void {
    this.#supervisor.start();
  }

  /** When the current attempt started connecting. */
  get startedAt(): number {
    return this.#startedAt;
  }

  /** `ready`, `degraded` (keepalive failing, or restarted recently) or `down`. */
  get health(): Health {
    return this.#supervisor.status.health;
  }

  /** Restarts, backoff and keepalive of the supervisor. */
  get supervision(): SupervisorStatus {
    return this.#supervisor.status;
  }

  /** Restarts now with the backoff reset (brings back an upstream that was given up on). */
  restart(reason: string): void {
    this.#supervisor.restart(reason);
  }

  get state(): UpstreamState {
    return this.#state;
  }

  get error(): string | undefined {
    return this.#supervisor.session?.getSnapshot().context.error ?? this.supervision.lastError;
  }

  get server(): UpstreamServerInfo | undefined {
    return this.#supervisor.session?.getSnapshot().context.server;
  }

  get connection(): Connection | undefined {
    return this.#state === 'ready'
      ? this.#supervisor.session?.getSnapshot().context.connection
      : undefined;
  }

  /** Requests waiting for a slot, and requests running. */
  get load(): { queued: number; running: number } {
    return { queued: this.#queue.waiting, running: this.#queue.running };
  }

  /** The fair queue's structures (leak tests expect all zero once idle). */
  queueStats(): FairQueueStats {
    return this.#queue.stats();
  }

  /**
   * A request through the fair queue, in `lane` (the downstream session id). Errors at once
   * with -32010 when `concurrency + maxQueue` requests are already admitted (see
   * `fairQueue.ts` for who gets pushed out), and with -32011 when the upstream is not ready
   * or fails while the request is in flight (`data: { upstream, reason }`).
   */
  request$(
    method: string,
    params: JsonObject,
    options: RequestOptions,
    lane: string = SESSIONLESS_LANE,
  ): Observable<RequestEvent> {
    return new Observable<RequestEvent>((subscriber) => {
      const connection = this.connection;
      if (!connection) {
        subscriber.error(this.unavailable());
        return;
      }
      let inner: Subscription | undefined;
      const ticket = this.#queue.admit(lane, {
        run: (done) => {
          // The failure is explained only when there is one: no operator on the happy path.
          inner = connection.request$(method, params, options).subscribe({
            next: (event) => subscriber.next(event),
            error: (error: unknown) => {
              done();
              throwError(() => error)
                .pipe(explainFailure(this.name, method, connection, () => this.#localReason()))
                .subscribe({ error: (explained: unknown) => subscriber.error(explained) });
            },
            complete: () => {
              done();
              subscriber.complete();
            },
          });
        },
        fail: (error) => subscriber.error(error),
      });
      if (ticket === undefined) {
        subscriber.error(this.#overloaded());
        return;
      }
      return () => {
        inner?.unsubscribe();
        ticket.leave();
      };
    });
  }

  /**
   * Fails every admitted request (queued and running) with `error`; running ones are
   * cancelled upstream (`notifications/cancelled`). Used by shutdown after its deadline.
   */
  cancelAll(error: RpcError): void {
    this.#queue.cancelAll(error);
  }

  #overloaded(detail?: string): RpcError {
    const { maxQueue } = this.config;
    return new RpcError(
      ErrorCode.Overloaded,
      `Upstream "${this.name}" is overloaded: ${detail ?? `${maxQueue} requests are already queued`}`,
      detail === undefined
        ? { upstream: this.name, maxQueue }
        : { upstream: this.name, maxQueue, reason: detail },
    );
  }

  /** The reason given to requests failed by a close that mcp-mux made. */
  #localReason(): string | undefined {
    return (
      this.#closeReason ??
      this.#supervisor.failing ??
      this.#supervisor.session?.getSnapshot().context.error
    );
  }

  /** Fetches every page of a list method straight from the connection (not queued). */
  async listAll(method: string, key: string): Promise<JsonObject[]> {
    const connection = this.connection;
    if (!connection) throw this.unavailable();
    const items: JsonObject[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < MAX_LIST_PAGES; page++) {
      const params: JsonObject = cursor === undefined ? {} : { cursor };
      const result = await new Promise<JsonObject>((resolve, reject) => {
        connection.request$(method, params, { timeout: this.config.timeoutMs }).subscribe({
          next: (event) => {
            if (event.kind === 'result') resolve(event.result);
          },
          error: reject,
          complete: () => reject(new Error(`${method} completed without a result`)),
        });
      });
      const list = result[key];
      if (Array.isArray(list)) items.push(...(list as JsonObject[]));
      const next = result.nextCursor;
      if (typeof next !== 'string' || seen.has(next)) break;
      seen.add(next);
      cursor = next;
    }
    return items;
  }

  unavailable(why?: string): RpcError {
    const reason = why ?? this.error ?? `upstream is ${this.#state}`;
    return new RpcError(
      ErrorCode.UpstreamUnavailable,
      `Upstream "${this.name}" is unavailable: ${reason}`,
      { upstream: this.name, state: this.#state, reason },
    );
  }

  /**
   * Stops supervising and closes the connection (stdio: stdin close, SIGTERM, SIGKILL of the
   * process group); resolves when that is done. Queued requests fail at once with -32011,
   * running ones when the connection closes, both naming `reason`.
   */
  async close(reason = 'the upstream was closed by mcp-mux'): Promise<void> {
    this.#closeReason ??= reason;
    this.#queue.cancelAll(this.unavailable(this.#closeReason));
    await this.#supervisor.stop();
    await this.#supervisor.session?.getSnapshot().context.connection?.close();
  }
}
