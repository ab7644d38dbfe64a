/**
 * Closed-loop load: `inFlight` workers, each sending its next request as soon as the previous
 * one is answered, for `durationMs`. Measures saturation throughput; latency is measured from
 * each actual send (a closed loop cannot see queueing it does not cause).
 */
import { type Histogram } from '../stats/latency.js';
export interface LoadResult {
    completed: number;
    errors: number;
    /** From the first send to the last answer. */
    elapsedMs: number;
    /** Completed requests per second. */
    throughput: number;
    latency: Histogram;
    /** Open loop only: how late the client itself sent each request (µs after its schedule). */
    sendLag?: Histogram;
    firstError?: string;
}
export interface ClosedLoopOptions {
    inFlight: number;
    durationMs: number;
    /** Sends request number `i` and settles when it is answered. */
    call: (i: number) => Promise<unknown>;
    /** Stops early after this many requests (optional). */
    maxRequests?: number;
    /** Gives up after this many errors (default 20): a broken target must not spin. */
    maxErrors?: number;
}
export declare function runClosedLoop(options: ClosedLoopOptions): Promise<LoadResult>;
