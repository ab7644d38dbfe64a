/**
 * Runs a throughput or latency scenario: start every subject, warm each up, then measure
 * them in interleaved rounds (A, B, A, B…) so that drift of the machine (thermal, other
 * tenants, GC of the bench itself) hits every subject alike. Around each round the CPU time
 * of the measured process is read from /proc.
 */
import { type LoadResult } from '../client/closedLoop.js';
import { type RoundResult, type ScenarioResult, type SubjectResult } from '../results.js';
import type { Load, Scenario } from '../scenarios.js';
import { type CpuTimes } from '../stats/procStats.js';
import { type LaunchContext, type Launched } from '../subjects/launch.js';
export interface RunSettings {
    rounds: number;
    roundMs: number;
    warmupMs: number;
    /** Idle sessions opened per memory-idle subject. */
    idleSessions: number;
    /** Requests parked per memory-inflight subject. */
    parkedRequests: number;
    log: (line: string) => void;
}
/** The request a subject is loaded with, spread round-robin over its tools. */
export declare function makeCall(launched: Launched, load: Load): (i: number) => Promise<unknown>;
/** One round's figures; `cpu` of the measured process, split into user and kernel time. */
export declare function toRound(load: LoadResult, cpu: CpuTimes | undefined, clientCpuUs: number): RoundResult;
/** The first line of an error, short enough for a table cell. */
export declare function reasonOf(e: unknown): string;
/** Starts the scenario's subjects; the ones that cannot start are marked n/a. */
export declare function launchAll(scenario: Scenario, ctx: LaunchContext, settings: RunSettings): Promise<{
    results: SubjectResult[];
    live: Map<string, Launched>;
}>;
export declare function closeAll(live: Map<string, Launched>): Promise<void>;
export declare function runLoadScenario(scenario: Scenario, ctx: LaunchContext, settings: RunSettings): Promise<ScenarioResult>;
