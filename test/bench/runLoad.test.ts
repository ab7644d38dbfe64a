import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SubjectResult } from '../../bench/results.js';
import { replicaSummary, runLoadScenario, toRound } from '../../bench/runner/runLoad.js';
import { type Scenario, scenarios } from '../../bench/scenarios.js';
import { createLatencyHistogram } from '../../bench/stats/latency.js';

const load = () => {
  const latency = createLatencyHistogram();
  latency.recordValue(120);
  return { completed: 1000, errors: 0, elapsedMs: 1000, throughput: 1000, latency };
};

describe('toRound', () => {
  it("keeps the process's CPU time as the total and its kernel part", () => {
    const round = toRound(load(), { user: 9000, kernel: 3000 }, 7000);
    expect(round).toMatchObject({ cpuUs: 12_000, kernelCpuUs: 3000, clientCpuUs: 7000 });
    expect(round.latency.p50).toBe(120);
  });

  it('leaves both out when the process could not be read', () => {
    const round = toRound(load(), undefined, 7000);
    expect(round.cpuUs).toBeUndefined();
    expect(round.kernelCpuUs).toBeUndefined();
  });
});

describe('runLoadScenario with several processes per router and a pinned row', () => {
  it('measures the router subject round by round on each of its processes in turn', async () => {
    const base = scenarios.find((s) => s.id === 'inflight-1');
    if (base === undefined) throw new Error('no inflight-1 row');
    const scenario: Scenario = {
      ...base,
      load: { ...base.load, payloadBytes: 64 },
      subjects: base.subjects.filter((s) => s.kind === 'direct' || s.kind === 'mcp-mux'),
    };
    const tmpDir = mkdtempSync(join(tmpdir(), 'mcp-mux-runload-'));
    const lines: string[] = [];
    try {
      const result = await runLoadScenario(
        scenario,
        {
          tmpDir,
          peers: { scripts: {}, versions: {}, reasons: {} },
          failures: new Map(),
          working: new Set(),
          routerNodeArgs: [],
        },
        {
          rounds: 4,
          roundMs: 150,
          warmupMs: 0,
          warmup: { windowMs: 100, windows: 1, tolerance: 1, minRequests: 1, maxMs: 200 },
          idleSessions: 0,
          parkedRequests: 0,
          replicas: 2,
          pin: { cpu: 0 },
          log: (line) => lines.push(line),
        },
      );
      const mux = result.subjects.find((s) => s.name === 'mcp-mux');
      const direct = result.subjects.find((s) => s.name === 'direct');
      expect(mux?.status, lines.join('\n')).toBe('ok');
      expect(mux?.rounds.map((r) => r.replica)).toEqual([0, 1, 0, 1]);
      // The baseline is no router: one process, rounds without a replica index.
      expect(direct?.rounds.map((r) => r.replica)).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      expect(result.notes.join('\n')).toMatch(/pinned: .* on vCPU 0/);
      expect(result.notes.join('\n')).toMatch(
        /median of each process: mcp-mux \S+ \d+\.\d \/ \d+\.\d/,
      );
      expect(result.notes.join('\n')).toMatch(/mcp-mux \S+ #1: .*mcp-mux \S+ #2: /);
      // The router's CPU split by thread: its event loop, and the rest.
      expect(result.notes.join('\n')).toMatch(
        /main thread \/ other threads: .*mcp-mux \S+ \d+\.\d \/ \d+\.\d/,
      );
      expect(mux?.metrics.mainThreadCpuUsPerRequest).toBeGreaterThan(0);
      // Both are read in ticks of 10 ms, one after the other: a tick each round either way.
      const completed = mux?.rounds.reduce((n, r) => n + r.completed, 0) ?? 1;
      expect(mux?.metrics.mainThreadCpuUsPerRequest).toBeLessThanOrEqual(
        (mux?.cpuUsPerRequest ?? 0) + (4 * 10_000) / completed,
      );
    } finally {
      rmSync(tmpDir, { recursive: true, force: true });
    }
  });
});

describe('replicaSummary', () => {
  const round = (replica: number | undefined, cpuUs: number) => ({
    ...toRound(load(), { user: cpuUs, kernel: 0 }, 0),
    ...(replica === undefined ? {} : { replica }),
  });
  const subject = (rounds: ReturnType<typeof round>[]) =>
    ({ label: 'mcp-mux (stdio→stdio)', rounds }) as unknown as SubjectResult;

  it("gives each process's median CPU per request, in process order", () => {
    const text = replicaSummary(
      subject([
        round(1, 50_000),
        round(0, 40_000),
        round(1, 52_000),
        round(0, 44_000),
        round(1, 54_000),
      ]),
    );
    expect(text).toBe('mcp-mux (stdio→stdio) 42.0 / 52.0');
  });

  it('says nothing of a subject that ran one process', () => {
    expect(
      replicaSummary(subject([round(undefined, 40_000), round(undefined, 41_000)])),
    ).toBeUndefined();
  });
});
