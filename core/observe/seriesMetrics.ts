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

export class CounterSeries {
  value = 0;
  constructor(readonly labels: Labels) {}
  inc(): void {
    this.value++;
  }
}

export class HistogramSeries {
  /** Observations per bucket (not cumulative); the last one is +Inf. */
  readonly counts: Float64Array;
  sum = 0;
  count = 0;
  constructor(
    readonly labels: Labels,
    readonly bounds: readonly number[],
  ) {
    this.counts = new Float64Array(bounds.length + 1);
  }
  observe(value: number): void {
    const bounds = this.bounds;
    let i = 0;
    while (i < bounds.length && value > (bounds[i] as number)) i++;
    this.counts[i] = (this.counts[i] as number) + 1;
    this.sum += value;
    this.count++;
  }
}

abstract class SeriesMetric<S extends { labels: Labels }> {
  readonly #series = new Map<string, S>();
  readonly aggregator = 'sum';
  constructor(
    readonly name: string,
    readonly help: string,
    registry: Registry,
  ) {
    // prom-client reads a metric through `get()`; the rest of its Metric type is not used.
    registry.registerMetric(this as unknown as Parameters<Registry['registerMetric']>[0]);
  }
  protected abstract create(labels: Labels): S;
  /** The series of `labels` (created on first use): keep it, it is the fast path. */
  series(labels: Labels): S {
    const key = JSON.stringify(labels);
    let series = this.#series.get(key);
    if (series === undefined) {
      series = this.create(labels);
      this.#series.set(key, series);
    }
    return series;
  }
  protected all(): Iterable<S> {
    return this.#series.values();
  }
  abstract get(): Promise<MetricReport>;
}

export class FastCounter extends SeriesMetric<CounterSeries> {
  readonly type = 'counter';
  protected create(labels: Labels): CounterSeries {
    return new CounterSeries(labels);
  }
  async get(): Promise<MetricReport> {
    const values = [...this.all()].map((s) => ({ labels: s.labels, value: s.value }));
    return { name: this.name, help: this.help, type: 'counter', values, aggregator: 'sum' };
  }
}

export class FastHistogram extends SeriesMetric<HistogramSeries> {
  readonly type = 'histogram';
  constructor(
    name: string,
    help: string,
    registry: Registry,
    readonly bounds: readonly number[],
  ) {
    super(name, help, registry);
  }
  protected create(labels: Labels): HistogramSeries {
    return new HistogramSeries(labels, this.bounds);
  }
  async get(): Promise<MetricReport> {
    const values: MetricValue[] = [];
    for (const s of this.all()) {
      let cumulative = 0;
      for (let i = 0; i <= this.bounds.length; i++) {
        cumulative += s.counts[i] as number;
        const le = i < this.bounds.length ? String(this.bounds[i]) : '+Inf';
        values.push({
          metricName: `${this.name}_bucket`,
          labels: { ...s.labels, le },
          value: cumulative,
        });
      }
      values.push({ metricName: `${this.name}_sum`, labels: s.labels, value: s.sum });
      values.push({ metricName: `${this.name}_count`, labels: s.labels, value: s.count });
    }
    return { name: this.name, help: this.help, type: 'histogram', values, aggregator: 'sum' };
  }
}
