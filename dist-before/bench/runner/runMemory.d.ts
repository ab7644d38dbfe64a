/**
 * Memory scenarios, measured from the outside as RSS growth of the subject's process
 * (/proc/<pid>/status): per idle session opened on a network facade, and per request parked
 * in a slow upstream. RSS includes heap that the GC has not returned yet, so the figures are
 * an upper bound; many sessions/requests are opened so that page granularity vanishes.
 */
import { type ScenarioResult } from '../results.js';
import type { Scenario } from '../scenarios.js';
import type { LaunchContext } from '../subjects/launch.js';
import { type RunSettings } from './runLoad.js';
export declare function runMemoryScenario(scenario: Scenario, ctx: LaunchContext, settings: RunSettings & {
    parkMs: number;
}): Promise<ScenarioResult>;
