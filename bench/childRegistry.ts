/**
 * Every process the benchmark spawns is registered here, so that the run can kill them all
 * when it ends or is interrupted (no echo server or router left behind on Ctrl-C).
 */
import type { ChildProcess } from 'node:child_process';

const live = new Set<ChildProcess>();

export function trackChild(child: ChildProcess): void {
  live.add(child);
  const forget = (): void => {
    live.delete(child);
  };
  child.once('exit', forget);
  child.once('error', forget);
}

/** SIGKILLs every child still running (used at exit, where waiting is not an option). */
export function killAllChildren(): void {
  for (const child of live) child.kill('SIGKILL');
  live.clear();
}
