/**
 * Admission alone (p-queue underneath): round-robin dispatch between lanes, the bound,
 * longest queue drop, leaving the queue when cancelled, the queue deadline (virtual time),
 * tickets, cancelAll, and empty structures afterwards.
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { Admission, type Admitted } from '../../../actors/upstream/admission.js';

/** Lets p-queue free slots (it starts the next task in a microtask). */
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

function setup(concurrency: number, maxQueue: number) {
  const clock = new SimulatedClock();
  const queue = new Admission({
    concurrency,
    maxQueue,
    pushedOut: () => new Error('pushed out'),
    clock,
  });
  const started: string[] = [];
  const failed: string[] = [];
  const errors = new Map<string, unknown>();
  const running = new Map<string, () => void>();
  const tickets = new Map<string, Admitted>();
  const admit = (lane: string, id: string, deadlineMs?: number): boolean => {
    const ticket = queue.admit(
      lane,
      {
        run: (done) => {
          started.push(id);
          running.set(id, done);
        },
        fail: (error) => {
          failed.push(id);
          errors.set(id, error);
        },
      },
      deadlineMs,
      () => new Error(`expired ${id}`),
    );
    if (ticket) tickets.set(id, ticket);
    return ticket !== undefined;
  };
  /** Completes the running request `id`. */
  const finish = async (id: string) => {
    running.get(id)?.();
    running.delete(id);
    await tick();
  };
  return { clock, queue, started, failed, errors, running, tickets, admit, finish };
}

describe('Admission', () => {
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
    // a0 and a1 ran at once outside p-queue, which holds no slot (paused) while the three
    // others wait in its queue.
    expect(q.queue.stats()).toMatchObject({
      running: 2,
      waiting: 3,
      slotsQueued: 3,
      slotsRunning: 0,
    });
    await q.finish('a0');
    expect(q.started).toEqual(['a0', 'a1', 'a2']);
    // a0's slot went to p-queue, which started a2 as its task.
    expect(q.queue.stats()).toMatchObject({ running: 2, waiting: 2, slotsRunning: 1 });
    await q.finish('a2');
    await q.finish('a1');
    expect(q.started).toEqual(['a0', 'a1', 'a2', 'a3', 'a4']);
    expect(q.queue.stats()).toMatchObject({ running: 2, waiting: 0, slotsRunning: 2 });
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

  it('removes a request cancelled while queued from p-queue at once', () => {
    const q = setup(1, 5);
    q.admit('a', 'a0');
    q.admit('a', 'a1');
    q.admit('b', 'b0');
    expect(q.queue.stats()).toMatchObject({ waiting: 2, slotsQueued: 2 });
    q.tickets.get('a1')?.leave();
    q.tickets.get('b0')?.leave();
    // Synchronously gone from p-queue's queue (no task left to run as a no-op later); a0 runs
    // outside p-queue.
    expect(q.queue.stats()).toEqual({
      waiting: 0,
      running: 1,
      lanes: 0,
      slotsQueued: 0,
      slotsRunning: 0,
    });
  });

  it('a request left after cancelling queued ones runs alone and frees everything', async () => {
    const q = setup(1, 5);
    q.admit('a', 'a0');
    q.admit('a', 'a1');
    q.admit('b', 'b0');
    q.tickets.get('a1')?.leave();
    q.tickets.get('b0')?.leave();
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
    expect(q.failed).toEqual(['r0', 'r1', 'r2', 'r3']);
    // The waiting ones left before a slot was freed: none was started only to be failed.
    expect(q.started).toEqual(['r0', 'r1']);
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

  it('ranks lanes round-robin in p-queue priorities and reports queue positions', () => {
    const q = setup(1, 20);
    for (let i = 0; i < 4; i++) q.admit('a', `a${i}`);
    q.admit('b', 'b0');
    q.admit('b', 'b1');
    expect(q.started).toEqual(['a0']);
    // a1 (rank 0), b0 (rank 0), a2 (1), b1 (1), a3 (2)
    const place = (id: string) => q.tickets.get(id)?.position();
    expect(['a1', 'b0', 'a2', 'b1', 'a3'].map(place)).toEqual([0, 1, 2, 3, 4]);
    expect(q.tickets.get('a0')).toMatchObject({ state: 'running' });
    expect(place('a0')).toBeUndefined();
    q.tickets.get('b0')?.leave();
    expect(q.tickets.get('b0')).toMatchObject({ state: 'done' });
    expect(['a1', 'a2', 'b1', 'a3'].map(place)).toEqual([0, 1, 2, 3]);
  });

  it('fails a request still waiting at its deadline, on virtual time, and keeps its place empty', async () => {
    const q = setup(1, 10);
    q.admit('a', 'a0', 1_000);
    q.admit('a', 'a1', 1_000);
    q.clock.increment(400);
    q.admit('b', 'b0', 1_000);
    q.clock.increment(599);
    expect(q.failed).toEqual([]);
    q.clock.increment(1);
    // a0 runs (no deadline once running: its own timeout takes over); a1 waited 1000 ms.
    expect(q.failed).toEqual(['a1']);
    expect(String(q.errors.get('a1'))).toContain('expired a1');
    expect(q.queue.stats()).toMatchObject({ waiting: 1, slotsQueued: 1, lanes: 1 });
    q.clock.increment(400);
    expect(q.failed).toEqual(['a1', 'b0']);
    expect(q.queue.stats()).toMatchObject({ waiting: 0, slotsQueued: 0, lanes: 0 });
    await q.finish('a0');
    expect(q.started).toEqual(['a0']);
  });

  it('reports how long a request waited, and disarms its deadline once it runs', async () => {
    const q = setup(1, 10);
    q.admit('a', 'a0', 1_000);
    q.admit('a', 'a1', 1_000);
    expect(q.tickets.get('a0')?.waitedMs).toBe(0);
    q.clock.increment(300);
    await q.finish('a0');
    expect(q.started).toEqual(['a0', 'a1']);
    expect(q.tickets.get('a1')?.waitedMs).toBe(300);
    q.clock.increment(5_000);
    expect(q.failed).toEqual([]);
    await q.finish('a1');
    expect(q.queue.stats()).toEqual({
      waiting: 0,
      running: 0,
      lanes: 0,
      slotsQueued: 0,
      slotsRunning: 0,
    });
  });

  it('keeps each deadline when a later request has a shorter one', () => {
    const q = setup(1, 10);
    q.admit('a', 'a0');
    q.admit('a', 'long', 1_000);
    q.admit('b', 'short', 300);
    q.admit('c', 'mid', 800);
    q.clock.increment(300);
    expect(q.failed).toEqual(['short']);
    q.clock.increment(500);
    expect(q.failed).toEqual(['short', 'mid']);
    q.clock.increment(200);
    expect(q.failed).toEqual(['short', 'mid', 'long']);
    expect(q.queue.stats()).toMatchObject({ waiting: 0, slotsQueued: 0, lanes: 0 });
  });
});
