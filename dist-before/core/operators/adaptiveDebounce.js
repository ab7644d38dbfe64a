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
import { asyncScheduler, debounce, defer, tap, timer, } from 'rxjs';
export function adaptiveDebounce(config) {
    const { first, max, maxWait } = config;
    const scheduler = config.scheduler ?? asyncScheduler;
    return (source) => defer(() => {
        let window = first;
        let burstStart;
        let lastEmit = Number.NEGATIVE_INFINITY;
        return source.pipe(debounce(() => {
            const now = scheduler.now();
            const busy = burstStart !== undefined || now - lastEmit < max;
            window = busy ? Math.min(window * 2, max) : first;
            burstStart ??= now;
            const due = Math.min(now + window, burstStart + maxWait);
            return timer(Math.max(0, due - now), scheduler);
        }), tap(() => {
            lastEmit = scheduler.now();
            burstStart = undefined;
        }));
    });
}
//# sourceMappingURL=adaptiveDebounce.js.map