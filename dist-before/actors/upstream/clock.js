/** Node's timers and `Date.now`. */
export const realClock = {
    now: () => Date.now(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id),
};
//# sourceMappingURL=clock.js.map