/**
 * The start-up wait, in two steps on the router's scheduler:
 *
 * - `served` resolves once every enabled upstream is ready or failed, or after `graceMs`,
 *   whichever comes first: clients' `initialize` and first list calls wait for it, so one
 *   upstream that never answers does not hold every client. Upstreams still
 *   starting then are named on the log, again every `reminderMs`, and announced with
 *   `list_changed` when they come.
 * - `promise` (settled) resolves once every enabled upstream is ready or failed, or after
 *   `timeoutMs` (with a warning naming who is still missing): the CLI's `ready:` line.
 *
 * Its timers are cancelled once it settles, so it never holds the process open.
 */
import type { SchedulerLike, Subscription } from 'rxjs';
import {
  type RouterConfig,
  SUPERVISION_DEFAULTS,
  type UpstreamConfig,
} from '../../core/config/index.js';
import type { Logger } from '../../core/log/index.js';

export interface StartupWaitOptions {
  scheduler: SchedulerLike;
  timeoutMs: number;
  /** How long clients wait for upstreams still starting (`mcpMux.initializeGraceMs`). */
  graceMs?: number;
  /** How often the upstreams still starting are named again after the grace (default 5000). */
  reminderMs?: number;
  log: Logger;
}

export class StartupWait {
  /** Settled: every upstream ready or failed, or `timeoutMs` passed, or ended. */
  readonly promise: Promise<void>;
  /** Clients may be answered: settled, or the grace passed. */
  readonly served: Promise<void>;
  readonly #settled = new Set<string>();
  readonly #expected: () => readonly string[];
  readonly #options: StartupWaitOptions;
  readonly #startedAt: number;
  #resolve: (() => void) | undefined;
  #serve: (() => void) | undefined;
  #timers: Subscription[] = [];

  /** `expected`: the enabled upstreams' names (read again at each settle: reloads). */
  constructor(expected: () => readonly string[], options: StartupWaitOptions) {
    this.#expected = expected;
    this.#options = options;
    this.#startedAt = options.scheduler.now();
    this.promise = new Promise<void>((resolve) => {
      this.#resolve = resolve;
    });
    this.served = new Promise<void>((resolve) => {
      this.#serve = resolve;
    });
    const { scheduler, timeoutMs, log } = options;
    this.#timers.push(
      scheduler.schedule(() => {
        if (!this.#resolve) return;
        log.warn(
          `start-up wait of ${timeoutMs}ms ended; still waiting for: ${this.waiting().join(', ')}`,
        );
        this.end();
      }, timeoutMs),
    );
    if (options.graceMs !== undefined && options.graceMs < timeoutMs) {
      this.#timers.push(scheduler.schedule(() => this.#graceEnded(), options.graceMs));
    }
    this.#check();
  }

  /** True once settled (every upstream ready or failed, or the wait ended). */
  get isSettled(): boolean {
    return this.#resolve === undefined;
  }

  /** True once clients are answered (settled, or the grace passed). */
  get isServing(): boolean {
    return this.#serve === undefined;
  }

  /** The enabled upstreams neither ready nor failed yet. */
  waiting(): string[] {
    return this.#expected().filter((name) => !this.#settled.has(name));
  }

  /** Upstream `name` is ready or failed. */
  settle(name: string): void {
    this.#settled.add(name);
    this.#check();
  }

  /** Ends the wait now (settled, timed out, or the router closes). */
  end(): void {
    this.#serve?.();
    this.#serve = undefined;
    this.#resolve?.();
    this.#resolve = undefined;
    for (const timer of this.#timers) timer.unsubscribe();
    this.#timers = [];
  }

  #graceEnded(): void {
    if (!this.#serve) return;
    this.#serve();
    this.#serve = undefined;
    const { scheduler, log } = this.#options;
    const expected = this.#expected();
    const ready = expected.length - this.waiting().length;
    log.info(
      `answering clients after ${this.#options.graceMs}ms with ${ready}/${expected.length} upstreams settled; late ones are announced with list_changed`,
    );
    const remind = () => {
      if (this.isSettled) return;
      const elapsed = Math.round((scheduler.now() - this.#startedAt) / 100) / 10;
      log.info(`still starting after ${elapsed}s: ${this.waiting().join(', ')}`);
    };
    remind();
    const every = this.#options.reminderMs ?? 5_000;
    this.#timers.push(
      scheduler.schedule(function (this: { schedule(state?: unknown, delay?: number): unknown }) {
        remind();
        this.schedule(undefined, every);
      }, every),
    );
  }

  #check(): void {
    if (this.#resolve && this.#expected().every((name) => this.#settled.has(name))) this.end();
  }
}

/**
 * The router's start-up: a `StartupWait` over the enabled upstreams (limits from the options,
 * else the config), handed to `publish` BEFORE each of them is added to the pool (an upstream
 * may settle while it is added, and must find the wait).
 */
export function startupWaitFor(
  parts: {
    readonly scheduler: SchedulerLike;
    readonly log: Logger;
    readonly upstreams: { add(upstream: UpstreamConfig): void };
  },
  options: { readonly startupTimeoutMs?: number; readonly initializeGraceMs?: number },
  config: () => RouterConfig,
  publish: (startup: StartupWait) => void,
): StartupWait {
  const { scheduler, log } = parts;
  const first = config();
  const timeoutMs =
    options.startupTimeoutMs ?? first.startupTimeoutMs ?? SUPERVISION_DEFAULTS.startupTimeoutMs;
  const graceMs =
    options.initializeGraceMs ?? first.initializeGraceMs ?? SUPERVISION_DEFAULTS.initializeGraceMs;
  const enabled = () => config().upstreams.filter((u) => !u.disabled);
  const startup = new StartupWait(() => enabled().map((u) => u.name), {
    scheduler,
    timeoutMs,
    graceMs,
    log,
  });
  publish(startup);
  for (const upstream of enabled()) parts.upstreams.add(upstream);
  return startup;
}
