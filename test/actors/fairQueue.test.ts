/**
 * The fair queue alone: round-robin dispatch between lanes, the admission bound, longest
 * queue drop, cancellation while queued, cancelAll, and empty structures afterwards.
 */
import { describe, expect, it } from 'vitest';
import { FairQueue, type FairTicket } from '../../actors/fairQueue.js';

/** Lets p-queue free slots (it starts the next task in a microtask). */
const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function setup(concurrency: number, maxQueue: number) {
  const queue = new FairQueue({ concurrency, maxQueue, pushedOut: () => new Error('pushed out') });
  const started: string[] = [];
  const failed: string[] = [];
  const running = new Map<string, () => void>();
  const tickets = new Map<string, FairTicket>();
  const admit = (lane: string, id: string): boolean => {
    const ticket = queue.admit(lane, {
      run: (done) => {
        started.push(id);
        running.set(id, done);
      },
      fail: () => failed.push(id),
    });
    if (ticket) tickets.set(id, ticket);
    return ticket !== undefined;
  };
  /** Completes the running request `id`. */
  const finish = async (id: string) => {
    running.get(id)?.();
    running.delete(id);
    await tick();
  };
  return { queue, started, failed, running, tickets, admit, finish };
}

describe('FairQueue', () => {
  it('serves lanes round-robin: a flood does not delay another session', async () => {
    const q = setup(1, 100);
    for (let i = 0; i < 50; i++) q.admit('flood', `f${i}`);
    q.admit('calm', 'c0');
    q.admit('calm', 'c1');
    await tick();
    expect(q.started).toEqual(['f0']);
    await q.finish('f0');
    await q.finish('f1');
    await q.finish('c0');
    await q.finish('f2');
    // f0 was running; then the two lanes alternate: f1, c0, f2, c1.
    expect(q.started).toEqual(['f0', 'f1', 'c0', 'f2', 'c1']);
    for (const id of [...q.running.keys()]) await q.finish(id);
  });

  it('keeps FIFO order within a lane', async () => {
    const q = setup(2, 10);
    for (let i = 0; i < 6; i++) q.admit('a', `a${i}`);
    await tick();
    while (q.running.size > 0) await q.finish([...q.running.keys()][0] as string);
    expect(q.started).toEqual(['a0', 'a1', 'a2', 'a3', 'a4', 'a5']);
  });

  it('admits concurrency + maxQueue, then refuses a lone session', async () => {
    const q = setup(2, 3);
    const admitted = Array.from({ length: 6 }, (_, i) => q.admit('a', `a${i}`));
    expect(admitted).toEqual([true, true, true, true, true, false]);
    await tick();
    // a0 and a1 took the free slots at once; the three waiting ones queued slot tasks, two of
    // which p-queue started and which park until a slot frees.
    expect(q.queue.stats()).toMatchObject({
      running: 2,
      waiting: 3,
      slotsQueued: 1,
      slotsRunning: 2,
    });
    await q.finish('a0');
    expect(q.started).toEqual(['a0', 'a1', 'a2']);
  });

  it('pushes out the newest request of the longest lane for a newcomer (longest queue drop)', async () => {
    const q = setup(1, 4);
    for (let i = 0; i < 5; i++) expect(q.admit('flood', `f${i}`)).toBe(true);
    await tick();
    expect(q.admit('calm', 'c0')).toBe(true);
    expect(q.failed).toEqual(['f4']);
    expect(q.admit('calm', 'c1')).toBe(true);
    expect(q.failed).toEqual(['f4', 'f3']);
    // flood now holds 2 waiting, calm 2: calm cannot push out more, and neither can flood.
    expect(q.admit('calm', 'c2')).toBe(false);
    expect(q.admit('flood', 'f5')).toBe(false);
    expect(q.queue.stats()).toMatchObject({ running: 1, waiting: 4, lanes: 2 });
  });

  it('removes a request cancelled while queued, with its slot task', async () => {
    const q = setup(1, 5);
    q.admit('a', 'a0');
    q.admit('a', 'a1');
    q.admit('b', 'b0');
    await tick();
    q.tickets.get('a1')?.leave();
    q.tickets.get('b0')?.leave();
    await tick();
    // Their slot tasks ended without taking a slot: only a0 holds one (the fast path).
    expect(q.queue.stats()).toEqual({
      waiting: 0,
      running: 1,
      lanes: 0,
      slotsQueued: 0,
      slotsRunning: 0,
    });
    await q.finish('a0');
    expect(q.started).toEqual(['a0']);
    expect(q.queue.stats()).toEqual({
      waiting: 0,
      running: 0,
      lanes: 0,
      slotsQueued: 0,
      slotsRunning: 0,
    });
  });

  it('cancelAll fails every admitted request and leaves nothing behind', async () => {
    const q = setup(2, 5);
    for (let i = 0; i < 4; i++) q.admit(i % 2 ? 'a' : 'b', `r${i}`);
    await tick();
    q.queue.cancelAll(new Error('shutdown'));
    expect(q.failed.sort()).toEqual(['r0', 'r1', 'r2', 'r3']);
    await tick();
    expect(q.queue.stats()).toEqual({
      waiting: 0,
      running: 0,
      lanes: 0,
      slotsQueued: 0,
      slotsRunning: 0,
    });
  });

  it('leave is idempotent and a finished request frees its slot once', async () => {
    const q = setup(1, 5);
    q.admit('a', 'a0');
    q.admit('a', 'a1');
    await tick();
    q.tickets.get('a0')?.leave();
    q.tickets.get('a0')?.leave();
    await tick();
    expect(q.started).toEqual(['a0', 'a1']);
    expect(q.queue.stats()).toMatchObject({ running: 1, waiting: 0 });
  });
});
