/**
 * A reader of the Prometheus text exposition format, enough for `mcp-mux status`: samples
 * with their labels, and quantiles from histogram buckets.
 */
const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;
export function parsePromText(text) {
    const samples = [];
    for (const line of text.split('\n')) {
        if (line === '' || line.startsWith('#'))
            continue;
        const match = LINE.exec(line);
        if (!match)
            continue;
        const labels = {};
        for (const label of (match[2] ?? '').matchAll(LABEL)) {
            labels[label[1] ?? ''] = (label[2] ?? '').replace(/\\(.)/g, (_, c) => c === 'n' ? '\n' : c);
        }
        samples.push({ name: match[1] ?? '', labels, value: Number(match[3]) });
    }
    return samples;
}
/** Cumulative bucket counts (`le` → count) of one histogram, summed over the other labels. */
export function bucketsOf(samples, name, match) {
    const buckets = new Map();
    for (const s of samples) {
        if (s.name !== `${name}_bucket` || !match(s.labels))
            continue;
        const le = s.labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(s.labels.le);
        buckets.set(le, (buckets.get(le) ?? 0) + s.value);
    }
    return buckets;
}
/** The bucket bound under which `q` of the observations fall (undefined: no observation). */
export function quantile(buckets, q) {
    const bounds = [...buckets.keys()].sort((a, b) => a - b);
    const total = buckets.get(Number.POSITIVE_INFINITY) ?? 0;
    if (total <= 0)
        return undefined;
    const rank = q * total;
    let lower = 0;
    let below = 0;
    for (const bound of bounds) {
        const count = buckets.get(bound) ?? 0;
        if (count >= rank) {
            if (!Number.isFinite(bound))
                return lower;
            const inBucket = count - below;
            // Linear interpolation inside the bucket, as Prometheus's histogram_quantile does.
            return inBucket <= 0 ? bound : lower + ((bound - lower) * (rank - below)) / inBucket;
        }
        lower = bound;
        below = count;
    }
    return lower;
}
/** `later − earlier` per bucket (the observations between two scrapes). */
export function bucketDelta(later, earlier) {
    const out = new Map();
    for (const [bound, count] of later)
        out.set(bound, count - (earlier?.get(bound) ?? 0));
    return out;
}
//# sourceMappingURL=promText.js.map