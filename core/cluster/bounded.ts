/**
 * A store call that does not answer in time counts as the engine being down: a client's
 * request never waits on a stalled connection (a Redis client queueing commands while it
 * reconnects) longer than its consumer's bound, then falls back to the local view.
 */

/** `promise`, or a rejection once `ms` passed without its answer. */
export function bounded<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`cluster store: no answer in ${ms} ms`)), ms);
    timer.unref?.();
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
