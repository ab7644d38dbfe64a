/**
 * Latency bookkeeping: HDR histograms in microseconds (3 significant digits, 1 µs to 10 min)
 * and the summary the report prints. Percentiles come from the histogram, never from
 * sorting samples, so a long run costs constant memory.
 */
import { type Histogram } from 'hdr-histogram-js';
export type { Histogram };
export declare const createLatencyHistogram: () => Histogram;
/** Records one latency given in milliseconds (as from `performance.now()` differences). */
export declare function recordMs(histogram: Histogram, ms: number): void;
export interface LatencySummary {
    count: number;
    /** Microseconds. */
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    p999: number;
    max: number;
}
export declare function summarizeLatency(histogram: Histogram): LatencySummary;
/** The median of a list (mean of the middle two for an even count); NaN when empty. */
export declare function median(values: readonly number[]): number;
/** Per-field median of several round summaries. */
export declare function medianSummary(rounds: readonly LatencySummary[]): LatencySummary;
