#!/usr/bin/env node
import type { RunResult } from './results.js';
export interface Budget {
    /** The scenario whose `mcp-mux` and `direct` subjects are compared. */
    scenario: string;
    /** Router CPU per request ≤ this × the echo's CPU per request (`direct`). */
    maxCpuVsEcho: number;
    /** What it was when the budget was set (for the message). */
    measured: string;
}
/**
 * Set from figures measured on the two-core development machine while ~8 other jobs loaded it
 * (load average 12–16; bench/notes/2026-11-hot-path.md, "CI budget"), 10 runs of 3 rounds each:
 * payload-1k 3.8–7.2× the echo (median 5.0×), payload-16k 2.2–4.7× (median 3.9×); the
 * build before the hot-path work (5bdb4ed) measured 4.6–9.0× and 3.4–4.8× in the same runs.
 * The budgets sit ~25–50% above the worst figure measured: on a quieter CI machine they pass
 * with a wide margin, and the step measures again before failing. They catch a gross
 * regression (the router's CPU doubling), not a 5% drift: noise on a shared two-core machine
 * is larger than that.
 */
export declare const BUDGETS: Budget[];
export interface BudgetResult {
    scenario: string;
    ok: boolean;
    /** Undefined when the run lacks the figures (a failed subject): that fails too. */
    ratio: number | undefined;
    line: string;
}
export declare function checkBudgets(run: RunResult, budgets?: Budget[]): BudgetResult[];
