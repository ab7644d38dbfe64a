/**
 * Latency bookkeeping: HDR histograms in microseconds (3 significant digits, 1 µs to 10 min)
 * and the summary the report prints. Percentiles come from the histogram, never from
 * sorting samples, so a long run costs constant memory.
 */
import { build } from 'hdr-histogram-js';
export const createLatencyHistogram = () => build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 600_000_000,
    numberOfSignificantValueDigits: 3,
});
/** Records one latency given in milliseconds (as from `performance.now()` differences). */
export function recordMs(histogram, ms) {
    histogram.recordValue(Math.max(1, Math.round(ms * 1000)));
}
export function summarizeLatency(histogram) {
    if (histogram.totalCount === 0) {
        return { count: 0, mean: 0, p50: 0, p90: 0, p99: 0, p999: 0, max: 0 };
    }
    return {
        count: histogram.totalCount,
        mean: Math.round(histogram.mean),
        p50: histogram.getValueAtPercentile(50),
        p90: histogram.getValueAtPercentile(90),
        p99: histogram.getValueAtPercentile(99),
        p999: histogram.getValueAtPercentile(99.9),
        max: histogram.maxValue,
    };
}
/** The median of a list (mean of the middle two for an even count); NaN when empty. */
export function median(values) {
    const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
    if (sorted.length === 0)
        return Number.NaN;
    const mid = sorted.length >> 1;
    return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
/** Per-field median of several round summaries. */
export function medianSummary(rounds) {
    const pick = (key) => median(rounds.map((r) => r[key]));
    return {
        count: rounds.reduce((n, r) => n + r.count, 0),
        mean: pick('mean'),
        p50: pick('p50'),
        p90: pick('p90'),
        p99: pick('p99'),
        p999: pick('p999'),
        max: Math.max(0, ...rounds.map((r) => r.max)),
    };
}
//# sourceMappingURL=latency.js.map