/**
 * `ClusterRateLimiter`: the buckets of `mcpMux.rateLimits` shared by two instances through one
 * `MemoryClusterStore` on virtual time; exact while the store answers, each instance's own
 * buckets while it is down, shared again when it returns.
 */
import { VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { ClusterRateLimiter } from '../../../actors/routes/clusterRateLimiter.js';
import { RateLimiter } from '../../../actors/routes/rateLimiter.js';
import type { Principal } from '../../../core/auth/index.js';
import type { ClusterStore } from '../../../core/cluster/index.js';
import type { RateLimitRule } from '../../../core/config/index.js';
import { switchableClusterStore } from '../../fixtures/switchableClusterStore.js';

const alice: Principal = { id: 'token:alice', tokenName: 'alice', scopes: [] };
const bob: Principal = { id: 'token:bob', tokenName: 'bob', scopes: [] };
const RULES: RateLimitRule[] = [{ principals: ['*'], perMinute: 60, burst: 2 }];

const advance = (scheduler: VirtualTimeScheduler, ms: number) => {
  scheduler.schedule(() => {}, ms);
  scheduler.flush();
};

/** Two instances on one clock and one store, with the same (or given) rules. */
function cluster(rulesB: RateLimitRule[] = RULES) {
  const scheduler = new VirtualTimeScheduler();
  const now = () => scheduler.now();
  const store = switchableClusterStore(now);
  const instance = (rules: RateLimitRule[], shared: ClusterStore) =>
    new ClusterRateLimiter(new RateLimiter(rules, now), shared);
  return { scheduler, store, a: instance(RULES, store), b: instance(rulesB, store) };
}

const take = (limiter: ClusterRateLimiter, who: Principal, tool = 'gh__create') =>
  limiter.take(who, who.id, 'gh', tool);

describe('ClusterRateLimiter', () => {
  it('shares one bucket per principal and rule across instances', async () => {
    const { scheduler, a, b } = cluster();
    expect(await take(a, alice)).toBeUndefined();
    expect(await take(b, alice)).toBeUndefined();
    // Alone, each instance would still have one call of its burst of 2.
    expect(await take(a, alice)).toEqual({ rule: 0, retryAfterMs: 1000 });
    expect(await take(b, alice)).toEqual({ rule: 0, retryAfterMs: 1000 });
    expect(await take(b, bob)).toBeUndefined(); // another principal, another bucket
    advance(scheduler, 1000);
    expect(await take(b, alice)).toBeUndefined();
    expect(await take(a, alice)).toEqual({ rule: 0, retryAfterMs: 1000 });
  });

  it('falls back to each instance’s own buckets while the store is down, then shares again', async () => {
    const { scheduler, store, a, b } = cluster();
    expect(await take(a, alice)).toBeUndefined();
    expect(await take(b, alice)).toBeUndefined();
    store.down = true;
    const takesBefore = store.calls.get('takeToken');
    // Local buckets: full on each instance, never a client-visible store error.
    expect(await take(a, alice)).toBeUndefined();
    expect(await take(a, alice)).toBeUndefined();
    expect(await take(a, alice)).toEqual({ rule: 0, retryAfterMs: 1000 });
    expect(await take(b, alice)).toBeUndefined();
    expect(store.calls.get('takeToken')).toBe(takesBefore);
    store.down = false;
    advance(scheduler, 2000);
    expect(await take(a, alice)).toBeUndefined();
    expect(await take(b, alice)).toBeUndefined();
    expect(await take(a, alice)).toEqual({ rule: 0, retryAfterMs: 1000 });
  });

  it('keys buckets by the rule’s content: a changed rule is another bucket', async () => {
    const { a, b } = cluster([{ principals: ['*'], perMinute: 30, burst: 2 }]);
    expect(await take(a, alice)).toBeUndefined();
    expect(await take(a, alice)).toBeUndefined();
    expect(await take(a, alice)).toEqual({ rule: 0, retryAfterMs: 1000 });
    expect(await take(b, alice)).toBeUndefined();
  });

  it('takes nothing for a call no rule matches', async () => {
    const scheduler = new VirtualTimeScheduler();
    const store = switchableClusterStore(() => scheduler.now());
    const rules: RateLimitRule[] = [
      { principals: ['*'], tools: ['gh__create'], perMinute: 1, burst: 1 },
    ];
    const limiter = new ClusterRateLimiter(new RateLimiter(rules, () => scheduler.now()), store);
    expect(await take(limiter, alice, 'gh__read')).toBeUndefined();
    expect(store.calls.get('takeToken')).toBeUndefined();
  });

  it('decides locally when the store does not answer within its bound', async () => {
    const scheduler = new VirtualTimeScheduler();
    const store = switchableClusterStore(() => scheduler.now());
    const limiter = new ClusterRateLimiter(
      new RateLimiter(RULES, () => scheduler.now()),
      store,
      20,
    );
    store.stalled = true;
    const started = performance.now();
    expect(await take(limiter, alice)).toBeUndefined();
    expect(await take(limiter, alice)).toBeUndefined();
    expect(await take(limiter, alice)).toEqual({ rule: 0, retryAfterMs: 1000 }); // local burst 2
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
