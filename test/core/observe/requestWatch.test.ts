/**
 * One routed request's milestones (core/observe/requestWatch.ts) on a hand-moved clock: queue
 * wait, upstream time and router-added time, the outcome count, and its span when an
 * OpenTelemetry provider is registered.
 */
import { SpanStatusCode, trace } from '@opentelemetry/api';
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { Outcome } from '../../../core/observe/observer.js';
import { type MethodSeries, RequestWatch } from '../../../core/observe/requestWatch.js';
import { FastHistogram } from '../../../core/observe/seriesMetrics.js';
import { TestTracerProvider } from '../../fixtures/otelTestSdk.js';

function setup(timed = true) {
  const registry = new Registry();
  const histogram = (name: string) =>
    new FastHistogram(name, name, registry, [0.001, 0.01, 0.1, 1]).series({ upstream: 'u' });
  const series: MethodSeries = {
    upstream: 'u',
    method: 'tools/call',
    upstreamSeconds: histogram('up'),
    routerSeconds: histogram('router'),
    queueSeconds: histogram('queue'),
    ok: undefined,
    outcomes: new Map(),
  };
  let now = 1_000;
  const counted: { outcome: Outcome; tool: string | undefined }[] = [];
  const sink = {
    now: () => now,
    counted: (_series: MethodSeries, outcome: Outcome, tool: string | undefined) => {
      counted.push({ outcome, tool });
    },
  };
  const watch = new RequestWatch(sink, series, 'echo', { name: 'echo' }, 'echo', timed);
  const advance = (ms: number) => {
    now += ms;
  };
  return { watch, series, counted, advance };
}

afterEach(() => trace.disable());

describe('RequestWatch', () => {
  it('splits the time into queue wait, upstream time and what the router added', () => {
    const { watch, series, counted, advance } = setup();
    advance(2); // routing
    watch.admitted({ waitedMs: 30 });
    advance(30); // in the queue
    watch.sent();
    advance(50); // upstream
    watch.answered();
    advance(3); // relabelling the answer
    watch.end('ok');
    expect(series.queueSeconds.sum).toBeCloseTo(0.03);
    expect(series.upstreamSeconds.sum).toBeCloseTo(0.05);
    expect(series.routerSeconds.sum).toBeCloseTo(0.005);
    expect(counted).toEqual([{ outcome: 'ok', tool: 'echo' }]);
  });

  it('ends once: a second end neither observes nor counts again', () => {
    const { watch, series, counted, advance } = setup();
    watch.sent();
    advance(10);
    watch.end('timeout');
    watch.end('ok');
    expect(series.upstreamSeconds.count).toBe(1);
    expect(counted.map((c) => c.outcome)).toEqual(['timeout']);
  });

  it('takes the end as the answer when none came, and keeps the first sent/answered times', () => {
    const { watch, series, advance } = setup();
    watch.sent();
    advance(5);
    watch.sent(); // a retry on the same request does not restart the upstream time
    advance(15);
    watch.end('cancelled');
    expect(series.upstreamSeconds.sum).toBeCloseTo(0.02);
    expect(series.queueSeconds.sum).toBe(0);
  });

  it('only counts a request that never reached the upstream, or one not timed', () => {
    const refused = setup();
    refused.advance(5);
    refused.watch.end('overloaded');
    expect(refused.series.upstreamSeconds.count).toBe(0);
    expect(refused.series.routerSeconds.count).toBe(0);
    expect(refused.counted.map((c) => c.outcome)).toEqual(['overloaded']);

    const untimed = setup(false);
    untimed.watch.sent();
    untimed.advance(5);
    untimed.watch.end('ok');
    expect(untimed.series.upstreamSeconds.count).toBe(0);
    expect(untimed.counted.map((c) => c.outcome)).toEqual(['ok']);
  });

  it('leaves params untouched without a provider; with one, traces them and ends a span', () => {
    expect(setup().watch.params).toEqual({ name: 'echo' });
    const provider = new TestTracerProvider().register();
    try {
      const { watch } = setup();
      const traceparent = (watch.params._meta as { traceparent?: string }).traceparent;
      expect(traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);
      watch.admitted({ waitedMs: 4 });
      watch.end('error', new Error('upstream said no'));
      expect(provider.spans).toHaveLength(1);
      const span = provider.spans[0];
      expect(span?.attributes).toMatchObject({ 'mcp.outcome': 'error', 'mcp.queue_wait_ms': 4 });
      expect(span?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'upstream said no' });
      expect(traceparent).toContain(span?.context.spanId);
    } finally {
      provider.unregister();
    }
  });
});
