import { describe, expect, it } from 'vitest';
import {
  createLatencyHistogram,
  median,
  medianSummary,
  recordMs,
  summarizeLatency,
} from '../../bench/stats/latency.js';

describe('summarizeLatency', () => {
  it('reads p50, p99 and p99.9 (µs) off the histogram', () => {
    const h = createLatencyHistogram();
    for (let us = 1; us <= 10_000; us++) h.recordValue(us);
    const s = summarizeLatency(h);
    expect(s.count).toBe(10_000);
    // 3 significant digits: values are exact to within 0.1%.
    expect(s.p50).toBeGreaterThanOrEqual(4995);
    expect(s.p50).toBeLessThanOrEqual(5005);
    expect(s.p99).toBeGreaterThanOrEqual(9890);
    expect(s.p99).toBeLessThanOrEqual(9910);
    expect(s.p999).toBeGreaterThanOrEqual(9980);
    expect(s.p999).toBeLessThanOrEqual(10_000);
    expect(s.max).toBeGreaterThanOrEqual(10_000);
    expect(s.mean).toBeGreaterThan(4990);
    expect(s.mean).toBeLessThan(5010);
  });

  it('sees a tail that a mean would hide', () => {
    const h = createLatencyHistogram();
    for (let i = 0; i < 990; i++) h.recordValue(100);
    for (let i = 0; i < 10; i++) h.recordValue(50_000);
    const s = summarizeLatency(h);
    expect(s.p50).toBe(100);
    expect(s.p999).toBeGreaterThanOrEqual(49_950);
  });

  it('is all zeros for an empty histogram', () => {
    expect(summarizeLatency(createLatencyHistogram())).toEqual({
      count: 0,
      mean: 0,
      p50: 0,
      p90: 0,
      p99: 0,
      p999: 0,
      max: 0,
    });
  });

  it('records milliseconds as microseconds, at least 1 µs', () => {
    const h = createLatencyHistogram();
    recordMs(h, 1.5);
    recordMs(h, 0);
    expect(h.totalCount).toBe(2);
    expect(h.maxValue).toBeGreaterThanOrEqual(1500);
    expect(h.maxValue).toBeLessThan(1502);
    expect(h.minNonZeroValue).toBe(1);
  });
});

describe('median', () => {
  it('takes the middle value, or the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
    expect(median([Number.NaN, 5])).toBe(5);
  });

  it('reduces round summaries field by field', () => {
    const round = (p50: number, p99: number, max: number) => ({
      count: 10,
      mean: p50,
      p50,
      p90: p50,
      p99,
      p999: p99,
      max,
    });
    const m = medianSummary([round(100, 900, 1000), round(300, 500, 7000), round(200, 700, 800)]);
    expect(m).toMatchObject({ count: 30, p50: 200, p99: 700, max: 7000 });
  });
});
