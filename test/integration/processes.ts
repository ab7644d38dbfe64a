/**
 * Process helpers for the supervision and shutdown tests (Linux `/proc`): descendants of a
 * pid, liveness that ignores zombies, bounded polling, and the JSON-lines log the lifecycle
 * fixtures write.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** `[pid, ppid]` of every process, read from /proc. */
function processTable(): [number, number][] {
  const rows: [number, number][] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      rows.push([Number(entry), Number(fields[1])]);
    } catch {
      // exited while we looked
    }
  }
  return rows;
}

/** Every live descendant of `pid` (children, grandchildren...). */
export function descendants(pid: number): number[] {
  const table = processTable();
  const out: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift() as number;
    for (const [child, ppid] of table) {
      if (ppid === parent && !out.includes(child)) {
        out.push(child);
        queue.push(child);
      }
    }
  }
  return out.filter((p) => !isGone(p));
}

/** Dead, or a zombie (killed, waiting to be reaped: it runs nothing any more). */
export function isGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

/** Polls `check` every 25 ms for up to `ms`; returns its last value. */
export async function eventually<T>(
  check: () => T | Promise<T>,
  ms: number,
): Promise<T | undefined> {
  let last: T | undefined;
  for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
    try {
      last = await check();
      if (last) return last;
    } catch {
      last = undefined;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return last;
}

/** A fresh path for a fixture's `LIFECYCLE_LOG`. */
export function lifecycleLog(): string {
  return join(mkdtempSync(join(tmpdir(), 'mcp-mux-life-')), 'events.jsonl');
}

export interface LifecycleEvent {
  event: string;
  pid?: number;
  grandchild?: number;
  requestId?: unknown;
  at: number;
}

export function readLifecycle(file: string): LifecycleEvent[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as LifecycleEvent);
}
