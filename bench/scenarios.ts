/**
 * The benchmark scenarios, as a table. Each row names its subjects (what the client talks
 * to), the load, and the baseline that ratios are computed against. Subjects of one
 * scenario are measured in interleaved rounds (A/B/A/B…) and each figure is the median of
 * its rounds.
 */
import { join } from 'node:path';
import type { TransportKind } from './client/session.js';
import type { SubjectSpec } from './subjects/launch.js';

export type ScenarioKind =
  /** Closed loop: saturation throughput and latency per subject. */
  | 'throughput'
  /** Open loop at 50% of the router's saturation rate: latency without coordinated omission. */
  | 'latency'
  /** RSS growth per idle session opened on a network facade. */
  | 'memory-idle'
  /** RSS growth per request parked in a slow upstream. */
  | 'memory-inflight'
  /** Time from spawn until the tools are listed, and RSS then (runner/runStartup.ts). */
  | 'startup';

export interface Load {
  method: 'tools/call' | 'tools/list';
  payloadBytes: number;
  inFlight: number;
  /** Simulated upstream work per call. */
  workMs: number;
}

export interface Scenario {
  id: string;
  group: string;
  title: string;
  kind: ScenarioKind;
  load: Load;
  subjects: SubjectSpec[];
  /** The subject every other one is compared to. */
  baseline: string;
  /** Compare by throughput (default) or by median latency (one request at a time). */
  compareBy?: 'throughput' | 'p50';
  /** Part of the `--quick` smoke run. */
  quick?: boolean;
  /** Rounds last this many times the default (few, slow requests need longer for a median). */
  roundScale?: number;
  /** Run by its own runner: `cluster` = sets of instances behind nginx (runner/runCluster.ts). */
  runner?: 'cluster';
}

export const KiB = 1024;
export const MiB = 1024 * 1024;

const direct = (t: TransportKind, extra: Partial<SubjectSpec> = {}): SubjectSpec => ({
  name: 'direct',
  kind: 'direct',
  downstream: t,
  upstream: t,
  ...extra,
});

const mux = (
  down: TransportKind,
  up: TransportKind,
  extra: Partial<SubjectSpec> = {},
): SubjectSpec => ({
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
const relayFloor: SubjectSpec = {
  name: 'relay-floor',
  kind: 'relay-floor',
  downstream: 'stdio',
  upstream: 'stdio',
};
const withFloor = [direct('stdio'), mux('stdio', 'stdio'), relayFloor];

/**
 * The relay floor in front of `n` WebSocket upstreams (`subjects/wsRelayFloor.ts`): what any
 * Node proxy pays to spread the calls over `n` sockets, against which the router's ×100 / ×1
 * is read.
 */
const wsRelayFloor = (n: number): SubjectSpec => ({
  name: `relay-floor ×${n}`,
  kind: 'relay-floor',
  downstream: 'stdio',
  upstream: 'ws',
  upstreams: n,
});
/** The floor without strings (`--bytes`): what is left of it at 16 KiB without UTF-8 work. */
const relayFloorBytes: SubjectSpec = {
  ...relayFloor,
  name: 'relay-floor-bytes',
  relayArgs: ['--bytes'],
};
/**
 * The floor with the router's decoder and encoder (`--decode`): every message validated and
 * given a new envelope, without the router's per-request machinery.
 */
const relayFloorDecode: SubjectSpec = {
  ...relayFloor,
  name: 'relay-floor-decode',
  relayArgs: ['--decode'],
};

/**
 * The relay floor of an HTTP upstream hop (`subjects/httpRelayFloor.ts`, undici's `Pool`):
 * what any Node proxy pays toward a Streamable HTTP upstream, from a stdio or HTTP client.
 */
const httpRelayFloor = (down: TransportKind): SubjectSpec => ({
  name: 'relay-floor-undici',
  kind: 'relay-floor',
  downstream: down,
  upstream: 'http',
});

const call = (payloadBytes: number, inFlight: number, workMs = 0): Load => ({
  method: 'tools/call',
  payloadBytes,
  inFlight,
  workMs,
});

/** Every guardrail on, none refusing a bench call (see the `guardrails-*` rows). */
const guardrailsOn = (
  tmpDir: string,
  auditArguments: 'digest' | 'none' = 'digest',
): Record<string, unknown> => ({
  approve: ['*__delete_*'],
  approveDestructive: true,
  maxResultBytes: 1024 * 1024,
  rateLimits: [{ principals: ['*'], tools: ['e*__echo'], perMinute: 1_000_000, burst: 1_000_000 }],
  audit: {
    file: join(tmpDir, `audit-${auditArguments}-${process.pid}-${Date.now()}.jsonl`),
    arguments: auditArguments,
  },
});

const pair = (
  id: string,
  group: string,
  title: string,
  load: Load,
  extra: Partial<Scenario> = {},
): Scenario => ({
  id,
  group,
  title,
  kind: 'throughput',
  load,
  subjects: [direct('stdio'), mux('stdio', 'stdio')],
  baseline: 'direct',
  ...extra,
});

const transports: TransportKind[] = ['stdio', 'http', 'ws'];
const transportRows: Scenario[] = transports.flatMap((down) =>
  transports
    .filter((up) => !(down === 'stdio' && up === 'stdio'))
    .map((up) => ({
      id: `transport-${down}-${up}`,
      group: 'transport',
      title: `client ${down} → mcp-mux → upstream ${up} (baseline: direct over ${up}), 1 KiB, 32 in flight`,
      kind: 'throughput' as const,
      load: call(KiB, 32),
      subjects:
        up === 'http' && down !== 'ws'
          ? [direct(up), mux(down, up), httpRelayFloor(down)]
          : down === 'http' && up === 'stdio'
            ? [direct(up), mux(down, up), { ...relayFloor, downstream: 'http' as const }]
            : [direct(up), mux(down, up)],
      baseline: 'direct',
      quick: down === 'http' && up === 'stdio',
    })),
);

export const scenarios: Scenario[] = [
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
  // The echo above writes one message per write(), as SDK servers do; here it joins a tick's
  // messages into one write (what the bench's echo did before): the router then reads and
  // writes batches, the flattering case.
  pair(
    'batched-echo-1k',
    'upstream writes',
    '1 KiB payload, 32 in flight, stdio, echo writing one batch per tick',
    call(KiB, 32),
    {
      subjects: [...withFloor].map((x): SubjectSpec => ({ ...x, echo: 'batched' })),
    },
  ),
  // The upstream of the field: the echo tool on the official SDK's McpServer over stdio.
  pair(
    'sdk-echo-1k',
    'upstream writes',
    '1 KiB payload, 32 in flight, stdio, echo served by an SDK McpServer',
    call(KiB, 32),
    { subjects: [direct('stdio', { echo: 'sdk' }), mux('stdio', 'stdio', { echo: 'sdk' })] },
  ),
  // A 2026-07-28 client: no session, its context in every request's `_meta`, each result
  // decorated for its era (`resultType`, mcp-mux's `serverInfo`). Beside the legacy client
  // through the same build, in the same rounds: what the modern era costs on the hot path.
  pair(
    'modern-1k',
    'era',
    '1 KiB payload, 32 in flight, stdio, 2026-07-28 client (no session) vs legacy client',
    call(KiB, 32),
    {
      subjects: [
        direct('stdio'),
        mux('stdio', 'stdio'),
        mux('stdio', 'stdio', { name: '2026-07-28 client', era: 'modern' }),
      ],
    },
  ),
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
  pair(
    'work-1ms',
    'work',
    'upstream works 1 ms per call, 1 KiB, 32 in flight, stdio',
    call(KiB, 32, 1),
    { subjects: [...withFloor, relayFloorBytes] },
  ),
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
      wsRelayFloor(1),
      wsRelayFloor(100),
    ],
    baseline: 'mcp-mux ×1',
  },
  {
    id: 'tools-list-1000',
    group: 'list',
    title:
      'tools/list of 1,000 tools, all pages (direct: one upstream of 1,000; mcp-mux: 10 × 100), 8 in flight',
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
  // What the guardrails cost when every one is on and none refuses: an approval rule and
  // `approveDestructive` that the echo tool does not match, a result limit above the payload
  // (checked on the raw bytes), a rate limit that matches every call but never runs dry, and
  // the audit trail writing one line per call with an arguments digest.
  {
    id: 'guardrails-stdio',
    group: 'guardrails',
    title:
      'approval, result limit, rate limit and audit all on vs all off, stdio, 1 KiB, 32 in flight',
    kind: 'throughput',
    load: call(KiB, 32),
    subjects: [
      mux('stdio', 'stdio', { name: 'guardrails off' }),
      mux('stdio', 'stdio', { name: 'guardrails on', muxConfig: guardrailsOn }),
      // The same without the audit trail: what the other three cost together.
      mux('stdio', 'stdio', {
        name: 'guardrails on, no audit',
        muxConfig: (tmpDir) => ({ ...guardrailsOn(tmpDir), audit: undefined }),
      }),
      // All four, the audit writing its lines without the arguments' SHA-256 (`"none"`):
      // the digest's share of the audit's cost, apart from the line and its thread.
      mux('stdio', 'stdio', {
        name: 'guardrails on, audit without digest',
        muxConfig: (tmpDir) => guardrailsOn(tmpDir, 'none'),
      }),
    ],
    baseline: 'guardrails off',
  },
  {
    id: 'guardrails-http',
    group: 'guardrails',
    title:
      'guardrails all on vs all off, Streamable HTTP facade, stdio upstream, 1 KiB, 32 in flight',
    kind: 'throughput',
    load: call(KiB, 32),
    subjects: [
      mux('http', 'stdio', { name: 'guardrails off' }),
      mux('http', 'stdio', { name: 'guardrails on', muxConfig: guardrailsOn }),
    ],
    baseline: 'guardrails off',
  },
  // Past one process: three clustered instances (membership in one redis-server) behind
  // nginx vs one instance behind nginx, same run, same mixed load (half the workers on legacy
  // sessions, half stateless 2026-07-28). The misrouted set sends every legacy call to an
  // instance that does not own its session: what forwarding costs.
  {
    id: 'cluster',
    group: 'cluster',
    title:
      '3 clustered instances + redis behind nginx vs 1 instance behind nginx, legacy sessions + stateless calls, 1 KiB, 32 in flight',
    kind: 'throughput',
    runner: 'cluster',
    load: call(KiB, 32),
    subjects: [
      mux('http', 'stdio', { name: '1 instance' }),
      mux('http', 'stdio', { name: '1 instance + redis' }),
      mux('http', 'stdio', { name: '3 instances + redis' }),
      mux('http', 'stdio', { name: '3 instances, misrouted' }),
    ],
    baseline: '1 instance',
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
  // What a desktop client waits for each time it launches the router: spawn → `initialize`
  // → `tools/list` complete. The echo alone (`direct`) starts inside the router's time too.
  {
    id: 'startup-stdio',
    group: 'memory',
    title:
      'Start-up of a stdio router with one stdio upstream: time until its tools are listed, RSS',
    kind: 'startup',
    load: call(100, 1),
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
