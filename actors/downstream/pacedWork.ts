/**
 * Work on many items that must not hold the event loop: a listen naming thousands of resource
 * URIs resolves and subscribes them in slices, giving the event loop back (through the
 * host's scheduler, so virtual time drives it in tests) between slices, and stops as soon as
 * the listen ends.
 */
import type { SchedulerLike } from 'rxjs';

/** Items handled between two yields to the event loop. */
export const SLICE = 256;

/** Resolves on a later turn of the event loop (a scheduler task with no delay). */
export const yieldTo = (scheduler: SchedulerLike): Promise<void> =>
  new Promise((resolve) => {
    scheduler.schedule(() => resolve());
  });

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
export async function inSlices<T>(
  items: readonly T[],
  options: PacedOptions,
  work: (item: T) => void,
): Promise<boolean> {
  const slice = options.slice ?? SLICE;
  for (let start = 0; start < items.length; start += slice) {
    if (start > 0) await yieldTo(options.scheduler);
    if (options.stopped()) return false;
    const end = Math.min(items.length, start + slice);
    for (let i = start; i < end; i++) work(items[i] as T);
  }
  return true;
}

/**
 * `work` on each item with at most `concurrency` running at once (so one caller never fills
 * an upstream's queue), yielding after every slice of items started. Failures are `work`'s
 * to handle. False when stopped early.
 */
export async function eachPaced<T>(
  items: readonly T[],
  options: PacedOptions & { concurrency: number },
  work: (item: T) => Promise<void>,
): Promise<boolean> {
  const slice = options.slice ?? SLICE;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length && !options.stopped()) {
      const index = next++;
      if (index > 0 && index % slice === 0) await yieldTo(options.scheduler);
      if (options.stopped()) return;
      await work(items[index] as T);
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency, items.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return !options.stopped();
}
