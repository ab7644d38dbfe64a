/**
 * Every process the benchmark spawns is registered here, so that the run can kill them all
 * when it ends or is interrupted (no echo server or router left behind on Ctrl-C).
 */
import type { ChildProcess } from 'node:child_process';
export declare function trackChild(child: ChildProcess): void;
/** SIGKILLs every child still running (used at exit, where waiting is not an option). */
export declare function killAllChildren(): void;
