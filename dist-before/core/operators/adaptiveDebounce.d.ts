/**
 * `adaptiveDebounce`: a trailing debounce whose window grows while values keep coming, with a
 * maximum wait so a steady stream still gets through.
 *
 * The window starts at `first` and doubles (at most `max`) with every value that comes while
 * one is pending, or within `max` after an emission (the stream is busy); after `max` of quiet
 * it is `first` again. Each value re-arms the timer; when it fires the latest value is emitted,
 * and never later than `maxWait` after the first value that found nothing pending. So an
 * isolated value waits `first`, a storm emits about once per `maxWait`, and the last value of
 * any stream is always emitted (on completion at once, as `debounce` does). Errors pass
 * through at once.
 *
 * Built on RxJS's public `debounce` with a duration chosen per value; the state lives per
 * subscription (`defer`). Time comes from `scheduler` (default `asyncScheduler`).
 */
import { type MonoTypeOperatorFunction, type SchedulerLike } from 'rxjs';
export interface AdaptiveDebounceConfig {
    /** The window of a value after a quiet period (ms). */
    first: number;
    /** The largest window (ms); also how long after an emission the stream counts as busy. */
    max: number;
    /** The longest a burst's first value waits for its emission (ms). */
    maxWait: number;
    scheduler?: SchedulerLike;
}
export declare function adaptiveDebounce<T>(config: AdaptiveDebounceConfig): MonoTypeOperatorFunction<T>;
