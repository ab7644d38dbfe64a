/**
 * The performance targets of mcp-mux, as data, and their evaluation against a run. Pure: a
 * target that lacks its measurement (subject n/a, scenario not run) evaluates to n/a, never
 * to a pass.
 */
import type { ScenarioResult, SubjectResult, TargetResult } from './results.js';
interface Measure {
    value: number | null;
    measured: string;
    note?: string;
}
interface Target {
    id: string;
    goal: string;
    threshold: string;
    /** true when `value` meets the target. */
    meets(value: number): boolean;
    measure(find: Finder): Measure;
    /**
     * The same figure for the relay floor (`subjects/relayFloor.ts`), shown when the target is
     * missed: how much of the gap any Node proxy pays on this machine.
     */
    floor?(find: Finder): string | undefined;
}
type Finder = (scenario: string, subject: string) => SubjectResult | undefined;
/** `0.33×` → `0.33× (relay floor 0.55×)`; `0.33× (a, b)` → `0.33× (a, b; relay floor 0.55×)`. */
export declare function withFloorFigure(measured: string, floor: string): string;
export declare const targets: Target[];
export declare function evaluateTargets(scenarios: readonly ScenarioResult[]): TargetResult[];
export {};
