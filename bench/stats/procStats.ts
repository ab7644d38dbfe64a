/**
 * Reading another process's CPU time and memory from /proc (Linux). Returns undefined where
 * /proc is missing or the process is gone, so callers report "n/a" instead of failing.
 */
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU time of a process, µs: in user space (utime) and in the kernel on its behalf (stime). */
export interface CpuTimes {
  user: number;
  kernel: number;
}

/**
 * utime and stime out of a `/proc/<pid>/stat` line, in µs. The command name (field 2) may
 * contain spaces and parentheses: fields are counted after its last ')'.
 */
export function parseCpuTimes(stat: string): CpuTimes | undefined {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) return undefined;
  return {
    user: (utime * 1_000_000) / TICKS_PER_SECOND,
    kernel: (stime * 1_000_000) / TICKS_PER_SECOND,
  };
}

/**
 * The process's own CPU times (children excluded). Resolution is one tick (10 ms): divide
 * over many requests.
 */
export function readCpuTimes(pid: number): CpuTimes | undefined {
  try {
    return parseCpuTimes(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The CPU times of a process's main thread alone (`/proc/<pid>/task/<pid>/stat`): for a Node
 * process, its event loop; the rest of the process's time is its other threads (V8's compiler
 * and garbage-collector helpers, libuv's pool, worker threads such as the audit's).
 */
export function readMainThreadCpuTimes(pid: number): CpuTimes | undefined {
  try {
    return parseCpuTimes(readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Resident set size in bytes (VmRSS). */
export function readRssBytes(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** System calls a process has made so far (`/proc/<pid>/io`: `syscr`, `syscw`). */
export interface IoCalls {
  reads: number;
  writes: number;
}

/** Parses `/proc/<pid>/io`; undefined when a count is missing. */
export function parseIoCalls(io: string): IoCalls | undefined {
  const reads = Number(/^syscr:\s*(\d+)/m.exec(io)?.[1]);
  const writes = Number(/^syscw:\s*(\d+)/m.exec(io)?.[1]);
  return Number.isFinite(reads) && Number.isFinite(writes) ? { reads, writes } : undefined;
}

/** The read and write system calls of a process so far, or undefined (no /proc, gone). */
export function readIoCalls(pid: number): IoCalls | undefined {
  try {
    return parseIoCalls(readFileSync(`/proc/${pid}/io`, 'utf8'));
  } catch {
    return undefined;
  }
}
