/**
 * `timeoutWithProgress`: the timeout part of `requestLifecycle` alone (config object style,
 * like RxJS `timeout`), for streams that have nothing to cancel at a peer.
 *
 * - `idle`: error with `LocalError('timeout')` when no value arrives for `idle` ms. Each value
 *   (a progress notification) re-arms it, unless `resetOnProgress` is false; then it is a plain
 *   limit measured from subscription.
 * - `maxTotal`: error with `LocalError('max-total-timeout')` `maxTotal` ms after subscription,
 *   however much progress arrives. When both expire at the same instant, `max-total-timeout` wins.
 *
 * The error's `details` carry what was seen: the limits, `elapsed` ms, `progressCount` (values
 * seen) and `idleFor` (ms since the last value), plus the caller's `meta`. On a timeout the error
 * is delivered downstream first and the source is unsubscribed after (the ordinary RxJS teardown
 * order), so an outer `cancelOnUnsubscribe` sees the timeout error.
 */
import type { MonoTypeOperatorFunction, SchedulerLike } from 'rxjs';
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
export declare function timeoutWithProgress<T>(config: TimeoutWithProgressConfig): MonoTypeOperatorFunction<T>;
