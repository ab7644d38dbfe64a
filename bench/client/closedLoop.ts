/**
 * Closed-loop load: `inFlight` workers, each sending its next request as soon as the previous
 * one is answered, for `durationMs`. Measures saturation throughput; latency is measured from
 * each actual send (a closed loop cannot see queueing it does not cause).
 */
import { createLatencyHistogram, type Histogram, recordMs } from '../stats/latency.js';

export interface LoadResult {
  completed: number;
  errors: number;
  /** From the first send to the last answer. */
  elapsedMs: number;
  /** Completed requests per second. */
  throughput: number;
  latency: Histogram;
  /** Open loop only: how late the client itself sent each request (µs after its schedule). */
  sendLag?: Histogram;
  firstError?: string;
}

export interface ClosedLoopOptions {
  inFlight: number;
  durationMs: number;
  /** Sends request number `i` and settles when it is answered. */
  call: (i: number) => Promise<unknown>;
  /** Stops early after this many requests (optional). */
  maxRequests?: number;
  /** Gives up after this many errors (default 20): a broken target must not spin. */
  maxErrors?: number;
}

export async function runClosedLoop(options: ClosedLoopOptions): Promise<LoadResult> {
  const latency = createLatencyHistogram();
  const maxRequests = options.maxRequests ?? Number.POSITIVE_INFINITY;
  const maxErrors = options.maxErrors ?? 20;
  let issued = 0;
  let completed = 0;
  let errors = 0;
  let firstError: string | undefined;
  let lastDone = 0;
  const start = performance.now();
  const deadline = start + options.durationMs;

  const worker = async (): Promise<void> => {
    while (issued < maxRequests && errors < maxErrors) {
      const t0 = performance.now();
      if (t0 >= deadline) return;
      const i = issued++;
      try {
        await options.call(i);
        lastDone = performance.now();
        recordMs(latency, lastDone - t0);
        completed++;
      } catch (e) {
        errors++;
        firstError ??= (e as Error).message;
        // Yield to the event loop: a client that fails synchronously must not starve it.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.inFlight) }, worker));
  const elapsedMs = Math.max(1e-3, (lastDone || performance.now()) - start);
  const result: LoadResult = {
    completed,
    errors,
    elapsedMs,
    throughput: (completed * 1000) / elapsedMs,
    latency,
  };
  if (firstError !== undefined) result.firstError = firstError;
  return result;
}
