/**
 * One timer for a connection's request deadlines (core/operators/deadlines.ts), on virtual time:
 * requests sharing a timeout share one scheduled action, each still fails at its own exact
 * deadline, a shorter timeout after longer ones gets its own timer, and settled requests leave
 * no timer behind (nothing may keep a process alive for a request that is over).
 */
import type { VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { LocalError } from '../../../core/errors/errors.js';
import { advanceTo, rawPeer, virtualTime } from '../rpc/connectionHarness.js';

/** A virtual clock that counts the actions scheduled on it (what `setInterval` would be). */
function countingClock(): { scheduler: VirtualTimeScheduler; scheduled: () => number } {
  const scheduler = virtualTime();
  let count = 0;
  const schedule = scheduler.schedule.bind(scheduler);
  scheduler.schedule = ((...args: Parameters<typeof schedule>) => {
    count += 1;
    return schedule(...args);
  }) as typeof scheduler.schedule;
  return { scheduler, scheduled: () => count };
}

function requests(scheduler: VirtualTimeScheduler, n: number, timeout: number, every = 1) {
  const peer = rawPeer({ scheduler });
  const failedAt: (number | undefined)[] = [];
  const codes: string[] = [];
  for (let i = 0; i < n; i++) {
    scheduler.schedule(() => {
      peer.connection.request$('tools/call', { i }, { timeout }).subscribe({
        error: (e: LocalError) => {
          failedAt[i] = scheduler.now();
          codes[i] = e.code;
        },
      });
    }, i * every);
  }
  return { peer, failedAt, codes };
}

describe('shared request deadlines', () => {
  it('arms one action for 100 requests in flight, not one each', () => {
    const { scheduler, scheduled } = countingClock();
    const peer = rawPeer({ scheduler });
    const before = scheduled();
    const errors: unknown[] = [];
    for (let i = 0; i < 100; i++) {
      peer.connection
        .request$('tools/call', { i }, { timeout: 1000 })
        .subscribe({ error: (e) => errors.push(e) });
    }
    expect(scheduled() - before).toBe(1);
    for (let id = 0; id < 100; id++) peer.send({ jsonrpc: '2.0', id, result: {} });
    advanceTo(scheduler, 5000);
    expect(errors).toEqual([]);
    expect(peer.connection.stats().outbound).toBe(0);
  });

  it('fails each request at its own exact deadline', () => {
    const scheduler = virtualTime();
    const r = requests(scheduler, 100, 1000);
    advanceTo(scheduler, 2000);
    expect(r.failedAt).toEqual(Array.from({ length: 100 }, (_, i) => i + 1000));
    expect(new Set(r.codes)).toEqual(new Set(['timeout']));
    expect(r.peer.connection.stats().outbound).toBe(0);
  });

  it('gives a shorter timeout after longer ones a timer of its own, on time', () => {
    const scheduler = virtualTime();
    const long = requests(scheduler, 3, 5000);
    const short = requests(scheduler, 1, 100);
    advanceTo(scheduler, 6000);
    expect(short.failedAt).toEqual([100]);
    expect(long.failedAt).toEqual([5000, 5001, 5002]);
  });

  it('leaves no scheduled action once every request settled', () => {
    const scheduler = virtualTime();
    const peer = rawPeer({ scheduler });
    const subscriptions = Array.from({ length: 200 }, (_, i) =>
      peer.connection
        .request$('tools/call', { i }, { timeout: 60_000 })
        .subscribe({ error: () => {} }),
    );
    expect(scheduler.actions.length).toBeGreaterThan(0);
    for (const [i, subscription] of subscriptions.entries()) {
      if (i % 2 === 0) subscription.unsubscribe();
    }
    for (let id = 1; id < 200; id += 2) peer.send({ jsonrpc: '2.0', id, result: {} });
    expect(peer.connection.stats().outbound).toBe(0);
    expect(scheduler.actions.filter((action) => !action.closed)).toEqual([]);
  });

  it('re-arms an idle deadline moved by progress and still fails on time', () => {
    const scheduler = virtualTime();
    const peer = rawPeer({ scheduler });
    let failedAt: number | undefined;
    peer.connection
      .request$('tools/call', {}, { timeout: 100, progress: true })
      .subscribe({ error: () => (failedAt = scheduler.now()) });
    scheduler.schedule(
      () =>
        peer.send({
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken: 0, progress: 1 },
        }),
      80,
    );
    advanceTo(scheduler, 1000);
    expect(failedAt).toBe(180);
  });
});
