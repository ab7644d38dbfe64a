/**
 * Closed-loop load: `inFlight` workers, each sending its next request as soon as the previous
 * one is answered, for `durationMs`. Measures saturation throughput; latency is measured from
 * each actual send (a closed loop cannot see queueing it does not cause).
 */
import { createLatencyHistogram, recordMs } from '../stats/latency.js';
export async function runClosedLoop(options) {
    const latency = createLatencyHistogram();
    const maxRequests = options.maxRequests ?? Number.POSITIVE_INFINITY;
    const maxErrors = options.maxErrors ?? 20;
    let issued = 0;
    let completed = 0;
    let errors = 0;
    let firstError;
    let lastDone = 0;
    const start = performance.now();
    const deadline = start + options.durationMs;
    const worker = async () => {
        while (issued < maxRequests && errors < maxErrors) {
            const t0 = performance.now();
            if (t0 >= deadline)
                return;
            const i = issued++;
            try {
                await options.call(i);
                lastDone = performance.now();
                recordMs(latency, lastDone - t0);
                completed++;
            }
            catch (e) {
                errors++;
                firstError ??= e.message;
                // Yield to the event loop: a client that fails synchronously must not starve it.
                await new Promise((resolve) => setImmediate(resolve));
            }
        }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.inFlight) }, worker));
    const elapsedMs = Math.max(1e-3, (lastDone || performance.now()) - start);
    const result = {
        completed,
        errors,
        elapsedMs,
        throughput: (completed * 1000) / elapsedMs,
        latency,
    };
    if (firstError !== undefined)
        result.firstError = firstError;
    return result;
}
//# sourceMappingURL=closedLoop.js.map