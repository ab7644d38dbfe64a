/**
 * Open-loop load: requests are scheduled at fixed intervals (`rate` per second) whatever
 * the target does, and each latency is measured from the request's SCHEDULED send time, not
 * from when it was actually sent. A target (or a client timer) that falls behind therefore
 * shows its queueing delay in the percentiles instead of hiding it (the correction for
 * coordinated omission). Timers fire at most once per millisecond, so at high rates the
 * requests due in one tick go out together; they are still timed from their own schedule.
 */
import { createLatencyHistogram, recordMs } from '../stats/latency.js';
export const realClock = {
    now: () => performance.now(),
    setTimer: (fn, delayMs) => {
        setTimeout(fn, delayMs);
    },
};
/** How many of the requests scheduled at `start + i * interval` are due at `now`. */
export function dueCount(start, intervalMs, now, total) {
    if (now < start)
        return 0;
    return Math.min(total, Math.floor((now - start) / intervalMs) + 1);
}
export function runOpenLoop(options) {
    const clock = options.clock ?? realClock;
    const intervalMs = 1000 / options.rate;
    const total = Math.max(1, Math.floor((options.rate * options.durationMs) / 1000));
    const latency = createLatencyHistogram();
    const sendLag = createLatencyHistogram();
    const start = clock.now();
    let sent = 0;
    let settled = 0;
    let completed = 0;
    let errors = 0;
    let firstError;
    let lastDone = start;
    return new Promise((resolve) => {
        const finish = () => {
            const elapsedMs = Math.max(1e-3, lastDone - start);
            const result = {
                completed,
                errors,
                elapsedMs,
                throughput: (completed * 1000) / elapsedMs,
                latency,
                sendLag,
            };
            if (firstError !== undefined)
                result.firstError = firstError;
            resolve(result);
        };
        const send = (i) => {
            const scheduled = start + i * intervalMs;
            recordMs(sendLag, clock.now() - scheduled);
            options.call(i).then(() => {
                lastDone = clock.now();
                recordMs(latency, lastDone - scheduled);
                completed++;
                if (++settled === total)
                    finish();
            }, (e) => {
                errors++;
                firstError ??= e.message;
                if (++settled === total)
                    finish();
            });
        };
        const tick = () => {
            const due = dueCount(start, intervalMs, clock.now(), total);
            while (sent < due)
                send(sent++);
            if (sent < total) {
                const next = start + sent * intervalMs;
                clock.setTimer(tick, Math.max(0, next - clock.now()));
            }
        };
        tick();
    });
}
//# sourceMappingURL=openLoop.js.map