/**
 * One configured upstream: its session machine, its bounded request queue and the
 * connection while it is ready. Routing code calls `request$`, which admits the request
 * through the queue (immediate overload error when the queue is full) and completes, errors
 * or cancels exactly as the upstream's request does.
 */
import PQueue from 'p-queue';
import { Observable, type Subscription } from 'rxjs';
import { createActor } from 'xstate';
import type { UpstreamConfig } from '../core/config.js';
import type { Connection, RequestEvent, RequestOptions } from '../core/connection.js';
import type { ClientInfo } from '../core/context.js';
import { ErrorCode, RpcError } from '../core/errors.js';
import type { JsonObject } from '../core/jsonrpc.js';
import { LATEST_LEGACY_VERSION, type LegacyVersion } from '../core/versions.js';
import { type UpstreamServerInfo, upstreamSessionMachine } from './upstreamSession.js';

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
}

/** The longest list an upstream may return, in pages, before the router stops asking. */
const MAX_LIST_PAGES = 1_000;

export class Upstream {
  readonly name: string;
  readonly config: UpstreamConfig;
  readonly #queue: PQueue;
  readonly #actor;
  #state: UpstreamState = 'connecting';
  readonly startedAt = Date.now();

  constructor(options: UpstreamOptions) {
    this.name = options.config.name;
    this.config = options.config;
    this.#queue = new PQueue({ concurrency: options.config.concurrency });
    this.#actor = createActor(upstreamSessionMachine, {
      input: {
        name: this.name,
        open: (signal) => options.open(options.config, signal),
        clientInfo: options.clientInfo,
        capabilities: options.capabilities,
        protocolVersion: options.protocolVersion ?? LATEST_LEGACY_VERSION,
        initializeTimeoutMs: options.initializeTimeoutMs,
      },
    });
    this.#actor.subscribe((snapshot) => {
      const state = snapshot.value as UpstreamState;
      if (state === this.#state) return;
      this.#state = state;
      options.onState(this, state);
    });
  }

  start(): void {
    this.#actor.start();
  }

  get state(): UpstreamState {
    return this.#state;
  }

  get error(): string | undefined {
    return this.#actor.getSnapshot().context.error;
  }

  get server(): UpstreamServerInfo | undefined {
    return this.#actor.getSnapshot().context.server;
  }

  get connection(): Connection | undefined {
    return this.#state === 'ready' ? this.#actor.getSnapshot().context.connection : undefined;
  }

  /** Requests waiting for a slot, and requests running. */
  get load(): { queued: number; running: number } {
    return { queued: this.#queue.size, running: this.#queue.pending };
  }

  /**
   * A request through the queue. Errors at once with -32010 when `maxQueue` requests are
   * already waiting, and with -32011 when the upstream is not ready.
   */
  request$(method: string, params: JsonObject, options: RequestOptions): Observable<RequestEvent> {
    return new Observable<RequestEvent>((subscriber) => {
      const connection = this.connection;
      if (!connection) {
        subscriber.error(this.unavailable());
        return;
      }
      if (this.#queue.size >= this.config.maxQueue) {
        subscriber.error(
          new RpcError(
            ErrorCode.Overloaded,
            `Upstream "${this.name}" is overloaded: ${this.config.maxQueue} requests are already queued`,
            { upstream: this.name, maxQueue: this.config.maxQueue },
          ),
        );
        return;
      }
      let inner: Subscription | undefined;
      let release: (() => void) | undefined;
      let done = false;
      const abort = new AbortController();
      this.#queue
        .add(
          () =>
            new Promise<void>((resolve) => {
              if (done) return resolve();
              release = resolve;
              inner = connection.request$(method, params, options).subscribe({
                next: (event) => subscriber.next(event),
                error: (error: unknown) => {
                  resolve();
                  subscriber.error(error);
                },
                complete: () => {
                  resolve();
                  subscriber.complete();
                },
              });
            }),
          { signal: abort.signal },
        )
        .catch(() => {
          // Aborted while waiting in the queue: the subscriber is already gone.
        });
      return () => {
        done = true;
        inner?.unsubscribe();
        release?.();
        abort.abort();
      };
    });
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

  unavailable(): RpcError {
    const reason = this.error ?? `upstream is ${this.#state}`;
    return new RpcError(
      ErrorCode.UpstreamUnavailable,
      `Upstream "${this.name}" is unavailable: ${reason}`,
      { upstream: this.name, state: this.#state, reason },
    );
  }

  async close(): Promise<void> {
    this.#queue.clear();
    const snapshot = this.#actor.getSnapshot();
    if (snapshot.status === 'done') {
      await snapshot.context.connection?.close();
      return;
    }
    await new Promise<void>((resolve) => {
      const subscription = this.#actor.subscribe({
        next: (s) => {
          if (s.status === 'done') resolve();
        },
        complete: resolve,
      });
      this.#actor.send({ type: 'CLOSE' });
      if (this.#actor.getSnapshot().status === 'done') resolve();
      void subscription;
    });
    this.#actor.stop();
  }
}
