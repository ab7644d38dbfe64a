/**
 * Admission under random interleavings of admit / finish / cancel: requests that start at once
 * outside p-queue and p-queue's own tasks together never exceed the limit, a free slot never
 * stays idle while a request waits, each lane stays FIFO, and everything is empty afterwards.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { Admission, type Admitted } from '../../../actors/upstream/admission.js';

/** Lets p-queue free slots (it starts the next task a few microtasks after a release). */
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

type Op =
  | { kind: 'admit'; lane: number }
  | { kind: 'finish'; pick: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'tick' };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('admit'), lane: fc.nat(2) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('finish'), pick: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel'), pick: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'tick' }) },
) as fc.Arbitrary<Op>;

describe('Admission (random interleavings)', () => {
  it('keeps the limit, wastes no slot, keeps each lane FIFO and ends empty', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 6 }),
        fc.array(op, { maxLength: 80 }),
        async (concurrency, maxQueue, ops) => {
          const queue = new Admission({
            concurrency,
            maxQueue,
            pushedOut: () => new Error('pushed out'),
            clock: new SimulatedClock(),
          });
          const running = new Map<number, () => void>();
          const tickets = new Map<number, Admitted>();
          const admittedByLane: number[][] = [[], [], []];
          const startedByLane: number[][] = [[], [], []];
          let next = 0;
          const check = () => {
            const stats = queue.stats();
            expect(stats.running).toBe(running.size);
            expect(stats.running).toBeLessThanOrEqual(concurrency);
            expect(stats.running + stats.waiting).toBeLessThanOrEqual(concurrency + maxQueue);
            expect(stats.slotsQueued).toBe(stats.waiting);
            expect(stats.slotsRunning).toBeLessThanOrEqual(concurrency);
          };
          for (const step of ops) {
            if (step.kind === 'admit') {
              const id = next++;
              const lane = step.lane;
              const ticket = queue.admit(`l${lane}`, {
                run: (done) => {
                  running.set(id, done);
                  startedByLane[lane]?.push(id);
                },
                fail: () => running.delete(id),
              });
              if (ticket) {
                tickets.set(id, ticket);
                admittedByLane[lane]?.push(id);
              }
            } else if (step.kind === 'finish') {
              const ids = [...running.keys()];
              const id = ids[step.pick % Math.max(1, ids.length)];
              if (id !== undefined) {
                running.get(id)?.();
                running.delete(id);
              }
            } else if (step.kind === 'cancel') {
              const ids = [...tickets.keys()];
              const id = ids[step.pick % Math.max(1, ids.length)];
              if (id !== undefined) {
                tickets.get(id)?.leave();
                running.delete(id);
              }
            } else {
              await tick();
              // Settled: nobody waits while a slot is free.
              const stats = queue.stats();
              if (stats.waiting > 0) expect(stats.running).toBe(concurrency);
            }
            check();
          }
          for (let lane = 0; lane < 3; lane++) {
            const started = startedByLane[lane] ?? [];
            const order = (admittedByLane[lane] ?? []).filter((id) => started.includes(id));
            expect(started).toEqual(order);
          }
          queue.cancelAll(new Error('end'));
          await tick();
          expect(queue.stats()).toEqual({
            waiting: 0,
            running: 0,
            lanes: 0,
            slotsQueued: 0,
            slotsRunning: 0,
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});
