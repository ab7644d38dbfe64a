/**
 * Work on many items that must not hold the event loop: a listen naming thousands of resource
 * URIs resolves and subscribes them in slices, giving the event loop back (through the
 * host's scheduler, so virtual time drives it in tests) between slices, and stops as soon as
 * the listen ends.
 */
import type { SchedulerLike } from 'rxjs';
/** Items handled between two yields to the event loop. */
export declare const SLICE = 256;
/** Resolves on a later turn of the event loop (a scheduler task with no delay). */
export declare const yieldTo: (scheduler: SchedulerLike) => Promise<void>;
export interface PacedOptions {
    scheduler: SchedulerLike;
    /** True once the work is no longer wanted: no further item is started. */
    stopped: () => boolean;
    slice?: number;
}
/**
 * `work` on each item in order, synchronously within a slice, yielding between slices. The
 * first slice runs at once, so a small list costs no extra turn. False when stopped early.
 */
export declare function inSlices<T>(items: readonly T[], options: PacedOptions, work: (item: T) => void): Promise<boolean>;
/**
 * `work` on each item with at most `concurrency` running at once (so one caller never fills
 * an upstream's queue), yielding after every slice of items started. Failures are `work`'s
 * to handle. False when stopped early.
 */
export declare function eachPaced<T>(items: readonly T[], options: PacedOptions & {
    concurrency: number;
}, work: (item: T) => Promise<void>): Promise<boolean>;
