/**
 * The in-memory `ClusterStore` (core/cluster/memoryClusterStore.ts), on a virtual clock: what
 * expires when, compare-and-set, locks held by one holder, places with holders and the GCRA
 * bucket's burst and spacing.
 */
import { describe, expect, it } from 'vitest';
import { MemoryClusterStore } from '../../../core/cluster/index.js';

function store() {
  const clock = { now: 1_000 };
  return { clock, store: new MemoryClusterStore(() => clock.now) };
}

describe('MemoryClusterStore', () => {
  it('lists instances until their last beat expires, and drops one that leaves', async () => {
    const { clock, store: s } = store();
    await s.heartbeat({ id: 'a', url: 'http://a', startedAt: 0, beatAt: 1_000 }, 5_000);
    await s.heartbeat({ id: 'b', url: 'http://b', startedAt: 0, beatAt: 1_000 }, 5_000);
    clock.now = 4_000;
    await s.heartbeat({ id: 'a', url: 'http://a', startedAt: 0, beatAt: 4_000 }, 5_000);
    clock.now = 6_500;
    expect((await s.instances()).map((i) => i.id)).toEqual(['a']);
    await s.leave('a');
    expect(await s.instances()).toEqual([]);
  });

  it('expires values after their TTL and sets by compare-and-set only from the expected value', async () => {
    const { clock, store: s } = store();
    await s.set('k', 'v1', 100);
    expect(await s.compareAndSet('k', 'other', 'v2')).toBe(false);
    expect(await s.compareAndSet('k', 'v1', 'v2')).toBe(true);
    expect(await s.get('k')).toBe('v2');
    expect(await s.compareAndSet('absent', undefined, 'x', 50)).toBe(true);
    clock.now += 60;
    expect(await s.get('absent')).toBeUndefined();
    await s.delete('k');
    expect(await s.get('k')).toBeUndefined();
  });

  it('gives a lock to one holder until it is released or expires; a stale release frees nothing', async () => {
    const { clock, store: s } = store();
    const first = await s.tryLock('refresh:x', 1_000);
    expect(first).toBeDefined();
    expect(await s.tryLock('refresh:x', 1_000)).toBeUndefined();
    clock.now += 1_001;
    const second = await s.tryLock('refresh:x', 1_000);
    expect(second).toBeDefined();
    await first?.release(); // expired holder: must not free the second one's lock
    expect(await s.tryLock('refresh:x', 1_000)).toBeUndefined();
    await second?.release();
    expect(await s.tryLock('refresh:x', 1_000)).toBeDefined();
  });

  it('counts places by holder, frees them on release or expiry, and refreshes the living', async () => {
    const { clock, store: s } = store();
    expect(await s.acquirePlace('sessions:p', 'i1:1', 2, 1_000)).toBe(true);
    expect(await s.acquirePlace('sessions:p', 'i1:1', 2, 1_000)).toBe(true); // same holder
    expect(await s.acquirePlace('sessions:p', 'i2:1', 2, 1_000)).toBe(true);
    expect(await s.acquirePlace('sessions:p', 'i3:1', 2, 1_000)).toBe(false);
    clock.now += 800;
    await s.refreshPlace('sessions:p', 'i1:1', 1_000);
    clock.now += 300; // i2:1 expired (its instance died), i1:1 refreshed
    expect(await s.acquirePlace('sessions:p', 'i3:1', 2, 1_000)).toBe(true);
    expect(await s.acquirePlace('sessions:p', 'i4:1', 2, 1_000)).toBe(false);
    await s.releasePlace('sessions:p', 'i1:1');
    expect(await s.acquirePlace('sessions:p', 'i4:1', 2, 1_000)).toBe(true);
  });

  it('lets a burst through at once, then one call per interval, and says how long to wait', async () => {
    const { clock, store: s } = store();
    const takes = [];
    for (let i = 0; i < 4; i++) takes.push(await s.takeToken('rate:r:p', 1_000, 3));
    expect(takes.map((t) => t.allowed)).toEqual([true, true, true, false]);
    expect(takes[3]?.retryAfterMs).toBe(1_000);
    clock.now += 999;
    expect((await s.takeToken('rate:r:p', 1_000, 3)).allowed).toBe(false);
    clock.now += 1;
    expect((await s.takeToken('rate:r:p', 1_000, 3)).allowed).toBe(true);
    expect((await s.takeToken('rate:other:p', 1_000, 3)).allowed).toBe(true);
  });
});
