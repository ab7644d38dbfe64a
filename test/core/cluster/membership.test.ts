import { describe, expect, it } from 'vitest';
import { Membership, MemoryClusterStore } from '../../../core/cluster/index.js';

describe('Membership (virtual time, memory store)', () => {
  it('sees the instances that beat, and loses one that stops or leaves', async () => {
    let now = 1_000;
    const clock = () => now;
    const store = new MemoryClusterStore(clock);
    const a = new Membership({
      store,
      self: { id: 'a', url: 'http://a' },
      now: clock,
      ttlMs: 3_000,
    });
    const b = new Membership({
      store,
      self: { id: 'b', url: 'http://b' },
      now: clock,
      ttlMs: 3_000,
    });
    await a.beat();
    await b.beat();
    await a.beat();
    expect(a.urlOf('b')).toBe('http://b');
    expect(a.urlOf('a')).toBeUndefined();
    expect(a.members().map((m) => [m.id, m.self])).toEqual([
      ['a', true],
      ['b', false],
    ]);
    now += 3_001;
    await a.beat();
    expect(a.urlOf('b')).toBeUndefined();
    await b.beat();
    await a.beat();
    expect(a.urlOf('b')).toBe('http://b');
    // The store down: the last view is kept (a dead owner fails at connect anyway).
    const heartbeat = store.heartbeat.bind(store);
    store.heartbeat = async () => {
      throw new Error('down');
    };
    now += 10_000;
    await a.beat();
    expect(a.urlOf('b')).toBe('http://b');
    store.heartbeat = heartbeat;
    await b.stop();
    await a.beat();
    expect(a.urlOf('b')).toBeUndefined();
  });

  it('static peers are live while their probe answers; a store failure is reported once', async () => {
    let up = true;
    const changes: boolean[] = [];
    const failing = new MemoryClusterStore();
    failing.heartbeat = async () => {
      throw new Error('down');
    };
    const m = new Membership({
      store: failing,
      self: { id: 'a', url: 'http://a' },
      peers: ['http://p1', 'http://p2'],
      probe: async (url) => (url === 'http://p1' && up ? 'p1' : undefined),
      onStoreChange: (available) => changes.push(available),
    });
    await m.beat();
    await m.beat();
    expect(m.urlOf('p1')).toBe('http://p1');
    expect(m.urlOf('p2')).toBeUndefined();
    up = false;
    await m.beat();
    expect(m.urlOf('p1')).toBeUndefined();
    expect(changes).toEqual([false]);
  });
});
