/**
 * A counter and a histogram for the per-request hot path, exposed through the same prom-client
 * registry as the others. prom-client's own `labels(…).observe()` validates and hashes the
 * label set at every call (~1 µs); here a caller looks a series up once, keeps it, and an
 * observation is a bucket search and two additions. The registry reads them at scrape time
 * through `get()` (prom-client's metric contract: name, help, type, values).
 */
import type { Registry } from 'prom-client';
type Labels = Record<string, string>;
interface MetricValue {
    value: number;
    labels: Labels;
    metricName?: string;
}
interface MetricReport {
    name: string;
    help: string;
    type: 'counter' | 'histogram';
    values: MetricValue[];
    aggregator: 'sum';
}
export declare class CounterSeries {
    readonly labels: Labels;
    value: number;
    constructor(labels: Labels);
    inc(): void;
}
export declare class HistogramSeries {
    readonly labels: Labels;
    readonly bounds: readonly number[];
    /** Observations per bucket (not cumulative); the last one is +Inf. */
    readonly counts: Float64Array;
    sum: number;
    count: number;
    constructor(labels: Labels, bounds: readonly number[]);
    observe(value: number): void;
}
declare abstract class SeriesMetric<S extends {
    labels: Labels;
}> {
    #private;
    readonly name: string;
    readonly help: string;
    readonly aggregator = "sum";
    constructor(name: string, help: string, registry: Registry);
    protected abstract create(labels: Labels): S;
    /** The series of `labels` (created on first use): keep it, it is the fast path. */
    series(labels: Labels): S;
    protected all(): Iterable<S>;
    abstract get(): Promise<MetricReport>;
}
export declare class FastCounter extends SeriesMetric<CounterSeries> {
    readonly type = "counter";
    protected create(labels: Labels): CounterSeries;
    get(): Promise<MetricReport>;
}
export declare class FastHistogram extends SeriesMetric<HistogramSeries> {
    readonly bounds: readonly number[];
    readonly type = "histogram";
    constructor(name: string, help: string, registry: Registry, bounds: readonly number[]);
    protected create(labels: Labels): HistogramSeries;
    get(): Promise<MetricReport>;
}
export {};
