import { describe, expect, it } from 'vitest';
import { parsePromText } from '../../../bin/promText.js';
import { MuxMetrics } from '../../../core/observe/metrics.js';

/** A clock the test moves by hand (ms). */
function clock() {
  let t = 0;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

const sum = (text: string, name: string, labels: Record<string, string> = {}) =>
  parsePromText(text)
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((total, s) => total + s.value, 0);

describe('MuxMetrics', () => {
  it('splits a request into queue wait, upstream time and router-added time', async () => {
    const time = clock();
    const metrics = new MuxMetrics({ processMetrics: false, now: time.now });
    const watch = metrics.request('gh', 'tools/call', 'search', {});
    time.advance(0.05); // routing
    watch.admitted({ waitedMs: 2 });
    time.advance(2); // queued
    watch.sent();
    time.advance(30); // upstream
    watch.answered();
    time.advance(0.02); // response back to the client
    watch.end('ok');
    const text = (await metrics.scrape()).body;
    const series = { upstream: 'gh', method: 'tools/call' };
    expect(sum(text, 'mcp_mux_requests_total', { ...series, outcome: 'ok' })).toBe(1);
    expect(sum(text, 'mcp_mux_upstream_duration_seconds_sum', series)).toBeCloseTo(0.03, 9);
    expect(sum(text, 'mcp_mux_queue_wait_seconds_sum', series)).toBeCloseTo(0.002, 9);
    expect(sum(text, 'mcp_mux_router_duration_seconds_sum', series)).toBeCloseTo(0.00007, 9);
    // Cumulative buckets: 70 µs is above 50 µs and within 100 µs.
    expect(sum(text, 'mcp_mux_router_duration_seconds_bucket', { ...series, le: '0.00005' })).toBe(
      0,
    );
    expect(sum(text, 'mcp_mux_router_duration_seconds_bucket', { ...series, le: '0.0001' })).toBe(
      1,
    );
    expect(sum(text, 'mcp_mux_router_duration_seconds_bucket', { ...series, le: '+Inf' })).toBe(1);
    expect(text).toContain('# TYPE mcp_mux_router_duration_seconds histogram');
  });

  it('counts a refused request without times, and ends each request once', async () => {
    const metrics = new MuxMetrics({ processMetrics: false });
    const watch = metrics.request('gh', 'tools/call', 'x', {});
    watch.end('overloaded');
    watch.end('cancelled');
    const text = (await metrics.scrape()).body;
    expect(sum(text, 'mcp_mux_requests_total')).toBe(1);
    expect(sum(text, 'mcp_mux_queue_rejections_total', { upstream: 'gh' })).toBe(1);
    expect(sum(text, 'mcp_mux_upstream_duration_seconds_count')).toBe(0);
  });

  it('counts each (upstream, method, outcome) apart, and shows only outcomes that happened', async () => {
    const metrics = new MuxMetrics({ processMetrics: false });
    const ends: [string, string, 'ok' | 'error' | 'timeout'][] = [
      ['gh', 'tools/call', 'ok'],
      ['gh', 'tools/call', 'ok'],
      ['gh', 'tools/call', 'error'],
      ['gh', 'prompts/get', 'ok'],
      ['fs', 'tools/call', 'timeout'],
      ['fs', 'tools/call', 'timeout'],
      ['fs', 'resources/read', 'ok'],
    ];
    for (const [upstream, method, outcome] of ends) {
      const watch = metrics.request(upstream, method, undefined, {});
      watch.sent();
      watch.answered();
      watch.end(outcome);
    }
    const counts = parsePromText((await metrics.scrape()).body)
      .filter((s) => s.name === 'mcp_mux_requests_total')
      .map((s) => `${s.labels.upstream} ${s.labels.method} ${s.labels.outcome} ${s.value}`)
      .sort();
    expect(counts).toEqual([
      'fs resources/read ok 1',
      'fs tools/call timeout 2',
      'gh prompts/get ok 1',
      'gh tools/call error 1',
      'gh tools/call ok 2',
    ]);
    const text = (await metrics.scrape()).body;
    expect(sum(text, 'mcp_mux_upstream_duration_seconds_count', { upstream: 'fs' })).toBe(3);
    expect(sum(text, 'mcp_mux_router_duration_seconds_count', { upstream: 'gh' })).toBe(4);
  });

  it('counts closed sessions by transport and reason, slow readers apart', async () => {
    const metrics = new MuxMetrics({ processMetrics: false });
    const closes: [string, string][] = [
      ['http', 'remote'],
      ['http', 'remote'],
      ['http', 'slow-reader'],
      ['stdio', 'remote'],
      ['http', 'remote'],
    ];
    for (const [transport, reason] of closes) {
      const session = { context: { protocolVersion: '' } };
      metrics.sessionOpened(session, transport);
      metrics.sessionClosed(session, reason);
    }
    const text = (await metrics.scrape()).body;
    const closed = 'mcp_mux_sessions_closed_total';
    expect(sum(text, closed, { transport: 'http', reason: 'remote' })).toBe(3);
    expect(sum(text, closed, { transport: 'http', reason: 'slow-reader' })).toBe(1);
    expect(sum(text, closed, { transport: 'stdio', reason: 'remote' })).toBe(1);
    expect(sum(text, 'mcp_mux_slow_reader_disconnects_total', { transport: 'http' })).toBe(1);
  });

  it('timeEvery: counts every request, times one in N', async () => {
    let reads = 0;
    const metrics = new MuxMetrics({
      processMetrics: false,
      timeEvery: 4,
      now: () => {
        reads++;
        return 0;
      },
    });
    for (let i = 0; i < 8; i++) {
      const watch = metrics.request('gh', 'tools/call', 'x', {});
      watch.sent();
      watch.answered();
      watch.end('ok');
    }
    const text = (await metrics.scrape()).body;
    expect(sum(text, 'mcp_mux_requests_total')).toBe(8);
    expect(sum(text, 'mcp_mux_upstream_duration_seconds_count')).toBe(2);
    expect(reads).toBe(2 * 4);
  });

  it('tool labels only for tracked tools, by name or upstream/name', async () => {
    const metrics = new MuxMetrics({ processMetrics: false, trackTools: ['a', 'gh/b'] });
    for (const [upstream, tool] of [
      ['gh', 'a'],
      ['gh', 'b'],
      ['fs', 'b'],
      ['gh', 'c'],
    ] as const) {
      metrics.request(upstream, 'tools/call', tool, {}).end('ok');
    }
    const tools = parsePromText((await metrics.scrape()).body)
      .filter((s) => s.name === 'mcp_mux_tool_calls_total')
      .map((s) => `${s.labels.upstream}/${s.labels.tool}`)
      .sort();
    expect(tools).toEqual(['gh/a', 'gh/b']);
  });
});
