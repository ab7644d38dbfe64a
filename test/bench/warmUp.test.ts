/** When a warm-up counts as settled (bench/runner/warmUp.ts). */
import { describe, expect, it } from 'vitest';
import { hasSettled, scaledForInstances, spread } from '../../bench/runner/warmUp.js';

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
});
