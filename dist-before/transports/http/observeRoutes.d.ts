/**
 * The operator's endpoints on an HTTP listener: `GET /metrics` (Prometheus text), `/healthz`
 * (liveness) and `/readyz` (readiness, 503 when not ready), both with a JSON body listing each
 * upstream's state. What they answer comes from `ObserveEndpoints` (bin/observe.ts builds it
 * from the router); this file only speaks HTTP.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HealthAnswer } from '../../core/observe/index.js';
export interface ObserveEndpoints {
    /** Absent: metrics are off (`--no-metrics`): `/metrics` is 404. */
    metrics?: () => Promise<{
        contentType: string;
        body: string;
    }>;
    health(): HealthAnswer;
    ready(): HealthAnswer;
}
export declare const OBSERVE_PATHS: Set<string>;
/** Answers one of `OBSERVE_PATHS`; false when `pathname` is not one of them (or is off). */
export declare function serveObserve(endpoints: ObserveEndpoints, pathname: string, req: IncomingMessage, res: ServerResponse): Promise<boolean>;
