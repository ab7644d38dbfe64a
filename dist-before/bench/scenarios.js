export const KiB = 1024;
export const MiB = 1024 * 1024;
const direct = (t, extra = {}) => ({
    name: 'direct',
    kind: 'direct',
    downstream: t,
    upstream: t,
    ...extra,
});
const mux = (down, up, extra = {}) => ({
    name: 'mcp-mux',
    kind: 'mcp-mux',
    downstream: down,
    upstream: up,
    ...extra,
});
/**
 * The relay floor (`subjects/relayFloor.ts`): a Node process that only relays lines and maps
 * ids. Beside `direct` and `mcp-mux` it measures, in the same rounds, how much of the router's
 * gap to direct any Node proxy pays on this machine.
 */
const relayFloor = {
    name: 'relay-floor',
    kind: 'relay-floor',
    downstream: 'stdio',
    upstream: 'stdio',
};
const withFloor = [direct('stdio'), mux('stdio', 'stdio'), relayFloor];
/** The floor without strings (`--bytes`): what is left of it at 16 KiB without UTF-8 work. */
const relayFloorBytes = {
    ...relayFloor,
    name: 'relay-floor-bytes',
    relayArgs: ['--bytes'],
};
/**
 * The floor with the router's decoder and encoder (`--decode`): every message validated and
 * given a new envelope, without the router's per-request machinery.
 */
const relayFloorDecode = {
    ...relayFloor,
    name: 'relay-floor-decode',
    relayArgs: ['--decode'],
};
const call = (payloadBytes, inFlight, workMs = 0) => ({
    method: 'tools/call',
    payloadBytes,
    inFlight,
    workMs,
});
const pair = (id, group, title, load, extra = {}) => ({
    id,
    group,
    title,
    kind: 'throughput',
    load,
    subjects: [direct('stdio'), mux('stdio', 'stdio')],
    baseline: 'direct',
    ...extra,
});
const transports = ['stdio', 'http', 'ws'];
const transportRows = transports.flatMap((down) => transports
    .filter((up) => !(down === 'stdio' && up === 'stdio'))
    .map((up) => ({
    id: `transport-${down}-${up}`,
    group: 'transport',
    title: `client ${down} → mcp-mux → upstream ${up} (baseline: direct over ${up}), 1 KiB, 32 in flight`,
    kind: 'throughput',
    load: call(KiB, 32),
    subjects: [direct(up), mux(down, up)],
    baseline: 'direct',
    quick: down === 'http' && up === 'stdio',
})));
export const scenarios = [
    pair('payload-100b', 'payload', '100 B payload, 32 in flight, stdio', call(100, 32), {
        subjects: withFloor,
        quick: true,
    }),
    pair('payload-1k', 'payload', '1 KiB payload, 32 in flight, stdio', call(KiB, 32), {
        subjects: [...withFloor, relayFloorDecode],
        quick: true,
    }),
    pair('payload-16k', 'payload', '16 KiB payload, 32 in flight, stdio', call(16 * KiB, 32), {
        subjects: [...withFloor, relayFloorBytes, relayFloorDecode],
    }),
    pair('payload-256k', 'payload', '256 KiB payload, 8 in flight, stdio', call(256 * KiB, 8)),
    pair('payload-1m', 'payload', '1 MiB payload, 1 in flight, stdio', call(MiB, 1), {
        compareBy: 'p50',
        quick: true,
        roundScale: 3,
    }),
    pair('payload-4m', 'payload', '4 MiB payload, 1 in flight, stdio', call(4 * MiB, 1), {
        compareBy: 'p50',
        quick: true,
        roundScale: 3,
    }),
    // With the floors: at 1 in flight a hop costs its wake-ups, which no proxy avoids.
    pair('inflight-1', 'concurrency', '1 in flight, 1 KiB, stdio', call(KiB, 1), {
        subjects: [...withFloor, relayFloorBytes],
    }),
    pair('inflight-8', 'concurrency', '8 in flight, 1 KiB, stdio', call(KiB, 8)),
    pair('inflight-256', 'concurrency', '256 in flight, 1 KiB, stdio', call(KiB, 256)),
    pair('work-1ms', 'work', 'upstream works 1 ms per call, 1 KiB, 32 in flight, stdio', call(KiB, 32, 1), { subjects: [...withFloor, relayFloorBytes] }),
    {
        id: 'upstreams',
        group: 'upstreams',
        title: '1 vs 10 vs 100 stdio upstreams, calls spread across them, 1 KiB, 32 in flight',
        kind: 'throughput',
        load: call(KiB, 32),
        subjects: [
            mux('stdio', 'stdio', { name: 'mcp-mux ×1', upstreams: 1 }),
            mux('stdio', 'stdio', { name: 'mcp-mux ×10', upstreams: 10 }),
            mux('stdio', 'stdio', { name: 'mcp-mux ×100', upstreams: 100 }),
        ],
        baseline: 'mcp-mux ×1',
    },
    {
        // The same routing with one echo process serving every upstream over WebSocket: 100
        // upstream processes no longer share the two cores, so what remains is the router.
        id: 'upstreams-ws',
        group: 'upstreams',
        title: '1 vs 100 WebSocket upstreams served by one echo process, 1 KiB, 32 in flight',
        kind: 'throughput',
        load: call(KiB, 32),
        subjects: [
            mux('stdio', 'ws', { name: 'mcp-mux ×1', upstreams: 1 }),
            mux('stdio', 'ws', { name: 'mcp-mux ×100', upstreams: 100 }),
        ],
        baseline: 'mcp-mux ×1',
    },
    {
        id: 'tools-list-1000',
        group: 'list',
        title: 'tools/list of 1,000 tools, all pages (direct: one upstream of 1,000; mcp-mux: 10 × 100), 8 in flight',
        kind: 'throughput',
        load: { method: 'tools/list', payloadBytes: 0, inFlight: 8, workMs: 0 },
        subjects: [
            direct('stdio', { toolsPerUpstream: 1000 }),
            mux('stdio', 'stdio', { upstreams: 10, toolsPerUpstream: 100 }),
        ],
        baseline: 'direct',
        quick: true,
    },
    ...transportRows,
    {
        id: 'peers-stdio',
        group: 'peers',
        title: 'peers with a stdio facade, stdio upstream, 1 KiB, 32 in flight',
        kind: 'throughput',
        load: call(KiB, 32),
        subjects: [
            direct('stdio'),
            mux('stdio', 'stdio'),
            { name: 'naive-sdk', kind: 'naive-sdk', downstream: 'stdio', upstream: 'stdio' },
        ],
        baseline: 'direct',
        quick: true,
    },
    {
        id: 'peers-http',
        group: 'peers',
        title: 'peers with a Streamable HTTP facade, stdio upstream, 1 KiB, 32 in flight',
        kind: 'throughput',
        load: call(KiB, 32),
        subjects: [
            direct('stdio'),
            mux('http', 'stdio'),
            { name: 'supergateway', kind: 'supergateway', downstream: 'http', upstream: 'stdio' },
            { name: 'mcp-proxy', kind: 'mcp-proxy', downstream: 'http', upstream: 'stdio' },
        ],
        baseline: 'direct',
        quick: true,
    },
    // What Prometheus metrics (and the OpenTelemetry API without an SDK) cost. On:
    // metrics served on a `--metrics` listener (stdio) or on the HTTP facade; off: `--no-metrics`.
    {
        id: 'metrics-stdio',
        group: 'observability',
        title: 'metrics on (--metrics listener) vs off, stdio, 1 KiB, 32 in flight',
        kind: 'throughput',
        load: call(KiB, 32),
        subjects: [
            mux('stdio', 'stdio', { name: 'metrics off', muxArgs: ['--no-metrics'] }),
            mux('stdio', 'stdio', { name: 'metrics on', muxArgs: ['--metrics', '127.0.0.1:0'] }),
        ],
        baseline: 'metrics off',
        quick: true,
    },
    {
        id: 'metrics-http',
        group: 'observability',
        title: 'metrics on vs off, Streamable HTTP facade, stdio upstream, 1 KiB, 32 in flight',
        kind: 'throughput',
        load: call(KiB, 32),
        subjects: [
            mux('http', 'stdio', { name: 'metrics off', muxArgs: ['--no-metrics'] }),
            mux('http', 'stdio', { name: 'metrics on' }),
        ],
        baseline: 'metrics off',
    },
    {
        id: 'latency-half-saturation',
        group: 'latency',
        title: 'open loop at 50% of mcp-mux saturation, 1 KiB, stdio',
        kind: 'latency',
        load: call(KiB, 32),
        subjects: [direct('stdio'), mux('stdio', 'stdio')],
        baseline: 'direct',
        quick: true,
    },
    {
        id: 'memory-idle-http',
        group: 'memory',
        title: 'RSS per idle session, Streamable HTTP facade',
        kind: 'memory-idle',
        load: call(100, 1),
        subjects: [direct('http'), mux('http', 'stdio')],
        baseline: 'direct',
        quick: true,
    },
    {
        id: 'memory-idle-ws',
        group: 'memory',
        title: 'RSS per idle session, WebSocket facade',
        kind: 'memory-idle',
        load: call(100, 1),
        subjects: [direct('ws'), mux('ws', 'stdio')],
        baseline: 'direct',
    },
    {
        id: 'memory-inflight',
        group: 'memory',
        title: 'RSS per request parked in a slow upstream (100 B, stdio)',
        kind: 'memory-inflight',
        load: call(100, 1),
        subjects: [
            direct('stdio'),
            mux('stdio', 'stdio', { muxLimits: { concurrency: 8192, maxQueue: 8192 } }),
        ],
        baseline: 'direct',
        quick: true,
    },
];
//# sourceMappingURL=scenarios.js.map