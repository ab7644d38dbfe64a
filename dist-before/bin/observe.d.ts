/**
 * The CLI's observability (core/observe/README.md): the metrics registry watching the router,
 * the `/metrics`, `/healthz`, `/readyz` answers every HTTP listener serves, and the byte
 * counters of the facades. `--no-metrics` leaves the router unobserved (no per-request cost);
 * health and readiness are still served.
 */
import { MuxMetrics, type RequestSummary, TrafficCounter, type UpstreamSample } from '../core/observe/index.js';
import type { Router, RouterConfig } from '../index.js';
import type { ObserveEndpoints } from '../transports/http/index.js';
export interface Observability {
    /** Absent with `--no-metrics`. */
    readonly metrics: MuxMetrics | undefined;
    /** Byte counters per facade kind (`http`, `ws`, `stdio`, …). */
    traffic(kind: string): TrafficCounter;
    /** Once the router exists: what the endpoints answer. */
    endpoints(router: Router): ObserveEndpoints;
}
export declare function createObservability(config: RouterConfig, metricsOn: boolean): Observability;
/** How many of the oldest routed requests in flight `/readyz` lists (what `status` shows). */
export declare const READY_REQUESTS = 10;
/**
 * The oldest routed requests in flight, from the router's in-flight index: upstream, method,
 * age, queued or running (and the place in the queue). No session, id or principal: `/readyz`
 * says what is stuck where, not whose it is.
 */
export declare const oldestRequests: (router: Router, limit?: number) => RequestSummary[];
/** Each upstream as the metrics read it at scrape time. */
export declare function upstreamSamples(router: Router): UpstreamSample[];
