/**
 * The restart delay formula alone: growth, cap, jitter bounds, the floor, and overflow.
 */
import { describe, expect, it } from 'vitest';
import { backoffCap, backoffDelay } from '../../../actors/upstream/backoff.js';
import { RESTART_DEFAULTS, type RestartPolicy } from '../../../core/config/supervisionConfig.js';

const policy = (over: Partial<RestartPolicy>): RestartPolicy => ({
  ...RESTART_DEFAULTS,
  initialDelayMs: 100,
  maxDelayMs: 10_000,
  factor: 2,
  ...over,
});

describe('backoffDelay', () => {
  it('grows by the factor up to the cap without jitter', () => {
    const p = policy({ jitter: 'none' });
    const delays = Array.from({ length: 10 }, (_, n) => backoffDelay(p, n, 0, Math.random));
    expect(delays).toEqual([100, 200, 400, 800, 1600, 3200, 6400, 10_000, 10_000, 10_000]);
  });

  it('keeps full jitter in [initial, cap(n)] and reaches both ends', () => {
    const p = policy({ jitter: 'full' });
    for (let n = 0; n < 12; n++) {
      const cap = backoffCap(p, n);
      expect(backoffDelay(p, n, 0, () => 0)).toBe(100);
      expect(backoffDelay(p, n, 0, () => 0.999_999)).toBe(
        Math.round(100 + 0.999_999 * (cap - 100)),
      );
      for (let i = 0; i < 200; i++) {
        const delay = backoffDelay(p, n, 0, Math.random);
        expect(delay).toBeGreaterThanOrEqual(100);
        expect(delay).toBeLessThanOrEqual(cap);
      }
    }
  });

  it('keeps decorrelated jitter in [initial, min(max, previous × factor)]', () => {
    const p = policy({ jitter: 'decorrelated', factor: 3 });
    let previous = 0;
    for (let i = 0; i < 1000; i++) {
      const delay = backoffDelay(p, i, previous, Math.random);
      expect(delay).toBeGreaterThanOrEqual(100);
      expect(delay).toBeLessThanOrEqual(Math.min(10_000, Math.max(100, previous * 3)));
      previous = delay;
    }
  });

  it('never overflows and never goes below the floor', () => {
    const p = policy({ jitter: 'none', factor: 100 });
    expect(backoffDelay(p, 10_000, 0, Math.random)).toBe(10_000);
    expect(backoffDelay(policy({ jitter: 'full' }), 5, 0, () => -1)).toBe(100);
    expect(backoffDelay(policy({ jitter: 'full' }), 0, 0, () => 2)).toBe(100);
  });
});
