import { closeSync, existsSync, openSync, writeSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  parseCpuTimes,
  parseIoCalls,
  readCpuTimes,
  readIoCalls,
  readMainThreadCpuTimes,
} from '../../bench/stats/procStats.js';

/** Linux's /proc, which the readers need (elsewhere they read undefined). */
const hasProc = existsSync('/proc/self/stat');

// Fields 14 and 15 of /proc/<pid>/stat are utime and stime, in ticks of 1/100 s.
const statLine = (comm: string, utime: number, stime: number): string =>
  `4242 (${comm}) S 1 4242 4242 0 -1 4194560 900 0 0 0 ${utime} ${stime} 0 0 20 0 11 0 500 1000 200`;

describe('parseCpuTimes', () => {
  it('splits user and kernel time, in µs', () => {
    expect(parseCpuTimes(statLine('node', 250, 40))).toEqual({ user: 2_500_000, kernel: 400_000 });
  });

  it('counts fields after the last parenthesis of the command name', () => {
    expect(parseCpuTimes(statLine('my (odd) name) 1 2', 7, 3))).toEqual({
      user: 70_000,
      kernel: 30_000,
    });
  });

  it('is undefined for a line it cannot read', () => {
    expect(parseCpuTimes('4242 (node) S 1')).toBeUndefined();
  });
});

describe('readMainThreadCpuTimes', () => {
  it.skipIf(!hasProc)("counts this thread's work, which the whole process's time includes", () => {
    const main0 = readMainThreadCpuTimes(process.pid);
    const all0 = readCpuTimes(process.pid);
    if (main0 === undefined || all0 === undefined) throw new Error('no /proc/<pid>/task');
    // 60 ms of work on this (the main) thread: several 10 ms ticks.
    const until = performance.now() + 60;
    let n = 0;
    while (performance.now() < until) n++;
    const main1 = readMainThreadCpuTimes(process.pid);
    const all1 = readCpuTimes(process.pid);
    if (main1 === undefined || all1 === undefined) throw new Error('/proc went away');
    const main = main1.user + main1.kernel - (main0.user + main0.kernel);
    const all = all1.user + all1.kernel - (all0.user + all0.kernel);
    expect(n).toBeGreaterThan(0);
    expect(main).toBeGreaterThanOrEqual(30_000);
    // The process's time holds the thread's (a tick of rounding either way).
    expect(all).toBeGreaterThanOrEqual(main - 10_000);
    expect(readMainThreadCpuTimes(2 ** 31 - 1)).toBeUndefined();
  });
});

describe('readCpuTimes', () => {
  it.skipIf(!hasProc)(
    "reads this process's times, and is undefined for a process that does not exist",
    () => {
      const own = readCpuTimes(process.pid);
      if (own === undefined) throw new Error('no /proc/<pid>/stat');
      expect(own.user).toBeGreaterThan(0);
      expect(own.kernel).toBeGreaterThanOrEqual(0);
      expect(readCpuTimes(2 ** 31 - 1)).toBeUndefined();
    },
  );
});

describe('io calls', () => {
  it('parses syscr and syscw, and counts a write of this process', () => {
    const io = 'rchar: 10\nwchar: 20\nsyscr: 7\nsyscw: 3\nread_bytes: 0\n';
    expect(parseIoCalls(io)).toEqual({ reads: 7, writes: 3 });
    expect(parseIoCalls('rchar: 10\n')).toBeUndefined();
    const before = readIoCalls(process.pid);
    if (before === undefined) return; // no /proc here
    const fd = openSync('/dev/null', 'w');
    writeSync(fd, 'x');
    closeSync(fd);
    expect(readIoCalls(process.pid)!.writes).toBeGreaterThan(before.writes);
  });
});
