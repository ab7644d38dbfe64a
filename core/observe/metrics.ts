/**
 * mcp-mux's Prometheus metrics (prom-client), on a registry of their own. Two kinds:
 *
 * - **Per request** (the `RouterObserver` hooks): counts by upstream/method/outcome, the
 *   upstream's time, the router-added time and the queue wait. Series are cached per upstream
 *   then method, so a request costs two map lookups, four clock reads and a few additions.
 * - **Read at scrape** (`collect`): everything the router already knows (upstream states,
 *   restarts, load, sessions, bytes). Nothing is counted on the hot path for them.
 *
 * Label cardinality is bounded: upstream names come from the config, methods from the routed
 * method table, outcomes from `Outcome`; tool names only for the tools named in
 * `mcpMux.metrics.trackTools`, and never a session id.
 */
import type { Counter, Gauge, Registry } from 'prom-client';
import { eraOf } from '../mcp/index.js';
import type { JsonObject } from '../rpc/index.js';
import { type AuditSource, GuardrailMetrics } from './guardrailMetrics.js';
import { memo2 } from './memo2.js';
import type {
  ApprovalDecision,
  ObservedSession,
  Outcome,
  RequestObservation,
  RouterObserver,
} from './observer.js';
import { promClient } from './promClient.js';
import { type MethodSeries, RequestWatch, type WatchSink } from './requestWatch.js';
import { type CounterSeries, FastCounter, FastHistogram } from './seriesMetrics.js';

/** What the metrics read of one upstream at scrape time (as `mcp-mux inspect` shows it). */
export interface UpstreamSample {
  name: string;
  state: string;
  health: string;
  tools: number;
  queued: number;
  running: number;
  /** Restarts since the router started (monotonic). */
  totalRestarts: number;
  /** Why it last failed or restarted, if it did. */
  lastError: string | undefined;
}

export interface MetricsSource {
  upstreams(): Iterable<UpstreamSample>;
}

/** Bytes a facade has read and written so far (socket counters, read at scrape). */
export type TrafficSource = () => { received: number; sent: number };

export interface MuxMetricsOptions {
  /**
   * Tools that get their own `tool` label (`mcpMux.metrics.trackTools`): the name the upstream
   * gives it (any upstream), or `upstream/name`.
   */
  trackTools?: readonly string[];
  /**
   * Time one routed request in this many for the histograms (default 1: every one). Counters
   * count every request; an untimed request reads no clock (`mcpMux.metrics.timeEvery`).
   */
  timeEvery?: number;
  /** Node's process metrics (default true). */
  processMetrics?: boolean;
  /** High-resolution time in ms (default `performance.now`). */
  now?: () => number;
}

/** Buckets in seconds: routing overhead is microseconds, upstream calls up to minutes. */
const ROUTER_BUCKETS = [
  0.00001, 0.000025, 0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.05,
];
const UPSTREAM_BUCKETS = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120,
];
const QUEUE_BUCKETS = [0.0001, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 30];

const MAX_REASON = 120;

export class MuxMetrics implements RouterObserver, WatchSink {
  readonly registry: Registry;
  readonly now: () => number;
  readonly #requests: FastCounter;
  readonly #upstreamSeconds: FastHistogram;
  readonly #routerSeconds: FastHistogram;
  readonly #queueSeconds: FastHistogram;
  readonly #rejections: Counter<'upstream'>;
  readonly #toolCalls: Counter<'upstream' | 'tool' | 'outcome'> | undefined;
  readonly #slowReaders: Counter<'transport'>;
  readonly #rateLimited: Counter<'upstream' | 'rule'>;
  readonly #sessionsClosed: Counter<'transport' | 'reason'>;
  /** The children of `#sessionsClosed`, by transport and reason. */
  readonly #closedCounters = new Map<string, Map<string, { inc(): void }>>();
  readonly #makeClosed = (transport: string, reason: string): { inc(): void } =>
    this.#sessionsClosed.labels(transport, reason);
  readonly #makeSeries = (upstream: string, method: string): MethodSeries =>
    this.#seriesOf(upstream, method);
  readonly #trackTools: ReadonlySet<string>;
  readonly #timeEvery: number;
  #untimed = 0;
  /** upstream → method → series: two lookups of the strings as they come, no key to build. */
  readonly #series = new Map<string, Map<string, MethodSeries>>();
  readonly #traffic = new Map<string, TrafficSource[]>();
  /** Open downstream sessions and their transports. */
  readonly #sessions = new Map<ObservedSession, string>();
  #source: MetricsSource | undefined;
  readonly #guardrails: GuardrailMetrics;

  constructor(options: MuxMetricsOptions = {}) {
    const { Counter, collectDefaultMetrics, Registry } = promClient();
    this.registry = new Registry();
    const registers = [this.registry];
    // Bound once: in Node 20 the global `performance` is a lazy getter, read at every call of
    // `() => performance.now()` (~10–20 ns of each of the four reads per request).
    this.now = options.now ?? performance.now.bind(performance);
    this.#trackTools = new Set(options.trackTools ?? []);
    this.#timeEvery = Math.max(1, Math.floor(options.timeEvery ?? 1));
    // The event-loop delay histogram samples every 100 ms, not prom-client's 10 ms: an idle
    // instance then wakes 10 times a second for it instead of 100 (a lag long enough to
    // matter still lands in it).
    if (options.processMetrics !== false) {
      collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 100 });
    }
    const registry = this.registry;
    this.#requests = new FastCounter(
      'mcp_mux_requests_total',
      'Routed requests by upstream, method and outcome',
      registry,
    );
    this.#upstreamSeconds = new FastHistogram(
      'mcp_mux_upstream_duration_seconds',
      'Time from sending a request upstream to its answer',
      registry,
      UPSTREAM_BUCKETS,
    );
    this.#routerSeconds = new FastHistogram(
      'mcp_mux_router_duration_seconds',
      'Time mcp-mux adds to a routed request (its whole time less upstream time and queue wait)',
      registry,
      ROUTER_BUCKETS,
    );
    this.#queueSeconds = new FastHistogram(
      'mcp_mux_queue_wait_seconds',
      "Time a request waited in its upstream's queue for a slot",
      registry,
      QUEUE_BUCKETS,
    );
    this.#rejections = new Counter({
      name: 'mcp_mux_queue_rejections_total',
      help: "Requests refused or pushed out because the upstream's queue was full",
      labelNames: ['upstream'],
      registers,
    });
    this.#toolCalls =
      this.#trackTools.size === 0
        ? undefined
        : new Counter({
            name: 'mcp_mux_tool_calls_total',
            help: 'tools/call of the tracked tools (mcpMux.metrics.trackTools) by outcome',
            labelNames: ['upstream', 'tool', 'outcome'],
            registers,
          });
    this.#rateLimited = new Counter({
      name: 'mcp_mux_rate_limited_total',
      help: 'tools/call refused by mcpMux.rateLimits (never sent upstream), by upstream and rule index',
      labelNames: ['upstream', 'rule'],
      registers,
    });
    this.#slowReaders = new Counter({
      name: 'mcp_mux_slow_reader_disconnects_total',
      help: 'Downstream sessions cut off because the client stopped reading',
      labelNames: ['transport'],
      registers,
    });
    this.#sessionsClosed = new Counter({
      name: 'mcp_mux_sessions_closed_total',
      help: 'Downstream sessions closed, by transport and close reason',
      labelNames: ['transport', 'reason'],
      registers,
    });
    this.#scrapeMetrics(registers);
    this.#guardrails = new GuardrailMetrics(registry);
  }

  approval(upstream: string, decision: ApprovalDecision): void {
    this.#guardrails.approval(upstream, decision);
  }

  /** The audit writer whose lines written and dropped the scrape reads. */
  attachAudit(source: AuditSource): void {
    this.#guardrails.attachAudit(source);
  }

  /** What the scrape-time metrics read (the router); set once the router exists. */
  attach(source: MetricsSource): void {
    this.#source = source;
  }

  /** A facade's byte counters, summed under `transport`. Returns the detach function. */
  addTraffic(transport: string, source: TrafficSource): () => void {
    const list = this.#traffic.get(transport) ?? [];
    list.push(source);
    this.#traffic.set(transport, list);
    return () => {
      const at = list.indexOf(source);
      if (at >= 0) list.splice(at, 1);
    };
  }

  request(
    upstream: string,
    method: string,
    name: string | undefined,
    params: JsonObject,
  ): RequestObservation {
    const series = memo2(this.#series, upstream, method, this.#makeSeries);
    let tool: string | undefined;
    if (this.#toolCalls !== undefined && method === 'tools/call' && name !== undefined) {
      const tracked = this.#trackTools;
      if (tracked.has(name) || tracked.has(`${upstream}/${name}`)) tool = name;
    }
    let timed = true;
    if (this.#timeEvery > 1) {
      timed = ++this.#untimed >= this.#timeEvery;
      if (timed) this.#untimed = 0;
    }
    return new RequestWatch(this, series, name, params, tool, timed);
  }

  rateLimited(upstream: string, rule: number): void {
    this.#rateLimited.labels(upstream, String(rule)).inc();
  }

  /** @internal (RequestWatch) counts an ended request. */
  counted(series: MethodSeries, outcome: Outcome, tool: string | undefined): void {
    if (outcome === 'ok') {
      // The common case: a field, not a map lookup.
      series.ok ??= this.#outcomeSeries(series, outcome);
      series.ok.inc();
    } else {
      let counter = series.outcomes.get(outcome);
      if (counter === undefined) {
        counter = this.#outcomeSeries(series, outcome);
        series.outcomes.set(outcome, counter);
      }
      counter.inc();
      if (outcome === 'overloaded') this.#rejections.labels(series.upstream).inc();
    }
    if (tool !== undefined) this.#toolCalls?.labels(series.upstream, tool, outcome).inc();
  }

  sessionOpened(session: ObservedSession, transport: string): void {
    this.#sessions.set(session, transport);
  }

  sessionClosed(session: ObservedSession, reason: string): void {
    const transport = this.#sessions.get(session) ?? 'unknown';
    this.#sessions.delete(session);
    // Every stateless request closes a session: its counter is kept, not looked up by labels.
    memo2(this.#closedCounters, transport, reason, this.#makeClosed).inc();
    if (reason === 'slow-reader') this.#slowReaders.labels(transport).inc();
  }

  /** The text exposition (`/metrics`). */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  #seriesOf(upstream: string, method: string): MethodSeries {
    const labels = { upstream, method };
    return {
      upstream,
      method,
      upstreamSeconds: this.#upstreamSeconds.series(labels),
      routerSeconds: this.#routerSeconds.series(labels),
      queueSeconds: this.#queueSeconds.series(labels),
      // Created at the first request that ends so: a scrape shows no series of value 0.
      ok: undefined,
      outcomes: new Map(),
    };
  }

  #outcomeSeries(series: MethodSeries, outcome: Outcome): CounterSeries {
    return this.#requests.series({ upstream: series.upstream, method: series.method, outcome });
  }

  /** The metrics read from the router at scrape time. */
  #scrapeMetrics(registers: Registry[]): void {
    const { Counter, Gauge } = promClient();
    const upstreams = () => this.#source?.upstreams() ?? [];
    const perUpstream = (
      name: string,
      help: string,
      value: (u: UpstreamSample) => number,
    ): Gauge<'upstream'> =>
      new Gauge({
        name,
        help,
        labelNames: ['upstream'],
        registers,
        collect() {
          this.reset();
          for (const u of upstreams()) this.labels(u.name).set(value(u));
        },
      });
    perUpstream('mcp_mux_upstream_in_flight', 'Requests running on the upstream', (u) => u.running);
    perUpstream('mcp_mux_upstream_queued', 'Requests waiting for a slot', (u) => u.queued);
    perUpstream('mcp_mux_upstream_up', '1 when the upstream is ready', (u) =>
      u.state === 'ready' ? 1 : 0,
    );
    perUpstream('mcp_mux_upstream_tools', 'Tools the upstream exposes', (u) => u.tools);
    new Gauge({
      name: 'mcp_mux_upstream_state',
      help: "1 for the upstream's current state (as mcp-mux inspect shows it)",
      labelNames: ['upstream', 'state', 'health'],
      registers,
      collect() {
        this.reset();
        for (const u of upstreams()) this.labels(u.name, u.state, u.health).set(1);
      },
    });
    new Counter({
      name: 'mcp_mux_upstream_restarts_total',
      help: 'Restarts of the upstream since mcp-mux started',
      labelNames: ['upstream'],
      registers,
      collect() {
        this.reset();
        for (const u of upstreams()) this.labels(u.name).inc(u.totalRestarts);
      },
    });
    new Gauge({
      name: 'mcp_mux_upstream_last_restart_info',
      help: 'Why the upstream last failed or restarted (the reason label; value 1)',
      labelNames: ['upstream', 'reason'],
      registers,
      collect() {
        this.reset();
        for (const u of upstreams()) {
          if (u.lastError !== undefined) {
            this.labels(u.name, u.lastError.slice(0, MAX_REASON)).set(1);
          }
        }
      },
    });
    const sessions = this.#sessions;
    new Gauge({
      name: 'mcp_mux_sessions',
      help: 'Open downstream sessions by transport and protocol era',
      labelNames: ['transport', 'era'],
      registers,
      collect() {
        this.reset();
        const counts = new Map<string, number>();
        for (const [session, transport] of sessions) {
          const version = session.context.protocolVersion;
          const era = version === '' ? 'uninitialized' : (eraOf(version) ?? 'unknown');
          const key = `${transport}\u0000${era}`;
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
        for (const [key, n] of counts) {
          const [transport = '', era = ''] = key.split('\u0000');
          this.labels(transport, era).set(n);
        }
      },
    });
    const traffic = this.#traffic;
    const bytes = (name: string, help: string, pick: 'received' | 'sent') =>
      new Counter({
        name,
        help,
        labelNames: ['transport'],
        registers,
        collect() {
          this.reset();
          for (const [transport, sources] of traffic) {
            let total = 0;
            for (const read of sources) total += read()[pick];
            this.labels(transport).inc(total);
          }
        },
      });
    bytes('mcp_mux_received_bytes_total', 'Bytes read from downstream clients', 'received');
    bytes('mcp_mux_sent_bytes_total', 'Bytes written to downstream clients', 'sent');
  }
}
