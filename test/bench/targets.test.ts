import { describe, expect, it } from 'vitest';
import {
  type RoundResult,
  reduceScenario,
  type ScenarioResult,
  type SubjectResult,
} from '../../bench/results.js';
import { evaluateTargets } from '../../bench/targets.js';
import { subject } from './resultFixtures.js';

const round = (throughput: number, p50 = 100, p99 = 1000, cpuUs?: number): RoundResult => ({
  throughput,
  completed: throughput,
  errors: 0,
  latency: { count: throughput, mean: p50, p50, p90: p50, p99, p999: p99, max: p99 },
  ...(cpuUs === undefined ? {} : { cpuUs }),
});

function scenario(
  id: string,
  subjects: SubjectResult[],
  extra: Partial<ScenarioResult> = {},
): ScenarioResult {
  return reduceScenario({
    id,
    group: 'g',
    title: id,
    kind: 'throughput',
    load: { method: 'tools/call', payloadBytes: 1024, inFlight: 32, workMs: 0 },
    baseline: subjects[0]!.name,
    compareBy: 'throughput',
    subjects,
    notes: [],
    durationMs: 0,
    ...extra,
  });
}

const byId = (results: ReturnType<typeof evaluateTargets>, id: string) =>
  results.find((r) => r.id === id)!;

describe('reduceScenario', () => {
  it('takes medians of rounds and ratios against the baseline', () => {
    const s = scenario('payload-1k', [
      subject('direct', [round(1000), round(1200), round(900)]),
      subject('mcp-mux', [
        round(700, 100, 1000, 7000),
        round(500, 100, 1000, 5000),
        round(800, 100, 1000, 6000),
      ]),
    ]);
    const mux = s.subjects[1]!;
    expect(s.subjects[0]!.throughput).toBe(1000);
    expect(mux.throughput).toBe(700);
    expect(mux.ratio).toBeCloseTo(0.7);
    // CPU: all rounds' CPU over all requests, 18,000 µs / 2,000 requests.
    expect(mux.cpuUsPerRequest).toBeCloseTo(9);
    // No kernel split in these rounds: none is made up.
    expect(mux.kernelCpuUsPerRequest).toBeUndefined();
  });

  it("adds up the kernel's part of the CPU time like the total", () => {
    const s = scenario('payload-1k', [
      subject('direct', [round(1000)]),
      subject('mcp-mux', [
        { ...round(700, 100, 1000, 7000), kernelCpuUs: 1000 },
        { ...round(500, 100, 1000, 5000), kernelCpuUs: 1400 },
      ]),
    ]);
    expect(s.subjects[1]!.cpuUsPerRequest).toBeCloseTo(10);
    // 2,400 µs in the kernel over 1,200 requests.
    expect(s.subjects[1]!.kernelCpuUsPerRequest).toBeCloseTo(2);
  });

  it('compares by p50 (inverted, > 1 = faster) when asked', () => {
    const s = scenario(
      'payload-1m',
      [subject('direct', [round(10, 20_000)]), subject('mcp-mux', [round(5, 40_000)])],
      { compareBy: 'p50' },
    );
    expect(s.subjects[1]!.ratio).toBeCloseTo(0.5);
  });

  it('leaves n/a subjects without figures', () => {
    const s = scenario('payload-1k', [
      subject('direct', [round(1000)]),
      subject('mcp-mux', [], { status: 'n/a', reason: 'not supported yet' }),
    ]);
    expect(s.subjects[1]!.ratio).toBeUndefined();
    expect(s.subjects[1]!.throughput).toBeUndefined();
  });
});

describe('evaluateTargets', () => {
  it('marks met and missed targets with the measured ratio', () => {
    const results = evaluateTargets([
      scenario('payload-100b', [
        subject('direct', [round(1000)]),
        subject('mcp-mux', [round(650)]),
      ]),
      scenario('payload-1k', [subject('direct', [round(1000)]), subject('mcp-mux', [round(700)])]),
      scenario('payload-16k', [subject('direct', [round(1000)]), subject('mcp-mux', [round(790)])]),
    ]);
    expect(byId(results, 'small-payload')).toMatchObject({ met: true });
    expect(byId(results, 'small-payload').value).toBeCloseTo(0.65);
    expect(byId(results, 'payload-16k')).toMatchObject({ met: false, measured: '0.79×' });
  });

  it("shows the relay floor's figure next to a missed throughput or CPU target only", () => {
    const withFloor = (id: string, mux: number, floor: number, cpu = 10_000) =>
      scenario(id, [
        subject('direct', [round(1000)]),
        subject('mcp-mux', [round(mux, 100, 1000, 25_000)]),
        subject('relay-floor', [round(floor, 100, 1000, cpu)]),
      ]);
    const results = evaluateTargets([
      withFloor('payload-100b', 300, 640),
      withFloor('payload-1k', 320, 910, 4700),
      withFloor('payload-16k', 900, 550),
      withFloor('work-1ms', 470, 890),
    ]);
    expect(byId(results, 'small-payload')).toMatchObject({
      met: false,
      value: 0.3,
      measured: '0.30× (100 B 0.30×, 1 KiB 0.32×; relay floor 100 B 0.64×, 1 KiB 0.91×)',
      floor: '100 B 0.64×, 1 KiB 0.91×',
    });
    expect(byId(results, 'work-1ms')).toMatchObject({
      met: false,
      measured: '0.47× (relay floor 0.89×)',
    });
    expect(byId(results, 'cpu-per-request')).toMatchObject({
      met: false,
      value: 78.125,
      measured: '78.1 µs (relay floor 5.2 µs)',
    });
    const split = (name: string, completed: number, cpuUs: number, kernelCpuUs: number) =>
      subject(name, [{ ...round(completed, 100, 1000, cpuUs), kernelCpuUs }]);
    const cpuSplit = scenario('payload-1k', [
      split('direct', 1000, 6000, 1500),
      split('mcp-mux', 600, 9600, 1500),
      split('relay-floor', 900, 5850, 2250),
    ]);
    expect(byId(evaluateTargets([cpuSplit]), 'cpu-per-request')).toMatchObject({
      met: false,
      measured: '16.0 µs (kernel 2.5; relay floor 6.5 µs, kernel 2.5)',
    });
    const bytesFloor = scenario('payload-16k', [
      subject('direct', [round(1000)]),
      subject('mcp-mux', [round(300)]),
      subject('relay-floor', [round(550)]),
      subject('relay-floor-bytes', [round(700)], { kind: 'relay-floor' }),
    ]);
    expect(byId(evaluateTargets([bytesFloor]), 'payload-16k')).toMatchObject({
      met: false,
      measured: '0.30× (relay floor 0.55×, on bytes 0.70×)',
    });
    const allFloors = scenario('payload-16k', [
      ...bytesFloor.subjects,
      subject('relay-floor-decode', [round(520)], { kind: 'relay-floor' }),
    ]);
    expect(byId(evaluateTargets([allFloors]), 'payload-16k')).toMatchObject({
      met: false,
      measured: '0.30× (relay floor 0.55×, on bytes 0.70×, decoding 0.52×)',
    });
    const workFloors = scenario('work-1ms', [
      subject('direct', [round(1000)]),
      subject('mcp-mux', [round(810)]),
      subject('relay-floor', [round(900)]),
      subject('relay-floor-bytes', [round(920)], { kind: 'relay-floor' }),
    ]);
    expect(byId(evaluateTargets([workFloors]), 'work-1ms')).toMatchObject({
      met: false,
      measured: '0.81× (relay floor 0.90×, on bytes 0.92×)',
    });
    // Met: the figure stands alone.
    expect(byId(results, 'payload-16k')).toMatchObject({ met: true, measured: '0.90×' });
    expect(byId(results, 'payload-16k').floor).toBeUndefined();
  });

  it('reports n/a, never a pass, when the measurement is missing', () => {
    const results = evaluateTargets([
      scenario('payload-16k', [
        subject('direct', [round(1000)]),
        subject('mcp-mux', [], { status: 'n/a', reason: 'not supported yet: no CLI' }),
      ]),
    ]);
    for (const r of results) expect(r.met).toBeNull();
    expect(byId(results, 'payload-16k').measured).toContain('not supported yet: no CLI');
    expect(byId(results, 'work-1ms').measured).toContain('not run');
  });

  it('compares with a peer in the same scenario, falling back to stdio with a note', () => {
    const peersStdio = scenario('peers-stdio', [
      subject('direct', [round(1000)]),
      subject('mcp-mux', [round(600)]),
      subject('naive-sdk', [round(150)]),
    ]);
    const peersHttp = scenario('peers-http', [
      subject('direct', [round(1000)]),
      subject('mcp-mux', [], { status: 'n/a', reason: 'no --http' }),
      subject('supergateway', [round(300)]),
    ]);
    const results = evaluateTargets([peersStdio, peersHttp]);
    expect(byId(results, 'vs-naive-sdk')).toMatchObject({ met: true, value: 4 });
    const sg = byId(results, 'vs-supergateway');
    expect(sg).toMatchObject({ met: false, value: 2 });
    expect(sg.note).toContain('compared with mcp-mux stdio→stdio');
    expect(byId(results, 'vs-mcp-proxy').met).toBeNull();
  });

  it('calls added p99 inconclusive when the client itself is later than the target', () => {
    const latency = (added: number, lag: number) => {
      const s = scenario(
        'latency-half-saturation',
        [
          subject('direct', [round(500, 100, 400)]),
          subject('mcp-mux', [round(500, 150, 400 + added)]),
        ],
        { kind: 'latency' },
      );
      s.subjects[1]!.metrics.addedP99Us = added;
      s.subjects[0]!.metrics.sendLagP99Us = lag;
      return byId(evaluateTargets([s]), 'added-p99');
    };
    expect(latency(500, 100)).toMatchObject({ met: false, value: 500 });
    expect(latency(500, 2000)).toMatchObject({ met: null, value: null });
    expect(latency(500, 2000).measured).toContain('inconclusive: client send lag p99 2000 µs');
    expect(latency(-800, 100).met).toBeNull();
    // More added latency than the client's lag can explain is a miss, noise or not.
    expect(latency(20_000, 6000)).toMatchObject({ met: false, value: 20_000 });
  });

  it('computes added p99, CPU, upstream scaling, idle memory and big-message targets', () => {
    const latency = scenario(
      'latency-half-saturation',
      [subject('direct', [round(500, 100, 400)]), subject('mcp-mux', [round(500, 150, 650)])],
      { kind: 'latency' },
    );
    latency.subjects[1]!.metrics.addedP99Us = 250;
    latency.subjects[1]!.metrics.sendLagP99Us = 120;
    const results = evaluateTargets([
      latency,
      scenario('payload-1k', [
        subject('direct', [round(1000)]),
        subject('mcp-mux', [round(1000, 100, 1000, 25_000)]),
      ]),
      scenario('upstreams', [
        subject('mcp-mux ×1', [round(1000)]),
        subject('mcp-mux ×100', [round(950)]),
      ]),
      scenario('memory-idle-http', [
        subject('direct', []),
        subject('mcp-mux', [], { metrics: { bytesPerSession: 40_000 }, downstream: 'http' }),
      ]),
      scenario('memory-idle-ws', [
        subject('direct', []),
        subject('mcp-mux', [], { metrics: { bytesPerSession: 120_000 }, downstream: 'ws' }),
      ]),
      scenario('payload-1m', [
        subject('direct', [round(10, 9000)]),
        subject('mcp-mux', [round(10, 10_000)]),
      ]),
      scenario('payload-4m', [
        subject('direct', [round(2, 36_000)]),
        subject('mcp-mux', [round(2, 46_000)]),
      ]),
    ]);
    expect(byId(results, 'added-p99')).toMatchObject({ met: true, value: 250 });
    expect(byId(results, 'cpu-per-request')).toMatchObject({ met: false, value: 25 });
    expect(byId(results, 'upstreams-100').met).toBe(true);
    // The worst facade counts.
    expect(byId(results, 'idle-session')).toMatchObject({ met: false, value: 120_000 });
    expect(byId(results, 'big-message')).toMatchObject({ met: false });
    expect(byId(results, 'big-message').value).toBeCloseTo(4.6);
  });
  it('judges 100 upstreams on the WebSocket row when measured, and the HTTP facade against direct and its floor', () => {
    const results = evaluateTargets([
      scenario('upstreams', [
        subject('mcp-mux ×1', [round(1000)]),
        subject('mcp-mux ×100', [round(950)]),
      ]),
      scenario('upstreams-ws', [
        subject('mcp-mux ×1', [round(1000)]),
        subject('mcp-mux ×100', [round(600)]),
        subject('relay-floor ×1', [round(1200)]),
        subject('relay-floor ×100', [round(840)]),
      ]),
      scenario('transport-http-stdio', [
        subject('direct', [round(1000, 100, 1000, 10_000)]),
        subject('mcp-mux', [round(300, 100, 1000, 15_000)]),
        subject('relay-floor', [round(400, 100, 1000, 10_000)]),
      ]),
    ]);
    expect(byId(results, 'upstreams-100')).toMatchObject({ met: false, value: 0.6 });
    expect(byId(results, 'upstreams-100').note).toContain('0.95× with 100 stdio upstreams');
    // The floor's own ×100 over its ×1 (840 / 1,200), not its ratio to the router's ×1.
    expect(byId(results, 'upstreams-100').measured).toContain('relay floor 0.70× ×100 vs ×1');
    expect(byId(results, 'http-facade-stdio')).toMatchObject({ met: true, value: 0.3 });
    // 50 µs per request against the floor's 25 µs.
    expect(byId(results, 'http-facade-stdio-cpu')).toMatchObject({ met: false, value: 2 });
    expect(byId(results, 'http-http').met).toBeNull();
  });

  it("judges the HTTP upstream hops' router CPU against the undici relay floor measured beside them", () => {
    const results = evaluateTargets([
      // 1,000 calls per round: 260 µs of router CPU per call against the floor's 160 µs.
      scenario('transport-http-http', [
        subject('direct', [round(1000, 100, 1000, 80_000)]),
        subject('mcp-mux', [round(1000, 100, 1000, 260_000)]),
        subject('relay-floor-undici', [round(1000, 100, 1000, 160_000)]),
      ]),
      // 85 µs against 75 µs.
      scenario('transport-stdio-http', [
        subject('direct', [round(1000, 100, 1000, 55_000)]),
        subject('mcp-mux', [round(1000, 100, 1000, 85_000)]),
        subject('relay-floor-undici', [round(1000, 100, 1000, 75_000)]),
      ]),
    ]);
    expect(byId(results, 'http-http-cpu')).toMatchObject({ met: false });
    expect(byId(results, 'http-http-cpu').value).toBeCloseTo(1.625);
    expect(byId(results, 'stdio-http-cpu')).toMatchObject({ met: true });
    expect(byId(results, 'stdio-http-cpu').value).toBeCloseTo(85 / 75);
    // No floor in the run: n/a, never a pass.
    const alone = evaluateTargets([
      scenario('transport-stdio-http', [
        subject('direct', [round(1000, 100, 1000, 55_000)]),
        subject('mcp-mux', [round(1000, 100, 1000, 85_000)]),
      ]),
    ]);
    expect(byId(alone, 'stdio-http-cpu').met).toBeNull();
    expect(byId(alone, 'stdio-http-cpu').measured).toContain('relay-floor-undici not measured');
  });

  it('cluster: forwarded share under 1% and the three-instance set within 0.9× of one instance', () => {
    const run = (share: number | undefined, set: number) =>
      evaluateTargets([
        scenario('cluster', [
          subject('1 instance', [round(1000)]),
          subject('3 instances + redis', [round(set)], {
            metrics: share === undefined ? {} : { forwardedShare: share, forwarded: share * set },
          }),
        ]),
      ]);
    const met = run(0.002, 950);
    expect(byId(met, 'cluster-forwarded')).toMatchObject({ met: true, value: 0.002 });
    expect(byId(met, 'cluster-throughput')).toMatchObject({ met: true, value: 0.95 });
    const missed = run(0.66, 800);
    expect(byId(missed, 'cluster-forwarded')).toMatchObject({ met: false });
    expect(byId(missed, 'cluster-throughput')).toMatchObject({ met: false, value: 0.8 });
    // Skipped (nginx or redis-server missing): n/a, never a pass.
    expect(byId(run(undefined, 0), 'cluster-forwarded').met).toBeNull();
    expect(byId(evaluateTargets([]), 'cluster-throughput').met).toBeNull();
  });
});
