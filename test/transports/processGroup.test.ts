/**
 * Process groups of stdio servers (transports/processGroup.ts) with real processes: a detached
 * `sh` leads a group with a helper of its own; signalling the group reaches both, a member that
 * ignores SIGTERM gets SIGKILL after the grace, and the polling helper runs on virtual time.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { groupAlive, reapGroup, signalGroup, waitUntil } from '../../transports/processGroup.js';

const posix = process.platform !== 'win32';
const leaders: ChildProcess[] = [];

afterEach(() => {
  vi.useRealTimers();
  for (const child of leaders.splice(0)) if (child.pid) signalGroup(child.pid, 'SIGKILL');
});

/** A detached shell (its own group) running `script`; resolves once it printed "up". */
async function group(script: string): Promise<number> {
  const child = spawn('/bin/sh', ['-c', `${script}\necho up\nwait`], {
    detached: true,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  leaders.push(child);
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  expect(chunk.toString()).toContain('up');
  return child.pid!;
}

describe.runIf(posix)('process groups', () => {
  it('a group is alive while a member runs, and signalling the group ends every member', async () => {
    const pid = await group('sleep 30 & sleep 30 &');
    expect(groupAlive(pid)).toBe(true);
    expect(signalGroup(pid, 'SIGTERM')).toBe(true);
    expect(await waitUntil(() => !groupAlive(pid), 5_000)).toBe(true);
  });

  it('reapGroup: SIGTERM first; a member that ignores it gets SIGKILL after the grace', async () => {
    const polite = await group('sleep 30 &');
    const started = Date.now();
    await reapGroup(polite, 2_000);
    expect(groupAlive(polite)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_500); // ended by SIGTERM, no grace spent

    const stubborn = await group("trap '' TERM; sh -c \"trap '' TERM; sleep 30\" &");
    const before = Date.now();
    await reapGroup(stubborn, 300);
    expect(groupAlive(stubborn)).toBe(false);
    expect(Date.now() - before).toBeGreaterThanOrEqual(290); // the grace was spent: SIGKILL ended it
  });

  it('reapGroup of a group that is already gone returns at once', async () => {
    const pid = await group('true');
    signalGroup(pid, 'SIGKILL');
    expect(await waitUntil(() => !groupAlive(pid), 5_000)).toBe(true);
    await reapGroup(pid, 60_000);
    expect(groupAlive(pid)).toBe(false);
  });
});

describe('waitUntil', () => {
  it('resolves true at once when already done, without a timer', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    await expect(waitUntil(() => true, 1_000)).resolves.toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('polls every everyMs until done, or resolves false at the deadline', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    let checks = 0;
    let doneAt = 3;
    const soon = waitUntil(() => ++checks >= doneAt, 1_000, 100);
    await vi.advanceTimersByTimeAsync(200);
    expect(checks).toBe(3); // the first check, then two polls
    await expect(soon).resolves.toBe(true);
    expect(vi.getTimerCount()).toBe(0);

    doneAt = Number.POSITIVE_INFINITY;
    let resolved: boolean | undefined;
    void waitUntil(() => false, 1_000, 100).then((value) => {
      resolved = value;
    });
    await vi.advanceTimersByTimeAsync(900);
    expect(resolved).toBeUndefined();
    await vi.advanceTimersByTimeAsync(100);
    expect(resolved).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });
});
