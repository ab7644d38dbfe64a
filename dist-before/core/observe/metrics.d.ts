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
import { Registry } from 'prom-client';
import type { JsonObject } from '../rpc/index.js';
import { type AuditSource } from './guardrailMetrics.js';
import type { ApprovalDecision, ObservedSession, Outcome, RequestObservation, RouterObserver } from './observer.js';
import { type MethodSeries, type WatchSink } from './requestWatch.js';
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
export type TrafficSource = () => {
    received: number;
    sent: number;
};
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
export declare class MuxMetrics implements RouterObserver, WatchSink {
    #private;
    readonly registry: Registry<"text/plain; version=0.0.4; charset=utf-8">;
    readonly now: () => number;
    constructor(options?: MuxMetricsOptions);
    approval(upstream: string, decision: ApprovalDecision): void;
    /** The audit writer whose lines written and dropped the scrape reads. */
    attachAudit(source: AuditSource): void;
    /** What the scrape-time metrics read (the router); set once the router exists. */
    attach(source: MetricsSource): void;
    /** A facade's byte counters, summed under `transport`. Returns the detach function. */
    addTraffic(transport: string, source: TrafficSource): () => void;
    request(upstream: string, method: string, name: string | undefined, params: JsonObject): RequestObservation;
    rateLimited(upstream: string, rule: number): void;
    /** @internal (RequestWatch) counts an ended request. */
    counted(series: MethodSeries, outcome: Outcome, tool: string | undefined): void;
    sessionOpened(session: ObservedSession, transport: string): void;
    sessionClosed(session: ObservedSession, reason: string): void;
    /** The text exposition (`/metrics`). */
    scrape(): Promise<{
        contentType: string;
        body: string;
    }>;
}
