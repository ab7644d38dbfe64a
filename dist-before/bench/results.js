import { median, medianSummary } from './stats/latency.js';
export function emptySubject(spec, label) {
    return {
        name: spec.name,
        label,
        kind: spec.kind,
        downstream: spec.downstream,
        upstream: spec.upstream,
        status: 'ok',
        rounds: [],
        errors: 0,
        metrics: {},
    };
}
/** Fills medians, CPU per request and ratios from the rounds. Pure. */
export function reduceScenario(result) {
    for (const s of result.subjects) {
        if (s.status !== 'ok' || s.rounds.length === 0)
            continue;
        s.throughput = median(s.rounds.map((r) => r.throughput));
        s.latency = medianSummary(s.rounds.map((r) => r.latency));
        s.errors = s.rounds.reduce((n, r) => n + r.errors, 0);
        const cpu = s.rounds.map((r) => r.cpuUs);
        const completed = s.rounds.reduce((n, r) => n + r.completed, 0);
        const perRequest = (values) => values.every((c) => c !== undefined) && completed > 0
            ? values.reduce((a, b) => a + b, 0) / completed
            : undefined;
        const server = perRequest(cpu);
        if (server !== undefined)
            s.cpuUsPerRequest = server;
        const kernel = perRequest(s.rounds.map((r) => r.kernelCpuUs));
        if (kernel !== undefined)
            s.kernelCpuUsPerRequest = kernel;
        const client = perRequest(s.rounds.map((r) => r.clientCpuUs));
        if (client !== undefined)
            s.clientCpuUsPerRequest = client;
    }
    const base = result.subjects.find((s) => s.name === result.baseline);
    for (const s of result.subjects) {
        if (!base || s.status !== 'ok' || base.status !== 'ok')
            continue;
        if (result.compareBy === 'p50') {
            if (s.latency && base.latency && base.latency.p50 > 0) {
                // Time per message relative to the baseline, inverted so > 1 means faster.
                s.ratio = base.latency.p50 / s.latency.p50;
            }
        }
        else if (s.throughput !== undefined && base.throughput) {
            s.ratio = s.throughput / base.throughput;
        }
    }
    return result;
}
//# sourceMappingURL=results.js.map