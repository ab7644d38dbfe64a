/**
 * One timer for a connection's request deadlines (core/operators/deadlines.ts), on virtual time:
 * requests sharing a timeout share one scheduled action, each still fails at its own exact
 * deadline, a shorter timeout after longer ones gets its own timer, and settled requests leave
 * no timer behind (nothing may keep a process alive for a request that is over).
 */
import type { VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { LocalError } from '../../../core/errors/errors.js';
import { Deadlines, deadlinesFor } from '../../../core/operators/deadlines.js';
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

describe('deadline FIFOs shared across connections', () => {
  it('arms one action for 100 connections with a request each, not one each', () => {
    const { scheduler, scheduled } = countingClock();
    const peers = Array.from({ length: 100 }, () => rawPeer({ scheduler }));
    const before = scheduled();
    const errors: unknown[] = [];
    peers.forEach((peer, i) => {
      peer.connection
        .request$('tools/call', { i }, { timeout: 1000 })
        .subscribe({ error: (e) => errors.push(e) });
    });
    // A FIFO per connection armed (and, once answered, cleared) one action per request.
    expect(scheduled() - before).toBe(1);
    for (const peer of peers) peer.send({ jsonrpc: '2.0', id: 0, result: {} });
    advanceTo(scheduler, 5000);
    expect(errors).toEqual([]);
    // Nothing left armed for settled requests: the clock runs out of actions.
    expect(scheduler.actions.length).toBe(0);
  });

  it("fails each connection's request at its own deadline", () => {
    const scheduler = virtualTime();
    const a = requests(scheduler, 1, 100);
    const b = requests(scheduler, 3, 100, 10);
    advanceTo(scheduler, 1000);
    expect(a.failedAt).toEqual([100]);
    expect(b.failedAt).toEqual([100, 110, 120]);
    expect([...a.codes, ...b.codes]).toEqual(['timeout', 'timeout', 'timeout', 'timeout']);
  });

  it('keeps connections of different timeouts in FIFOs of their own, each on time', () => {
    const { scheduler, scheduled } = countingClock();
    // Four connections, two of each timeout, two requests each (at 0 and 1 ms).
    const longs = [requests(scheduler, 2, 1000, 1), requests(scheduler, 2, 1000, 1)];
    const shorts = [requests(scheduler, 2, 100, 1), requests(scheduler, 2, 100, 1)];
    const before = scheduled();
    advanceTo(scheduler, 5);
    // One action for the advance itself; then one per first wait (a FIFO per connection: 4).
    expect(scheduled() - before - 1).toBe(2);
    advanceTo(scheduler, 2000);
    for (const s of shorts) expect(s.failedAt).toEqual([100, 101]);
    for (const l of longs) expect(l.failedAt).toEqual([1000, 1001]);
  });
});

describe('deadlinesFor', () => {
  it('shares a FIFO per scheduler and first wait, and leaves the rest to the caller', () => {
    const one = virtualTime();
    const other = virtualTime();
    const own = new Deadlines(one);
    const shared = deadlinesFor(one, 1000, undefined, own);
    expect(shared).not.toBe(own);
    expect(deadlinesFor(one, 1000, undefined, new Deadlines(one))).toBe(shared);
    // The first wait is the nearer limit: a total limit under the timeout decides.
    expect(deadlinesFor(one, 5000, 1000, own)).toBe(shared);
    expect(deadlinesFor(one, undefined, 1000, own)).toBe(shared);
    expect(deadlinesFor(one, 2000, undefined, own)).not.toBe(shared);
    expect(deadlinesFor(other, 1000, undefined, own)).not.toBe(shared);
    // No limit: nothing to time, the connection's own.
    expect(deadlinesFor(one, undefined, undefined, own)).toBe(own);
    expect(deadlinesFor(one, Number.POSITIVE_INFINITY, Number.NaN, own)).toBe(own);
  });

  it('stops sharing past a bound of distinct first waits', () => {
    const scheduler = virtualTime();
    const own = new Deadlines(scheduler);
    const fifos = new Set<Deadlines>();
    for (let wait = 1; wait <= 200; wait++)
      fifos.add(deadlinesFor(scheduler, wait, undefined, own));
    // 64 shared FIFOs; every later wait gets the caller's own.
    expect(fifos.size).toBe(65);
    expect(deadlinesFor(scheduler, 200, undefined, own)).toBe(own);
    expect(deadlinesFor(scheduler, 1, undefined, own)).not.toBe(own);
  });
});
