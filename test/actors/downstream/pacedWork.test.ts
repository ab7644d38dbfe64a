/**
 * `inSlices` and `eachPaced` on a virtual scheduler: the first slice runs at once, later ones
 * only after the scheduler runs (a turn of the event loop in production); they stop when told;
 * `eachPaced` never runs more than `concurrency` at once.
 */
import { VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { eachPaced, inSlices } from '../../../actors/downstream/pacedWork.js';

const microtasks = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

describe('inSlices', () => {
  it('runs the first slice at once and each next one only when the scheduler yields', async () => {
    const scheduler = new VirtualTimeScheduler();
    const seen: number[] = [];
    const done = inSlices([1, 2, 3, 4, 5], { scheduler, stopped: () => false, slice: 2 }, (n) =>
      seen.push(n),
    );
    expect(seen).toEqual([1, 2]);
    await microtasks();
    expect(seen).toEqual([1, 2]); // waiting for the scheduler: nothing runs meanwhile
    scheduler.flush();
    await microtasks();
    expect(seen).toEqual([1, 2, 3, 4]);
    scheduler.flush();
    expect(await done).toBe(true);
    expect(seen).toEqual([1, 2, 3, 4, 5]);
  });

  it('stops between slices once stopped', async () => {
    const scheduler = new VirtualTimeScheduler();
    let stop = false;
    const seen: number[] = [];
    const done = inSlices([1, 2, 3], { scheduler, stopped: () => stop, slice: 1 }, (n) =>
      seen.push(n),
    );
    stop = true;
    scheduler.flush();
    expect(await done).toBe(false);
    expect(seen).toEqual([1]);
  });
});

describe('eachPaced', () => {
  it('keeps at most `concurrency` running and handles every item once', async () => {
    const scheduler = new VirtualTimeScheduler();
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    const items = Array.from({ length: 20 }, (_, i) => i);
    const done = eachPaced(
      items,
      { scheduler, stopped: () => false, concurrency: 3, slice: 5 },
      async (n) => {
        running++;
        most = Math.max(most, running);
        await Promise.resolve();
        seen.push(n);
        running--;
      },
    );
    for (let i = 0; i < 10; i++) {
      await microtasks();
      scheduler.flush();
    }
    expect(await done).toBe(true);
    expect(most).toBe(3);
    expect([...seen].sort((a, b) => a - b)).toEqual(items);
  });

  it('starts nothing more once stopped', async () => {
    const scheduler = new VirtualTimeScheduler();
    let stop = false;
    const seen: number[] = [];
    const done = eachPaced(
      [1, 2, 3, 4],
      { scheduler, stopped: () => stop, concurrency: 1 },
      async (n) => {
        seen.push(n);
        if (n === 2) stop = true;
      },
    );
    expect(await done).toBe(false);
    expect(seen).toEqual([1, 2]);
  });
});
