import { describe, expect, it } from 'vitest';
import { type Clock, dueCount, runOpenLoop } from '../../bench/client/openLoop.js';

/** A virtual clock: timers fire only when the test advances time. */
class VirtualClock implements Clock {
  t = 0;
  /** Extra delay added to every timer (a busy event loop). */
  lateness = 0;
  private timers: { at: number; fn: () => void }[] = [];
  now(): number {
    return this.t;
  }
  setTimer(fn: () => void, delayMs: number): void {
    this.timers.push({ at: this.t + delayMs + this.lateness, fn });
  }
  /** Runs timers in time order up to `until`, letting promise callbacks run after each. */
  async runUntil(until: number): Promise<void> {
    for (let guard = 0; guard < 100_000; guard++) {
      await new Promise((r) => setImmediate(r));
      this.timers.sort((a, b) => a.at - b.at);
      const next = this.timers[0];
      if (!next || next.at > until) break;
      this.timers.shift();
      this.t = Math.max(this.t, next.at);
      next.fn();
    }
    this.t = Math.max(this.t, until);
    await new Promise((r) => setImmediate(r));
  }
}

/** A target answering after `serviceMs` of virtual time, one request at a time (FIFO). */
function serialTarget(clock: VirtualClock, serviceMs: (i: number) => number) {
  let freeAt = 0;
  const sentAt: number[] = [];
  const call = (i: number): Promise<void> => {
    sentAt.push(clock.now());
    const start = Math.max(clock.now(), freeAt);
    freeAt = start + serviceMs(i);
    return new Promise((resolve) => clock.setTimer(resolve, freeAt - clock.now()));
  };
  return { call, sentAt };
}

describe('dueCount', () => {
  it('counts the requests scheduled at or before now', () => {
    expect(dueCount(100, 10, 99, 50)).toBe(0);
    expect(dueCount(100, 10, 100, 50)).toBe(1);
    expect(dueCount(100, 10, 129.9, 50)).toBe(3);
    expect(dueCount(100, 10, 10_000, 50)).toBe(50);
  });
});

describe('runOpenLoop on virtual time', () => {
  it('sends at the fixed rate and measures the service time', async () => {
    const clock = new VirtualClock();
    const target = serialTarget(clock, () => 0.5);
    const done = runOpenLoop({ rate: 1000, durationMs: 10, call: target.call, clock });
    await clock.runUntil(100);
    const result = await done;
    expect(target.sentAt).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(result.completed).toBe(10);
    expect(result.latency.getValueAtPercentile(50)).toBe(500);
    expect(result.latency.maxValue).toBeLessThan(501);
  });

  it('does not send less when the target stalls, and counts the queueing (coordinated omission)', async () => {
    const clock = new VirtualClock();
    // The first request takes 5 ms; requests scheduled behind it wait in the target's queue.
    const target = serialTarget(clock, (i) => (i === 0 ? 5 : 0.1));
    const done = runOpenLoop({ rate: 1000, durationMs: 10, call: target.call, clock });
    await clock.runUntil(100);
    const result = await done;
    // Sends kept their schedule although nothing came back for 5 ms.
    expect(target.sentAt).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // Latencies: 5, 4.1, 3.2, 2.3, 1.4, 0.5 then 0.1 ms: request 1, scheduled at 1 ms and
    // answered at 5.1 ms, counts 4.1 ms although the target served it in 0.1 ms.
    // (HDR reports the top of a value's bucket: within 0.1%.)
    const at = (p: number) => Math.round(result.latency.getValueAtPercentile(p) / 100) * 100;
    expect(result.latency.totalCount).toBe(10);
    expect(at(40)).toBe(100);
    expect(at(50)).toBe(500);
    expect(at(60)).toBe(1400);
    expect(at(90)).toBe(4100);
    expect(result.latency.maxValue).toBeGreaterThanOrEqual(5000);
  });

  it('measures from the scheduled time when its own timer fires late', async () => {
    const clock = new VirtualClock();
    clock.lateness = 3;
    const target = serialTarget(clock, () => 0);
    const done = runOpenLoop({ rate: 1000, durationMs: 8, call: target.call, clock });
    await clock.runUntil(100);
    const result = await done;
    expect(target.sentAt.length).toBe(8);
    // Requests due while the timer was late go out together, late...
    expect(target.sentAt.slice(0, 5)).toEqual([0, 4, 4, 4, 4]);
    // ...and their latency includes the wait: 3 ms for the one scheduled at 1 ms.
    expect(result.latency.maxValue).toBeGreaterThanOrEqual(3000);
    expect(result.completed).toBe(8);
  });

  it('counts errors without stopping the schedule', async () => {
    const clock = new VirtualClock();
    const call = (i: number) =>
      i % 2 === 0 ? Promise.resolve() : Promise.reject(new Error(`no ${i}`));
    const done = runOpenLoop({ rate: 1000, durationMs: 4, call, clock });
    await clock.runUntil(50);
    const result = await done;
    expect(result).toMatchObject({ completed: 2, errors: 2, firstError: 'no 1' });
  });
});
