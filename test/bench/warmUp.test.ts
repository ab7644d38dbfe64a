/** When a warm-up counts as settled (bench/runner/warmUp.ts). */
import { describe, expect, it } from 'vitest';
import {
  hasSettled,
  Settling,
  scaledForInstances,
  spread,
  type WarmupWindow,
  warmUpInTurns,
} from '../../bench/runner/warmUp.js';

const windowOf = (cpuPerCall: number): WarmupWindow => ({
  completed: 1000,
  cpuPerCall,
  throughput: 1000,
});

/** A subject whose windows read `figures` in turn (the last one from then on), logged by name. */
const scripted = (name: string, figures: number[], log: string[]) => {
  let n = 0;
  return async (_ms: number): Promise<WarmupWindow> => {
    log.push(name);
    await Promise.resolve();
    const figure = figures[Math.min(n, figures.length - 1)] as number;
    n += 1;
    return windowOf(figure);
  };
};

const settings = { windowMs: 500, windows: 3, tolerance: 0.05, minRequests: 0, maxMs: 1e9 };

describe('warm-up settling', () => {
  it('measures the spread of figures as max / min − 1', () => {
    expect(spread([10, 10.5, 10.2])).toBeCloseTo(0.05);
    expect(spread([0, 1])).toBe(Number.POSITIVE_INFINITY);
  });

  it('settles when the last n figures agree within the tolerance, not before', () => {
    // CPU per request falling while the JIT compiles, then flat.
    const falling = [1130, 800, 500, 320, 305, 300, 302];
    expect(hasSettled(falling.slice(0, 4), 3, 0.05)).toBe(false);
    expect(hasSettled(falling.slice(0, 5), 3, 0.05)).toBe(false);
    expect(hasSettled(falling.slice(0, 6), 3, 0.05)).toBe(false);
    expect(hasSettled(falling, 3, 0.05)).toBe(true);
    expect(hasSettled([300, 302], 3, 0.05)).toBe(false);
  });

  it('gives each of N instances the warm-up a lone instance needed', () => {
    const one = { windowMs: 500, windows: 3, tolerance: 0.05, minRequests: 5_000, maxMs: 15_000 };
    expect(scaledForInstances(one, 1, 30_000)).toBe(one);
    // The lone instance needed 30,000 calls: three instances need 30,000 each, in windows
    // that carry as many calls per instance, under a cap three times as long.
    expect(scaledForInstances(one, 3, 30_000)).toEqual({
      ...one,
      windowMs: 1_500,
      minRequests: 90_000,
      maxMs: 45_000,
    });
    // Never fewer than the settings' own minimum per instance.
    expect(scaledForInstances(one, 3, 1_000).minRequests).toBe(15_000);
  });

  it('caps a subject on its own load time, not on the time others took', () => {
    const settling = new Settling({ ...settings, maxMs: 1_000 });
    settling.add(windowOf(100), 500);
    expect(settling.result).toBeUndefined();
    settling.add(windowOf(300), 500);
    expect(settling.result).toMatchObject({ settled: false, ms: 1_000, last: [100, 300] });
    // Later windows change nothing once the subject is warm or capped.
    settling.add(windowOf(1), 500);
    expect(settling.result?.last).toEqual([100, 300]);
  });
});

describe('warmUpInTurns', () => {
  it('gives each subject one window per pass, until the slowest has settled', async () => {
    const log: string[] = [];
    const results = await warmUpInTurns(
      [scripted('a', [50, 50, 50], log), scripted('b', [900, 600, 300, 200, 200, 200], log)],
      settings,
    );
    // a settles after 3 windows, b after 6; a keeps its turns in between (never idle for
    // long while b warms), and no pass runs two windows of one subject back to back.
    expect(log).toEqual(['a', 'b', 'a', 'b', 'a', 'b', 'a', 'b', 'a', 'b', 'a', 'b']);
    expect(results[0]).toMatchObject({ settled: true, requests: 3000, last: [50, 50, 50] });
    expect(results[1]).toMatchObject({ settled: true, requests: 6000, last: [200, 200, 200] });
  });

  it('drops a subject whose window failed, and warms the others', async () => {
    const log: string[] = [];
    let calls = 0;
    const broken = async (): Promise<WarmupWindow> => {
      log.push('x');
      calls += 1;
      if (calls === 2) throw new Error('no request completed in warm-up');
      return windowOf(10);
    };
    const results = await warmUpInTurns(
      [broken, scripted('b', [900, 600, 300, 200, 200, 200], log)],
      settings,
    );
    expect(results[0]).toBeInstanceOf(Error);
    expect((results[0] as Error).message).toBe('no request completed in warm-up');
    expect(log.filter((x) => x === 'x')).toHaveLength(2);
    expect(results[1]).toMatchObject({ settled: true, requests: 6000 });
  });
});
