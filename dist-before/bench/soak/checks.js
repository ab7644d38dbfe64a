/**
 * The soak's verdict: what fails a run, from its summary. Lost or duplicated responses, a
 * message reaching a principal it must not, resident memory growing past 10% between the end
 * of warm-up and the end of the load, or file descriptors not back to their idle baseline
 * once the clients are gone.
 */
/** The median of `values` (0 for none). */
export function median(values) {
    if (values.length === 0)
        return 0;
    const sorted = [...values].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    return sorted.length % 2 === 1
        ? sorted[mid]
        : (sorted[mid - 1] + sorted[mid]) / 2;
}
/**
 * RSS after warm-up (median of the samples in the window after it) against RSS at the end
 * (median of the last window): medians, so one GC's timing does not decide.
 */
export function rssGrowth(samples, warmEndsAt, loadEndsAt) {
    const span = Math.max(1, loadEndsAt - warmEndsAt);
    const window = Math.max(10_000, span * 0.1);
    const early = samples.filter((s) => s.at >= warmEndsAt && s.at < warmEndsAt + window);
    const late = samples.filter((s) => s.at >= loadEndsAt - window && s.at <= loadEndsAt);
    const start = median(early.map((s) => s.rss));
    const end = median(late.map((s) => s.rss));
    return { start, end, growth: start > 0 ? end / start - 1 : 0 };
}
export const LIMITS = { rssGrowth: 0.1, fdTolerance: 0, minOkShare: 0.5 };
/** Every reason the run fails; empty when it passes. */
export function failures(f) {
    const out = [];
    if (!f.routerAlive)
        out.push('the router exited during the run');
    if (f.lost > 0)
        out.push(`${f.lost} request(s) never answered`);
    if (f.duplicated > 0)
        out.push(`${f.duplicated} duplicated or unexpected response(s)`);
    if (f.allowedHeardDenied === 0) {
        out.push('Alice heard nothing from upstream a: the leak check would prove nothing');
    }
    if (f.leaks > 0)
        out.push(`${f.leaks} message(s) reached a principal denied their upstream`);
    if (f.rssGrowth > LIMITS.rssGrowth) {
        out.push(`RSS grew ${(f.rssGrowth * 100).toFixed(1)}% after warm-up (limit ${LIMITS.rssGrowth * 100}%)`);
    }
    if (f.fdsEnd > f.fdsIdle + LIMITS.fdTolerance) {
        out.push(`file descriptors ${f.fdsEnd} after settle, idle baseline ${f.fdsIdle}`);
    }
    if (f.okShare < LIMITS.minOkShare) {
        out.push(`only ${(f.okShare * 100).toFixed(1)}% of calls succeeded (floor ${LIMITS.minOkShare * 100}%)`);
    }
    return out;
}
//# sourceMappingURL=checks.js.map