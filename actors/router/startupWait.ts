/**
 * The start-up wait: settles once every enabled upstream is ready or failed, or after
 * `timeoutMs` on the router's scheduler (with a warning naming who is still missing). Its
 * timer is cancelled once it settles, so it never holds the process open.
 */
import type { SchedulerLike, Subscription } from 'rxjs';
import type { Logger } from '../../core/log.js';

export class StartupWait {
  readonly promise: Promise<void>;
  readonly #settled = new Set<string>();
  readonly #expected: () => readonly string[];
  #resolve: (() => void) | undefined;
  #timer: Subscription | undefined;

  /** `expected`: the enabled upstreams' names (read again at each settle: reloads). */
  constructor(
    expected: () => readonly string[],
    options: { scheduler: SchedulerLike; timeoutMs: number; log: Logger },
  ) {
    this.#expected = expected;
    this.promise = new Promise<void>((resolve) => {
      this.#resolve = resolve;
    });
    this.#timer = options.scheduler.schedule(() => {
      if (!this.#resolve) return;
      const waiting = this.#expected().filter((name) => !this.#settled.has(name));
      options.log.warn(
        `start-up wait of ${options.timeoutMs}ms ended; still waiting for: ${waiting.join(', ')}`,
      );
      this.end();
    }, options.timeoutMs);
    this.#check();
  }

  get isSettled(): boolean {
    return this.#resolve === undefined;
  }

  /** Upstream `name` is ready or failed. */
  settle(name: string): void {
    this.#settled.add(name);
    this.#check();
  }

  /** Ends the wait now (settled, timed out, or the router closes). */
  end(): void {
    this.#resolve?.();
    this.#resolve = undefined;
    this.#timer?.unsubscribe();
    this.#timer = undefined;
  }

  #check(): void {
    if (this.#resolve && this.#expected().every((name) => this.#settled.has(name))) this.end();
  }
}
