const loadScenarios = (run) => run.scenarios.filter((s) => s.kind === 'throughput' || s.kind === 'latency');
export function throughputChart(run) {
    const scenarios = run.scenarios.filter((s) => s.kind === 'throughput');
    const names = [];
    for (const s of scenarios)
        for (const sub of s.subjects)
            if (!names.includes(sub.name))
                names.push(sub.name);
    return {
        title: 'Throughput (closed loop, median of rounds)',
        unit: 'requests per second',
        scale: 'log',
        categories: scenarios.map((s) => s.id),
        series: names.map((name) => ({
            name,
            values: scenarios.map((s) => {
                const sub = s.subjects.find((x) => x.name === name);
                if (!sub)
                    return undefined;
                return sub.status === 'ok' && sub.throughput !== undefined ? sub.throughput : null;
            }),
        })),
    };
}
export function latencyChart(run) {
    const scenarios = loadScenarios(run).filter((s) => s.subjects.some((x) => x.name === 'direct' || x.name === 'mcp-mux'));
    const series = ['direct', 'mcp-mux'].flatMap((name) => ['p50', 'p99'].map((p) => ({
        name: `${name} ${p}`,
        values: scenarios.map((s) => {
            const sub = s.subjects.find((x) => x.name === name);
            if (!sub)
                return undefined;
            return sub.status === 'ok' && sub.latency ? sub.latency[p] : null;
        }),
    })));
    return {
        title: 'Latency, direct vs mcp-mux (median of rounds)',
        unit: 'microseconds',
        scale: 'log',
        categories: scenarios.map((s) => s.id),
        series,
    };
}
//# sourceMappingURL=charts.js.map