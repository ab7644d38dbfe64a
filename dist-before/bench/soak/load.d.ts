/**
 * The soak's load: a mix of operations drawn by weight (tool calls with progress, calls the
 * soak cancels, log bursts, resource touches, bridged rounds, stdio calls), sent open loop at
 * a fixed rate, and the closed-loop calibration that finds the rate to run at.
 */
import type { Outcome, SoakClient } from './clients.js';
interface Op {
    name: string;
    weight: number;
    /** Which clients may run it. */
    who: (client: SoakClient) => boolean;
    run: (client: SoakClient) => Promise<Outcome>;
}
export declare const OPS: readonly Op[];
export interface LoadStats {
    started: number;
    settled: number;
    /** Sends skipped because too many requests were in flight (the router fell behind). */
    shed: number;
    outcomes: Map<string, number>;
    byOp: Map<string, {
        count: number;
        ok: number;
    }>;
}
export declare function newLoadStats(): LoadStats;
/**
 * Sends `rate` operations per second (open loop: on a schedule, not when answered) until
 * `stop()` says so; resolves once every operation sent has settled.
 */
export declare function driveOpenLoop(clients: SoakClient[], rate: number, stop: () => boolean, stats: LoadStats, maxInflight?: number): Promise<void>;
/**
 * Saturation of the mix itself: `workers` closed-loop callers, each running operations drawn
 * like the load's, for `ms`; returns completed operations per second. (An instant tool alone
 * overstates it: the mix holds upstream slots and connections with sleeps and cancels.)
 */
export declare function calibrate(clients: SoakClient[], ms: number, workers?: number): Promise<number>;
export {};
