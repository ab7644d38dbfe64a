/** The hot-path counter and histogram (core/observe/seriesMetrics.ts), read back through prom-client. */
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { FastCounter, FastHistogram } from '../../../core/observe/seriesMetrics.js';

describe('FastCounter', () => {
  it('keeps one series per label set, and the registry reads their values', async () => {
    const registry = new Registry();
    const counter = new FastCounter('mux_test_total', 'Test counter.', registry);
    const a = counter.series({ upstream: 'a', outcome: 'ok' });
    expect(counter.series({ upstream: 'a', outcome: 'ok' })).toBe(a);
    a.inc();
    a.inc();
    counter.series({ upstream: 'b', outcome: 'error' }).inc();
    const text = await registry.metrics();
    expect(text).toContain('# HELP mux_test_total Test counter.');
    expect(text).toContain('# TYPE mux_test_total counter');
    expect(text).toContain('mux_test_total{upstream="a",outcome="ok"} 2');
    expect(text).toContain('mux_test_total{upstream="b",outcome="error"} 1');
  });
});

describe('FastHistogram', () => {
  it('counts a value equal to a bound in that bucket (le), reports cumulative buckets, sum and count', async () => {
    const registry = new Registry();
    const histogram = new FastHistogram(
      'mux_test_seconds',
      'Test histogram.',
      registry,
      [0.01, 0.1, 1],
    );
    const series = histogram.series({ method: 'tools/call' });
    for (const value of [0.005, 0.01, 0.05, 1, 7]) series.observe(value);
    expect([...series.counts]).toEqual([2, 1, 1, 1]);
    const text = await registry.metrics();
    const line = (suffix: string) =>
      text.split('\n').find((l) => l.startsWith(`mux_test_seconds${suffix}`));
    expect(line('_bucket{method="tools/call",le="0.01"}')?.endsWith(' 2')).toBe(true);
    expect(line('_bucket{method="tools/call",le="0.1"}')?.endsWith(' 3')).toBe(true);
    expect(line('_bucket{method="tools/call",le="1"}')?.endsWith(' 4')).toBe(true);
    expect(line('_bucket{method="tools/call",le="+Inf"}')?.endsWith(' 5')).toBe(true);
    expect(line('_sum{method="tools/call"}')).toBe(
      'mux_test_seconds_sum{method="tools/call"} 8.065',
    );
    expect(line('_count{method="tools/call"}')).toBe(
      'mux_test_seconds_count{method="tools/call"} 5',
    );
    expect(text).toContain('# TYPE mux_test_seconds histogram');
  });

  it('reports nothing for a histogram with no series yet', async () => {
    const registry = new Registry();
    new FastHistogram('mux_empty_seconds', 'Empty.', registry, [1]);
    expect((await registry.getMetricsAsJSON())[0]?.values).toEqual([]);
  });
});
