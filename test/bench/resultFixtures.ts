/**
 * Bench results built by hand for the tests of what reads them (comparisons, pooling,
 * targets, the CI budget): a round, a subject and a one-scenario run with the fields the
 * readers use and neutral values elsewhere.
 */
import type { RoundResult, RunResult, ScenarioResult, SubjectResult } from '../../bench/results.js';

/** A round of 1,000 requests at `throughput`, with `cpuUsPerCall` of router CPU per request. */
export const round = (throughput: number, cpuUsPerCall?: number): RoundResult => ({
  throughput,
  completed: 1000,
  errors: 0,
  latency: { count: 1000, mean: 100, p50: 100, p90: 100, p99: 100, p999: 100, max: 100 },
  ...(cpuUsPerCall === undefined ? {} : { cpuUs: cpuUsPerCall * 1000 }),
});

/** A subject that ran (`extra` overrides); its kind follows its name. */
export function subject(
  name: string,
  rounds: RoundResult[] = [],
  extra: Partial<SubjectResult> = {},
): SubjectResult {
  return {
    name,
    label: name,
    kind: name.startsWith('mcp-mux')
      ? 'mcp-mux'
      : name === 'direct' || name === 'relay-floor'
        ? name
        : 'naive-sdk',
    downstream: 'stdio',
    upstream: 'stdio',
    status: 'ok',
    rounds,
    errors: 0,
    metrics: {},
    ...extra,
  };
}

/** A run of one 1 KiB scenario (`payload-1k` unless `extra` says otherwise) with `subjects`. */
export const runOf = (
  subjects: SubjectResult[],
  extra: Partial<ScenarioResult> = {},
): RunResult => ({
  startedAt: '2026-11-28T00:00:00.000Z',
  finishedAt: '2026-11-28T00:01:00.000Z',
  router: { bin: 'dist/bin/mcp-mux.js', commit: 'abc' },
  mode: 'default',
  machine: {
    cpus: 2,
    cpuModel: 'cpu',
    memoryGiB: 24,
    node: 'v20',
    platform: 'linux x64',
    loadAverage: [0, 0],
  },
  settings: { rounds: subjects[0]?.rounds.length ?? 0, roundMs: 1000 },
  peers: {},
  scenarios: [
    {
      id: 'payload-1k',
      group: 'g',
      title: 't',
      kind: 'throughput',
      load: { method: 'tools/call', payloadBytes: 1024, inFlight: 32, workMs: 0 },
      baseline: 'direct',
      compareBy: 'throughput',
      subjects,
      notes: [],
      durationMs: 0,
      ...extra,
    },
  ],
  targets: [],
});
