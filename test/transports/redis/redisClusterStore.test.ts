import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisClusterStore } from '../../../transports/redis/index.js';
import { REDIS_BINARY, RedisServer } from './redisServer.js';

const waitFor = async (check: () => boolean, ms: number): Promise<boolean> => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
};

describe.skipIf(REDIS_BINARY === undefined)('RedisClusterStore on a real redis-server', () => {
  let redis: RedisServer;
  let a: RedisClusterStore;
  let b: RedisClusterStore;

  beforeAll(async () => {
    redis = await RedisServer.start();
    a = new RedisClusterStore({ url: redis.url, prefix: 't:' });
    b = new RedisClusterStore({ url: redis.url, prefix: 't:' });
    expect(await a.ready()).toBe(true);
    expect(await b.ready()).toBe(true);
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.kill();
  });

  it('shares the registry, and a leave or an expiry removes an instance', async () => {
    const now = Date.now();
    await a.heartbeat({ id: 'a', url: 'http://127.0.0.1:1', startedAt: now, beatAt: now }, 5_000);
    await b.heartbeat({ id: 'b', url: 'http://127.0.0.1:2', startedAt: now, beatAt: now }, 150);
    expect((await a.instances()).map((i) => i.id).sort()).toEqual(['a', 'b']);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await b.instances()).map((i) => i.id)).toEqual(['a']);
    await a.leave('a');
    expect(await b.instances()).toEqual([]);
  });

  it('values expire, and compare-and-set is exact', async () => {
    await a.set('tok', 'v1', 5_000);
    expect(await b.get('tok')).toBe('v1');
    expect(await b.compareAndSet('tok', 'v0', 'x')).toBe(false);
    expect(await b.compareAndSet('tok', 'v1', 'v2', 5_000)).toBe(true);
    expect(await a.compareAndSet('tok', 'v1', 'v3')).toBe(false);
    expect(await a.get('tok')).toBe('v2');
    expect(await a.compareAndSet('fresh', undefined, 'n')).toBe(true);
    expect(await b.compareAndSet('fresh', undefined, 'm')).toBe(false);
    await a.set('short', 's', 50);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await a.get('short')).toBeUndefined();
    await a.delete('tok');
    expect(await b.get('tok')).toBeUndefined();
  });

  it('a lock is exclusive, and released only by its holder', async () => {
    const held = await a.tryLock('refresh', 5_000);
    expect(held).toBeDefined();
    expect(await b.tryLock('refresh', 5_000)).toBeUndefined();
    await held?.release();
    const next = await b.tryLock('refresh', 5_000);
    expect(next).toBeDefined();
    // The first holder's second release must not free the second holder's lock.
    await held?.release();
    expect(await a.tryLock('refresh', 5_000)).toBeUndefined();
    await next?.release();
  });

  it('places have a maximum, holders expire, and release frees one', async () => {
    expect(await a.acquirePlace('p', 'a:1', 2, 5_000)).toBe(true);
    expect(await b.acquirePlace('p', 'b:1', 2, 100)).toBe(true);
    expect(await b.acquirePlace('p', 'b:2', 2, 5_000)).toBe(false);
    expect(await a.acquirePlace('p', 'a:1', 2, 5_000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 180));
    expect(await b.acquirePlace('p', 'b:2', 2, 5_000)).toBe(true);
    await a.releasePlace('p', 'a:1');
    await a.refreshPlace('p', 'b:2', 5_000);
    expect(await a.acquirePlace('p', 'a:2', 2, 5_000)).toBe(true);
    expect(await a.acquirePlace('p', 'a:3', 2, 5_000)).toBe(false);
  });

  it('GCRA: burst at once, then one per interval, shared across clients', async () => {
    const takes = [];
    for (let i = 0; i < 4; i++) takes.push(await (i % 2 ? a : b).takeToken('bk', 60_000, 3));
    expect(takes.map((t) => t.allowed)).toEqual([true, true, true, false]);
    expect(takes[3]?.retryAfterMs).toBeGreaterThan(59_000);
    expect(takes[3]?.retryAfterMs).toBeLessThanOrEqual(60_000);
    const fast = [];
    for (let i = 0; i < 2; i++) fast.push(await a.takeToken('fast', 100, 1));
    expect(fast.map((t) => t.allowed)).toEqual([true, false]);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect((await b.takeToken('fast', 100, 1)).allowed).toBe(true);
  });

  it('Redis killed: unavailable, commands reject fast; restarted: recovers', async () => {
    const changes: boolean[] = [];
    const off = a.onAvailability((up) => changes.push(up));
    await redis.kill();
    expect(await waitFor(() => !a.available, 3_000)).toBe(true);
    const started = Date.now();
    await expect(a.get('anything')).rejects.toThrow();
    await expect(a.takeToken('bk', 1000, 1)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(500);
    await redis.restart();
    expect(await waitFor(() => a.available && b.available, 8_000)).toBe(true);
    await a.set('after', 'ok');
    expect(await b.get('after')).toBe('ok');
    expect(changes).toEqual([false, true]);
    off();
  });
});
