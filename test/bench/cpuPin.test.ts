/**
 * Pinning a row to one vCPU (bench/runner/cpuPin.ts): the options, which rows it takes, and
 * that a process started while pinned inherits the mask while this process gets every CPU back.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpus } from 'node:os';
import { describe, expect, it } from 'vitest';
import { allowedCpus, parsePin, pinsRow, withPinnedCpu } from '../../bench/runner/cpuPin.js';

/** `0-1` or `0,1` → [0, 1]. */
const cpuSet = (list: string): number[] =>
  list.split(',').flatMap((part) => {
    const [a = '', b = a] = part.split('-');
    return Array.from({ length: Number(b) - Number(a) + 1 }, (_, i) => Number(a) + i);
  });

describe('parsePin', () => {
  it('takes a CPU number or off', () => {
    expect(parsePin('0')).toEqual({ cpu: 0 });
    expect(parsePin('off')).toBe('off');
    expect(() => parsePin('first')).toThrow(/CPU number or "off"/);
    expect(() => parsePin('-1')).toThrow(/CPU number/);
  });
});

describe('pinsRow', () => {
  it('pins only rows with one request in flight, and never when off', () => {
    expect(pinsRow({ cpu: 0 }, 1)).toBe(true);
    expect(pinsRow({ cpu: 0 }, 32)).toBe(false);
    expect(pinsRow('off', 1)).toBe(false);
  });
});

describe('withPinnedCpu', () => {
  it('pins this process and what it starts, then gives this process every CPU back', async () => {
    const all = cpuSet(allowedCpus(process.pid));
    expect(all.length).toBe(cpus().length);
    const seen = await withPinnedCpu(
      0,
      async () => {
        const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10_000)']);
        try {
          await once(child, 'spawn');
          return { self: allowedCpus(process.pid), child: allowedCpus(child.pid as number) };
        } finally {
          child.kill();
        }
      },
      (reason) => {
        throw new Error(`not pinned: ${reason}`);
      },
    );
    expect(seen).toEqual({ self: '0', child: '0' });
    expect(cpuSet(allowedCpus(process.pid))).toEqual(all);
  });

  it('runs unpinned, saying why, when the CPU does not exist', async () => {
    const reasons: string[] = [];
    const inside = await withPinnedCpu(
      cpus().length,
      async () => allowedCpus(process.pid),
      (reason) => reasons.push(reason),
    );
    expect(reasons).toEqual([`no CPU ${cpus().length} on this machine`]);
    expect(cpuSet(inside).length).toBe(cpus().length);
  });

  it('widens the mask again when the row throws', async () => {
    await expect(
      withPinnedCpu(
        0,
        async () => {
          throw new Error('row failed');
        },
        () => {},
      ),
    ).rejects.toThrow('row failed');
    expect(cpuSet(allowedCpus(process.pid)).length).toBe(cpus().length);
  });
});
