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

  it('a store restarted empty: an instance it no longer names is still forwarded to within its TTL, not listed', async () => {
    let now = 1_000;
    const clock = () => now;
    const store = new MemoryClusterStore(clock);
    const member = (id: string) =>
      new Membership({ store, self: { id, url: `http://${id}` }, now: clock, ttlMs: 3_000 });
    const a = member('a');
    const b = member('b');
    await b.beat();
    await a.beat();
    expect(a.urlOf('b')).toBe('http://b');
    // Redis came back empty: `a` beats first and the store names only `a`.
    await store.close();
    now += 500;
    await a.beat();
    expect(a.members().map((m) => m.id)).toEqual(['a']);
    expect(a.urlOf('b')).toBe('http://b');
    // `b` beats again: listed again.
    now += 500;
    await b.beat();
    await a.beat();
    expect(a.members().map((m) => m.id)).toEqual(['a', 'b']);
    // Wiped again, and `b` never beats again: its URL goes once its last beat is past the TTL.
    await store.close();
    now += 2_999;
    await a.beat();
    expect(a.urlOf('b')).toBe('http://b');
    now += 1;
    expect(a.urlOf('b')).toBeUndefined();
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
