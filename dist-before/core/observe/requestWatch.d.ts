import type { JsonObject } from '../rpc/index.js';
import type { Outcome, RequestObservation } from './observer.js';
import type { CounterSeries, HistogramSeries } from './seriesMetrics.js';
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
export declare class RequestWatch implements RequestObservation {
    #private;
    readonly params: JsonObject;
    constructor(metrics: WatchSink, series: MethodSeries, name: string | undefined, params: JsonObject, tool: string | undefined, timed?: boolean);
    admitted(ticket: {
        readonly waitedMs?: number;
    }): void;
    sent(): void;
    answered(): void;
    end(outcome: Outcome, error?: unknown): void;
}
