/**
 * List changes from a modern upstream (2026-07-28, basic/patterns/subscriptions): there is no
 * unsolicited `notifications/*_list_changed` any more, so while a modern upstream is ready
 * mcp-mux keeps one `subscriptions/listen` open on its connection, asking for the list changes
 * its capabilities offer (`tools.listChanged` …). The notifications arrive on the connection
 * like any other (each tagged with the subscription id) and invalidate the upstream's part of
 * the catalog exactly as legacy list changes do (actors/router/upstreamInbound.ts).
 *
 * The listen bypasses the admission queue (it would hold a concurrency slot for ever) and has
 * no timeout. Ending it is unsubscribing: `notifications/cancelled` on stdio, the response
 * stream closed on HTTP. If the upstream ends it, it is opened again after `retryMs`, unless
 * the upstream does not know the method (-32601): then the catalog relies on `ttlMs`.
 */
import type { Subscription } from 'rxjs';
import { ErrorCode, RpcError } from '../../core/errors/index.js';
import type { Logger } from '../../core/log/index.js';
import type { ClientInfo } from '../../core/mcp/index.js';
import { modernHeaders, withModernMeta } from '../../core/mcp/index.js';
import type { Connection, JsonObject } from '../../core/rpc/index.js';
import type { UpstreamClock } from './clock.js';
import type { UpstreamServerInfo } from './handshake.js';

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The `SubscriptionFilter` of the list changes `capabilities` offer, and of the resources
 * subscribed to when the upstream offers `resources.subscribe` (empty: nothing to ask).
 */
export function listChangeFilter(
  capabilities: JsonObject,
  resources: ReadonlySet<string> = new Set(),
): JsonObject {
  const filter: JsonObject = {};
  const offers = (key: string) => {
    const capability = capabilities[key];
    return isObject(capability) && capability.listChanged === true;
  };
  if (offers('tools')) filter.toolsListChanged = true;
  if (offers('prompts')) filter.promptsListChanged = true;
  if (offers('resources')) filter.resourcesListChanged = true;
  const resourceCaps = capabilities.resources;
  if (resources.size > 0 && isObject(resourceCaps) && resourceCaps.subscribe === true) {
    filter.resourceSubscriptions = [...resources];
  }
  return filter;
}

export interface ModernListenOptions {
  name: string;
  connection: Connection;
  server: UpstreamServerInfo;
  clientInfo: ClientInfo;
  capabilities: JsonObject;
  clock: UpstreamClock;
  log: Logger;
  retryMs?: number;
  /** The resource URIs (the upstream's) subscribed to: `resources/subscribe` of the router. */
  resources?: ReadonlySet<string>;
}

/** One upstream's list-change listen, for as long as its connection is ready. */
export class ModernListen {
  readonly #options: ModernListenOptions;
  #subscription: Subscription | undefined;
  #timer: unknown;
  /** A coalesced `restartSoon` due on the next turn. */
  #restartTimer: unknown;
  /** Who waits for the pending `restartSoon` to be sent. */
  #restartWaiters: (() => void)[] = [];
  #stopped = false;

  constructor(options: ModernListenOptions) {
    this.#options = options;
  }

  /** Whether the upstream offers list changes (and so whether `start` listens at all). */
  get wanted(): boolean {
    return Object.keys(this.#filter()).length > 0;
  }

  #filter(): JsonObject {
    return listChangeFilter(this.#options.server.capabilities, this.#options.resources);
  }

  /**
   * The filter changed (a resource subscription): one new listen replaces this one on the next
   * turn of the clock, however many changes come before it. Subscribing k URIs in a burst (a
   * client's listen naming them) re-sends the filter once, not k times with 1..k URIs each.
   * Resolves once the new listen is sent (or the restart is dropped): a request written after
   * that reaches a stdio upstream after the new filter, so its updates are not missed.
   */
  restartSoon(): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    const sent = new Promise<void>((resolve) => this.#restartWaiters.push(resolve));
    if (this.#restartTimer === undefined) {
      this.#restartTimer = this.#options.clock.setTimeout(() => {
        this.#restartTimer = undefined;
        this.restart();
      }, 0);
    }
    return sent;
  }

  /** The filter changed: the listen is replaced by a new one now. */
  restart(): void {
    if (this.#stopped) return;
    this.#cancelRestart();
    if (this.#timer !== undefined) this.#options.clock.clearTimeout(this.#timer as never);
    this.#timer = undefined;
    const previous = this.#subscription;
    this.#subscription = undefined;
    this.start();
    previous?.unsubscribe();
  }

  start(): void {
    if (this.#stopped || !this.wanted) return;
    const { connection, server, name, log } = this.#options;
    const params = withModernMeta(
      { notifications: this.#filter() },
      {
        protocolVersion: server.protocolVersion,
        clientCapabilities: this.#options.capabilities,
        clientInfo: this.#options.clientInfo,
      },
    );
    const headers = modernHeaders('subscriptions/listen', params, server.protocolVersion);
    const subscription = connection
      .request$('subscriptions/listen', params, { headers })
      .subscribe({
        error: (error: unknown) => {
          if (this.#stopped || connection.isClosed || this.#subscription !== subscription) return;
          if (error instanceof RpcError && error.code === ErrorCode.MethodNotFound) {
            log.info(`upstream ${name}: no subscriptions/listen; lists follow their ttlMs`);
            return;
          }
          log.debug(`upstream ${name}: subscriptions/listen ended: ${String(error)}`);
          this.#again();
        },
        complete: () => {
          if (this.#stopped || connection.isClosed || this.#subscription !== subscription) return;
          this.#again();
        },
      });
    this.#subscription = subscription;
  }

  stop(): void {
    this.#stopped = true;
    this.#cancelRestart();
    if (this.#timer !== undefined) this.#options.clock.clearTimeout(this.#timer as never);
    this.#timer = undefined;
    this.#subscription?.unsubscribe();
    this.#subscription = undefined;
  }

  /** Drops a pending `restartSoon` (a restart runs now, or never): its waiters go on. */
  #cancelRestart(): void {
    if (this.#restartTimer !== undefined)
      this.#options.clock.clearTimeout(this.#restartTimer as never);
    this.#restartTimer = undefined;
    const waiters = this.#restartWaiters;
    this.#restartWaiters = [];
    for (const resolve of waiters) resolve();
  }

  #again(): void {
    this.#timer = this.#options.clock.setTimeout(() => {
      this.#timer = undefined;
      this.start();
    }, this.#options.retryMs ?? 5_000);
  }
}
