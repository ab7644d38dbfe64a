import { describe, expect, it } from 'vitest';
import { toRound } from '../../bench/runner/runLoad.js';
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
