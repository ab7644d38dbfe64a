import type { SubjectSpec } from './subjects/launch.js';
export type ScenarioKind = 
/** Closed loop: saturation throughput and latency per subject. */
'throughput'
/** Open loop at 50% of the router's saturation rate: latency without coordinated omission. */
 | 'latency'
/** RSS growth per idle session opened on a network facade. */
 | 'memory-idle'
/** RSS growth per request parked in a slow upstream. */
 | 'memory-inflight';
export interface Load {
    method: 'tools/call' | 'tools/list';
    payloadBytes: number;
    inFlight: number;
    /** Simulated upstream work per call. */
    workMs: number;
}
export interface Scenario {
    id: string;
    group: string;
    title: string;
    kind: ScenarioKind;
    load: Load;
    subjects: SubjectSpec[];
    /** The subject every other one is compared to. */
    baseline: string;
    /** Compare by throughput (default) or by median latency (one request at a time). */
    compareBy?: 'throughput' | 'p50';
    /** Part of the `--quick` smoke run. */
    quick?: boolean;
    /** Rounds last this many times the default (few, slow requests need longer for a median). */
    roundScale?: number;
}
export declare const KiB = 1024;
export declare const MiB: number;
export declare const scenarios: Scenario[];
