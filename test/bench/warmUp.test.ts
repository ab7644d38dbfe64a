/** When a warm-up counts as settled (bench/runner/warmUp.ts). */
import { describe, expect, it } from 'vitest';
import { hasSettled, spread } from '../../bench/runner/warmUp.js';

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
});
