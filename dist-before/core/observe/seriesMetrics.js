export class CounterSeries {
    labels;
    value = 0;
    constructor(labels) {
        this.labels = labels;
    }
    inc() {
        this.value++;
    }
}
export class HistogramSeries {
    labels;
    bounds;
    /** Observations per bucket (not cumulative); the last one is +Inf. */
    counts;
    sum = 0;
    count = 0;
    constructor(labels, bounds) {
        this.labels = labels;
        this.bounds = bounds;
        this.counts = new Float64Array(bounds.length + 1);
    }
    observe(value) {
        const bounds = this.bounds;
        let i = 0;
        while (i < bounds.length && value > bounds[i])
            i++;
        this.counts[i] = this.counts[i] + 1;
        this.sum += value;
        this.count++;
    }
}
class SeriesMetric {
    name;
    help;
    #series = new Map();
    aggregator = 'sum';
    constructor(name, help, registry) {
        this.name = name;
        this.help = help;
        // prom-client reads a metric through `get()`; the rest of its Metric type is not used.
        registry.registerMetric(this);
    }
    /** The series of `labels` (created on first use): keep it, it is the fast path. */
    series(labels) {
        const key = JSON.stringify(labels);
        let series = this.#series.get(key);
        if (series === undefined) {
            series = this.create(labels);
            this.#series.set(key, series);
        }
        return series;
    }
    all() {
        return this.#series.values();
    }
}
export class FastCounter extends SeriesMetric {
    type = 'counter';
    create(labels) {
        return new CounterSeries(labels);
    }
    async get() {
        const values = [...this.all()].map((s) => ({ labels: s.labels, value: s.value }));
        return { name: this.name, help: this.help, type: 'counter', values, aggregator: 'sum' };
    }
}
export class FastHistogram extends SeriesMetric {
    bounds;
    type = 'histogram';
    constructor(name, help, registry, bounds) {
        super(name, help, registry);
        this.bounds = bounds;
    }
    create(labels) {
        return new HistogramSeries(labels, this.bounds);
    }
    async get() {
        const values = [];
        for (const s of this.all()) {
            let cumulative = 0;
            for (let i = 0; i <= this.bounds.length; i++) {
                cumulative += s.counts[i];
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
//# sourceMappingURL=seriesMetrics.js.map