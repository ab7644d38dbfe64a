import type { LoadResult } from './closedLoop.js';
/** Time source and timer, injectable so the scheduler can be tested on virtual time. */
export interface Clock {
    /** Milliseconds, monotonic. */
    now(): number;
    setTimer(fn: () => void, delayMs: number): void;
}
export declare const realClock: Clock;
export interface OpenLoopOptions {
    /** Requests per second. */
    rate: number;
    durationMs: number;
    call: (i: number) => Promise<unknown>;
    clock?: Clock;
}
/** How many of the requests scheduled at `start + i * interval` are due at `now`. */
export declare function dueCount(start: number, intervalMs: number, now: number, total: number): number;
export declare function runOpenLoop(options: OpenLoopOptions): Promise<LoadResult>;
