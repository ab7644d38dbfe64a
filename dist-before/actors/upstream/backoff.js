export function backoffCap(policy, restarts) {
    const { initialDelayMs: base, maxDelayMs: max, factor } = policy;
    // `factor ** restarts` may overflow to Infinity: min() caps it.
    return Math.min(max, base * factor ** Math.max(0, restarts));
}
/** The delay before restart number `restarts + 1`; `previous` is the last delay (0 if none). */
export function backoffDelay(policy, restarts, previous, random) {
    const base = policy.initialDelayMs;
    const max = Math.max(base, policy.maxDelayMs);
    const r = Math.min(Math.max(random(), 0), 1);
    switch (policy.jitter) {
        case 'none':
            return backoffCap(policy, restarts);
        case 'full': {
            const cap = backoffCap(policy, restarts);
            return Math.round(base + r * (cap - base));
        }
        case 'decorrelated': {
            const upper = Math.min(max, Math.max(base, previous * policy.factor));
            return Math.round(base + r * (upper - base));
        }
    }
}
//# sourceMappingURL=backoff.js.map