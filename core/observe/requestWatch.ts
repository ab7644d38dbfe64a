/**
 * One routed request as the metrics and the trace see it: the times of its milestones
 * (routed, admitted, sent, answered, ended) and, when an OpenTelemetry SDK is registered, its
 * span. One object per observed request, no closures.
 *
 * - queue wait = the admission ticket's `waitedMs` (0 when it ran at once; the queue measures
 *   it on the router's clock),
 * - upstream time = answered − sent,
 * - router-added time = (ended − routed) − upstream time − queue wait: what mcp-mux spent
 *   routing, admitting and relabelling the request, on both ways.
 */
import type { Span } from '@opentelemetry/api';
import { SpanStatusCode } from '@opentelemetry/api';
import type { JsonObject } from '../rpc/index.js';
import type { Outcome, RequestObservation } from './observer.js';
import type { CounterSeries, HistogramSeries } from './seriesMetrics.js';
import { startRequestSpan, traceOfParams, tracingActive, withTrace } from './traceContext.js';

/** One (upstream, method) pair's series, looked up once. */
export interface MethodSeries {
  upstream: string;
  method: string;
  upstreamSeconds: HistogramSeries;
  routerSeconds: HistogramSeries;
  queueSeconds: HistogramSeries;
  /** The `ok` count (the common outcome), once one ended so. */
  ok: CounterSeries | undefined;
  /** The other outcomes' counts. */
  outcomes: Map<Outcome, CounterSeries>;
}

/** Where an ended request is counted (`MuxMetrics`), and its clock. */
export interface WatchSink {
  now(): number;
  counted(series: MethodSeries, outcome: Outcome, tool: string | undefined): void;
}

export class RequestWatch implements RequestObservation {
  readonly params: JsonObject;
  readonly #metrics: WatchSink;
  readonly #series: MethodSeries;
  readonly #tool: string | undefined;
  readonly #span: Span | undefined;
  /** This request's times go into the histograms (`timeEvery`): else no clock is read. */
  readonly #timed: boolean;
  readonly #routedAt: number;
  #ticket: { readonly waitedMs?: number } | undefined;
  #sentAt = -1;
  #answeredAt = -1;
  #ended = false;

  constructor(
    metrics: WatchSink,
    series: MethodSeries,
    name: string | undefined,
    params: JsonObject,
    tool: string | undefined,
    timed = true,
  ) {
    this.#metrics = metrics;
    this.#series = series;
    this.#tool = tool;
    this.#timed = timed;
    this.#routedAt = timed ? metrics.now() : -1;
    if (tracingActive()) {
      const span = startRequestSpan(
        { upstream: series.upstream, method: series.method, name },
        traceOfParams(params),
      );
      this.#span = span;
      this.params = withTrace(params, span.spanContext());
    } else {
      this.params = params;
    }
  }

  admitted(ticket: { readonly waitedMs?: number }): void {
    this.#ticket = ticket;
  }

  sent(): void {
    if (this.#timed && this.#sentAt < 0) this.#sentAt = this.#metrics.now();
  }

  answered(): void {
    if (this.#timed && this.#answeredAt < 0) this.#answeredAt = this.#metrics.now();
  }

  end(outcome: Outcome, error?: unknown): void {
    if (this.#ended) return;
    this.#ended = true;
    const series = this.#series;
    const sentAt = this.#sentAt;
    const queueMs = this.#ticket?.waitedMs ?? 0;
    // The times are of (timed) requests that reached the upstream; one refused or that left
    // the queue is only counted (by outcome).
    if (sentAt >= 0) {
      const endedAt = this.#metrics.now();
      const answeredAt = this.#answeredAt >= 0 ? this.#answeredAt : endedAt;
      const upstreamMs = Math.max(0, answeredAt - sentAt);
      series.queueSeconds.observe(queueMs / 1000);
      series.upstreamSeconds.observe(upstreamMs / 1000);
      series.routerSeconds.observe(
        Math.max(0, endedAt - this.#routedAt - upstreamMs - queueMs) / 1000,
      );
    }
    this.#metrics.counted(series, outcome, this.#tool);
    const span = this.#span;
    if (span !== undefined) {
      span.setAttribute('mcp.outcome', outcome);
      span.setAttribute('mcp.queue_wait_ms', queueMs);
      if (outcome !== 'ok') {
        span.setStatus({
          code: SpanStatusCode.ERROR,
          message: error instanceof Error ? error.message : outcome,
        });
      }
      span.end();
    }
  }
}
