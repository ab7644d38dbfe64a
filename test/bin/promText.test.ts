import { describe, expect, it } from 'vitest';
import { bucketDelta, bucketsOf, parsePromText, quantile } from '../../bin/promText.js';

const TEXT = `# HELP mcp_mux_upstream_duration_seconds x
# TYPE mcp_mux_upstream_duration_seconds histogram
mcp_mux_upstream_duration_seconds_bucket{le="0.001",upstream="a",method="tools/call"} 10
mcp_mux_upstream_duration_seconds_bucket{le="0.01",upstream="a",method="tools/call"} 90
mcp_mux_upstream_duration_seconds_bucket{le="0.1",upstream="a",method="tools/call"} 100
mcp_mux_upstream_duration_seconds_bucket{le="+Inf",upstream="a",method="tools/call"} 100
mcp_mux_upstream_duration_seconds_count{upstream="a",method="tools/call"} 100
mcp_mux_upstream_in_flight{upstream="a"} 3
mcp_mux_upstream_queued{upstream="a"} 1
mcp_mux_requests_total{upstream="a",method="tools/call",outcome="ok"} 100
mcp_mux_upstream_restarts_total{upstream="a"} 2
mcp_mux_upstream_last_restart_info{upstream="a",reason="exit \\"3\\""} 1
`;

describe('Prometheus text', () => {
  it('parses samples with labels (escaped quotes included)', () => {
    const samples = parsePromText(TEXT);
    expect(samples).toHaveLength(10);
    expect(samples.at(-1)?.labels.reason).toBe('exit "3"');
  });

  it('computes quantiles from cumulative buckets, interpolating inside a bucket', () => {
    const buckets = bucketsOf(parsePromText(TEXT), 'mcp_mux_upstream_duration_seconds', () => true);
    expect(quantile(buckets, 0.5)).toBeCloseTo(0.001 + (0.009 * 40) / 80, 6);
    expect(quantile(buckets, 0.99)).toBeCloseTo(0.01 + (0.09 * 9) / 10, 6);
    expect(quantile(new Map(), 0.5)).toBeUndefined();
    const delta = bucketDelta(buckets, buckets);
    expect(quantile(delta, 0.5)).toBeUndefined();
  });
});
