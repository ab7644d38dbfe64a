/**
 * `ClusterPlaces`: sessions per principal counted by two instances through one
 * `MemoryClusterStore` on virtual time: the bound holds across them, places are given back,
 * a dead instance's places expire while a live one's are refreshed, and with the store down
 * the local bound alone decides (no error) until it returns and places register again.
 */
import { describe, expect, it, vi } from 'vitest';
import { ClusterPlaces } from '../../../transports/http/clusterPlaces.js';
import { switchableClusterStore } from '../../fixtures/switchableClusterStore.js';

function cluster() {
  let now = 0;
  const clock = {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
  const store = switchableClusterStore(clock.now);
  const instance = (instanceId: string) =>
    new ClusterPlaces({ store, instanceId, ttlMs: 60_000, refreshMs: 0 });
  return { clock, store, a: instance('a'), b: instance('b') };
}

describe('ClusterPlaces', () => {
  it('bounds a principal across instances and gives places back', async () => {
    const { a, b } = cluster();
    const first = await a.acquire('token:alice', 2);
    const second = await b.acquire('token:alice', 2);
    expect(first).toBeTypeOf('function');
    expect(second).toBeTypeOf('function');
    // Each instance holds one of its local two: the cluster's bound refuses.
    expect(await a.acquire('token:alice', 2)).toBeUndefined();
    expect(await b.acquire('token:alice', 2)).toBeUndefined();
    expect(a.counts()).toEqual(new Map([['token:alice', 1]])); // the refusal gave its local place back
    expect(await a.acquire('token:bob', 2)).toBeTypeOf('function');
    first?.();
    first?.(); // once, however often
    expect(await b.acquire('token:alice', 2)).toBeTypeOf('function');
    expect(await a.acquire('token:alice', 2)).toBeUndefined();
  });

  it('lets a dead instance’s places expire while refreshed ones stay', async () => {
    const { clock, store, a, b } = cluster();
    await a.acquire('token:alice', 2); // a then dies: never refreshed, never released
    await b.acquire('token:alice', 2);
    clock.advance(40_000);
    await b.refresh();
    clock.advance(30_000); // a's place is 70 s old, b's 30 s since its refresh
    const c = new ClusterPlaces({ store, instanceId: 'c', refreshMs: 0 });
    expect(await c.acquire('token:alice', 2)).toBeTypeOf('function'); // a's expired
    expect(await c.acquire('token:alice', 2)).toBeUndefined(); // b's was kept alive
  });

  it('with the store down: the local bound alone, no error; back: every held place registers', async () => {
    const { clock, store, a, b } = cluster();
    const held = await a.acquire('token:alice', 3);
    store.down = true;
    // Local only: a has room for two more, b for three, nobody sees the outage.
    expect(await a.acquire('token:alice', 3)).toBeTypeOf('function');
    expect(await a.acquire('token:alice', 3)).toBeTypeOf('function');
    expect(await a.acquire('token:alice', 3)).toBeUndefined();
    const duringOutage = await b.acquire('token:alice', 3);
    expect(duringOutage).toBeTypeOf('function');
    await a.refresh(); // fails quietly while down
    clock.advance(61_000); // a's first shared place expired meanwhile
    store.down = false;
    await a.refresh(); // registers a's three places
    await b.refresh(); // b's one finds the bound full
    expect(held).toBeTypeOf('function');
    // a's three (two taken during the outage) fill the bound of 3; b's found it full and is
    // not counted (its session lives on): a third instance is refused at 3, served at 4.
    const c = new ClusterPlaces({ store, instanceId: 'c', refreshMs: 0 });
    expect(await c.acquire('token:alice', 3)).toBeUndefined();
    expect(await c.acquire('token:alice', 4)).toBeTypeOf('function');
  });

  it('refreshes held places on one timer while any is held, and stops with the last', async () => {
    vi.useFakeTimers();
    try {
      const store = switchableClusterStore();
      const places = new ClusterPlaces({ store, instanceId: 'a', ttlMs: 30_000 });
      const one = await places.acquire('token:alice', 5);
      const two = await places.acquire('token:bob', 5);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(store.calls.get('refreshPlace')).toBe(2);
      one?.();
      await vi.advanceTimersByTimeAsync(10_000);
      expect(store.calls.get('refreshPlace')).toBe(3);
      two?.();
      expect(vi.getTimerCount()).toBe(0);
      places.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a store that does not answer in time leaves the local bound to decide', async () => {
    const store = switchableClusterStore();
    const places = new ClusterPlaces({ store, instanceId: 'a', refreshMs: 0, timeoutMs: 20 });
    store.stalled = true;
    expect(await places.acquire('token:alice', 1)).toBeTypeOf('function');
    expect(await places.acquire('token:alice', 1)).toBeUndefined(); // the local bound
    store.stalled = false;
    await places.refresh(); // registers the place once the store answers
    const other = new ClusterPlaces({ store, instanceId: 'b', refreshMs: 0 });
    expect(await other.acquire('token:alice', 1)).toBeUndefined();
  });
});
