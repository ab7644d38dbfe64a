import { describe, expect, it } from 'vitest';
import { bootstrapMedian, poolRuns, renderPooled } from '../../bench/pooled.js';
import { round, runOf as run, subject } from './resultFixtures.js';

describe('bootstrapMedian', () => {
  it('gives the median and an interval around it, the same for the same values', () => {
    const values = [0.9, 0.95, 1.0, 1.02, 1.05, 1.1, 1.2];
    const a = bootstrapMedian(values);
    expect(a.median).toBe(1.02);
    expect(a.low).toBeLessThanOrEqual(a.median);
    expect(a.high).toBeGreaterThanOrEqual(a.median);
    expect(a.low).toBeGreaterThanOrEqual(0.9);
    expect(a.high).toBeLessThanOrEqual(1.2);
    expect(bootstrapMedian(values)).toEqual(a);
  });

  it('narrows as the same spread is seen in more pairs', () => {
    const spread = [0.9, 0.95, 1.0, 1.05, 1.1];
    const few = bootstrapMedian(spread);
    const many = bootstrapMedian(Array.from({ length: 12 }, () => spread).flat());
    expect(many.high - many.low).toBeLessThan(few.high - few.low);
  });

  it('refuses nothing to pool', () => {
    expect(() => bootstrapMedian([])).toThrow(RangeError);
  });
});

describe('poolRuns', () => {
  const first = run([
    subject('direct', [round(100), round(100)]),
    subject('mcp-mux', [round(60, 20), round(50, 25)]),
    subject('mcp-mux@base', [round(50, 25), round(50, 25)]),
    subject('mcp-mux@self', [round(60, 20), round(40, 25)]),
  ]);
  const second = run([
    subject('direct', [round(100), round(100)]),
    subject('mcp-mux', [round(55, 22), round(45, 30)]),
    subject('mcp-mux@base', [round(50, 20), round(50, 30)]),
    subject('mcp-mux@self', [round(50, 20), round(50, 30)]),
  ]);

  it('pools each pair’s round ratios over the runs, CPU per request as well', () => {
    const rows = poolRuns([first, second]);
    const vsBase = rows.find((r) => r.subject === 'mcp-mux' && r.against === 'mcp-mux@base');
    expect(vsBase?.runs).toBe(2);
    expect(vsBase?.throughput.pairs).toBe(4);
    // Ratios 1.2, 1.0, 1.1, 0.9 → median 1.05.
    expect(vsBase?.throughput.median).toBeCloseTo(1.05, 10);
    // CPU ratios 0.8, 1.0, 1.1, 1.0 → median 1.0.
    expect(vsBase?.cpu?.median).toBeCloseTo(1.0, 10);
  });

  it('pairs a later twin with an earlier one (an A/B of the two builds), never the reverse', () => {
    const rows = poolRuns([first, second]);
    const pairs = rows.map((r) => `${r.subject} / ${r.against}`);
    expect(pairs).toEqual([
      'mcp-mux / mcp-mux@base',
      'mcp-mux / mcp-mux@self',
      'mcp-mux@self / mcp-mux@base',
    ]);
    const selfVsBase = rows.find((r) => r.subject === 'mcp-mux@self');
    // Ratios 1.2, 0.8, 1.0, 1.0 → median 1.0.
    expect(selfVsBase?.throughput.median).toBeCloseTo(1.0, 10);
  });

  it('leaves CPU out when a run has none, and skips pairs of unequal rounds', () => {
    const noCpu = run([
      subject('mcp-mux', [round(60), round(50)]),
      subject('mcp-mux@base', [round(50), round(50)]),
    ]);
    const short = run([
      subject('mcp-mux', [round(60, 20)]),
      subject('mcp-mux@base', [round(50, 25), round(50, 25)]),
    ]);
    const rows = poolRuns([first, noCpu, short]);
    const vsBase = rows.find((r) => r.subject === 'mcp-mux' && r.against === 'mcp-mux@base');
    expect(vsBase?.runs).toBe(2);
    expect(vsBase?.throughput.pairs).toBe(4);
    expect(vsBase?.cpu).toBeUndefined();
  });

  it('renders one table row per pair', () => {
    const text = renderPooled(poolRuns([first, second]));
    expect(text.split('\n')).toHaveLength(2 + 3);
    expect(text).toContain('| payload-1k | mcp-mux | mcp-mux@base | 2 | 4 | 1.050×');
  });
});
