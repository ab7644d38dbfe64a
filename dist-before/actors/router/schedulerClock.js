export function schedulerClock(scheduler) {
    return {
        now: () => scheduler.now(),
        setTimeout: (fn, ms) => scheduler.schedule(() => fn(), ms),
        clearTimeout: (id) => id.unsubscribe(),
    };
}
//# sourceMappingURL=schedulerClock.js.map