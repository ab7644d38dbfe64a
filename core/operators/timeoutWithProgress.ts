/**
 * `timeoutWithProgress`: the timeout of a request Observable (config object style, like RxJS
 * `timeout`). Two independent limits:
 *
 * - `idle`: error with `LocalError('timeout')` when no value arrives for `idle` ms. Each value
 *   (a progress notification) re-arms it, unless `resetOnProgress` is false; then it is a plain
 *   limit measured from subscription.
 * - `maxTotal`: error with `LocalError('max-total-timeout')` `maxTotal` ms after subscription,
 *   however much progress arrives. When both expire at the same instant, `max-total-timeout` wins.
 *
 * The error's `details` carry what was seen: the limits, `elapsed` ms, `progressCount` (values
 * seen) and `idleFor` (ms since the last value), plus the caller's `meta`.
 *
 * On a timeout the error is delivered downstream first and the source is unsubscribed after
 * (the ordinary RxJS teardown order), so an outer `cancelOnUnsubscribe` sees the timeout error.
 *
 * Hot path: one scheduled action per subscription, created once. A value only records the time;
 * when the action fires it checks the deadlines and re-schedules itself for the remaining time
 * if a value arrived meanwhile. Limits that are undefined, NaN or Infinity mean "no limit".
 */
import {
  asyncScheduler,
  type MonoTypeOperatorFunction,
  Observable,
  type SchedulerAction,
  type SchedulerLike,
} from 'rxjs';
import { LocalError } from '../rpc/errors.js';

export interface TimeoutWithProgressConfig {
  /** Idle limit in ms, re-armed by each value (unless `resetOnProgress` is false). */
  idle?: number | undefined;
  /** Total limit in ms from subscription, enforced whether or not values arrive. */
  maxTotal?: number | undefined;
  /** Whether each value re-arms the idle limit. Default `true`. */
  resetOnProgress?: boolean | undefined;
  /** Where time comes from. Default `asyncScheduler`. */
  scheduler?: SchedulerLike | undefined;
  /** Copied into the error's `details` (e.g. the request's method and id). */
  meta?: Record<string, unknown> | undefined;
}

/** setTimeout delays are 32-bit signed; longer waits are taken in steps. */
const MAX_TIMER_MS = 2_147_483_647;

const limit = (value: number | undefined): number | undefined =>
  value === undefined || Number.isNaN(value) || value === Number.POSITIVE_INFINITY
    ? undefined
    : Math.max(0, value);

export function timeoutWithProgress<T>(
  config: TimeoutWithProgressConfig,
): MonoTypeOperatorFunction<T> {
  const idle = limit(config.idle);
  const maxTotal = limit(config.maxTotal);
  const resetOnProgress = config.resetOnProgress ?? true;
  const scheduler = config.scheduler ?? asyncScheduler;
  const meta = config.meta;

  return (source) => {
    if (idle === undefined && maxTotal === undefined) return source;
    return new Observable<T>((subscriber) => {
      const start = scheduler.now();
      let lastValueAt = start;
      let progressCount = 0;

      const fail = (code: 'timeout' | 'max-total-timeout', now: number): void => {
        const elapsed = now - start;
        const idleFor = now - lastValueAt;
        const message =
          code === 'timeout'
            ? resetOnProgress
              ? `Request timed out: no progress for ${idle} ms (${progressCount} progress notifications in ${elapsed} ms)`
              : `Request timed out after ${idle} ms (${progressCount} progress notifications)`
            : `Request exceeded its maximum total time of ${maxTotal} ms (${progressCount} progress notifications)`;
        subscriber.error(
          new LocalError(code, message, {
            ...meta,
            ...(idle === undefined ? {} : { idle }),
            ...(maxTotal === undefined ? {} : { maxTotal }),
            elapsed,
            progressCount,
            idleFor,
          }),
        );
      };

      /** Ms until the nearest deadline from `now` (0 when one has passed). */
      const remaining = (now: number): number => {
        let due = Number.POSITIVE_INFINITY;
        if (idle !== undefined) due = (resetOnProgress ? lastValueAt : start) + idle;
        if (maxTotal !== undefined) due = Math.min(due, start + maxTotal);
        return Math.min(MAX_TIMER_MS, Math.max(0, due - now));
      };

      function check(this: SchedulerAction<undefined>): void {
        const now = scheduler.now();
        if (maxTotal !== undefined && now - start >= maxTotal) {
          fail('max-total-timeout', now);
        } else if (idle !== undefined && now - (resetOnProgress ? lastValueAt : start) >= idle) {
          fail('timeout', now);
        } else {
          this.schedule(undefined, remaining(now));
        }
      }

      subscriber.add(
        source.subscribe({
          next: (value) => {
            progressCount++;
            if (resetOnProgress) lastValueAt = scheduler.now();
            subscriber.next(value);
          },
          error: (error: unknown) => subscriber.error(error),
          complete: () => subscriber.complete(),
        }),
      );
      // A source that settled synchronously needs no timer.
      if (!subscriber.closed) subscriber.add(scheduler.schedule(check, remaining(start)));
    });
  };
}
