import { VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { RateLimiter, rateLimitedError } from '../../../actors/routes/rateLimiter.js';
import type { Principal } from '../../../core/auth/index.js';
import type { RateLimitRule } from '../../../core/config/index.js';

const alice: Principal = { id: 'token:alice', tokenName: 'alice', scopes: [] };
const bob: Principal = { id: 'token:bob', tokenName: 'bob', scopes: ['mcp:ci'] };

const advance = (scheduler: VirtualTimeScheduler, ms: number) => {
  scheduler.schedule(() => {}, ms);
  scheduler.flush();
};

function limiterOf(rules: RateLimitRule[]) {
  const scheduler = new VirtualTimeScheduler();
  return { scheduler, limiter: new RateLimiter(rules, () => scheduler.now()) };
}

const take = (limiter: RateLimiter, who: Principal | undefined, tool = 'gh__create') =>
  limiter.take(who, who?.id ?? '', 'gh', tool);

describe('RateLimiter (GCRA)', () => {
  it('lets a burst through, then one call per interval, with the wait it asks for', () => {
    const { scheduler, limiter } = limiterOf([{ principals: ['*'], perMinute: 60, burst: 3 }]);
    expect([1, 2, 3].map(() => take(limiter, alice))).toEqual([undefined, undefined, undefined]);
    expect(take(limiter, alice)).toEqual({ rule: 0, retryAfterMs: 1000 });
    advance(scheduler, 400);
    expect(take(limiter, alice)).toEqual({ rule: 0, retryAfterMs: 600 });
    advance(scheduler, 600);
    expect(take(limiter, alice)).toBeUndefined();
    expect(take(limiter, alice)?.retryAfterMs).toBe(1000);
    // A quiet spell refills the whole burst, no more.
    advance(scheduler, 60_000);
    expect([1, 2, 3].map(() => take(limiter, alice))).toEqual([undefined, undefined, undefined]);
    expect(take(limiter, alice)).toBeDefined();
  });

  it('keeps one bucket per principal; nobody authenticated shares one', () => {
    const { limiter } = limiterOf([{ principals: ['*'], perMinute: 1, burst: 1 }]);
    expect(take(limiter, alice)).toBeUndefined();
    expect(take(limiter, alice)).toBeDefined();
    expect(take(limiter, bob)).toBeUndefined();
    expect(take(limiter, undefined)).toBeUndefined();
    expect(take(limiter, undefined)).toBeDefined();
  });

  it('applies only matching rules (principal, upstream, tool glob), all of them', () => {
    const { limiter } = limiterOf([
      { principals: ['scope:mcp:ci'], tools: ['gh__create*'], perMinute: 60, burst: 2 },
      { principals: ['token:*'], upstreams: ['gh'], perMinute: 60, burst: 1 },
    ]);
    // Alice: rule 1 only.
    expect(take(limiter, alice)).toBeUndefined();
    expect(take(limiter, alice)).toEqual({ rule: 1, retryAfterMs: 1000 });
    expect(limiter.take(alice, alice.id, 'other', 'x')).toBeUndefined();
    // Bob: both; rule 1 refuses the second call, and the refusal takes nothing from rule 0.
    expect(take(limiter, bob)).toBeUndefined();
    expect(take(limiter, bob)).toEqual({ rule: 1, retryAfterMs: 1000 });
    expect(take(limiter, bob, 'gh__read')).toEqual({ rule: 1, retryAfterMs: 1000 });
  });

  it('drops idle buckets once there are many', () => {
    const { scheduler, limiter } = limiterOf([{ principals: ['*'], perMinute: 60, burst: 1 }]);
    for (let i = 0; i < 10_000; i++) limiter.take(undefined, `p${i}`, 'gh', 't');
    expect(limiter.size).toBe(10_000);
    advance(scheduler, 1000);
    limiter.take(undefined, 'late', 'gh', 't');
    expect(limiter.size).toBe(1);
  });

  it('matches each tool by its own name when more names come than it keeps matches for', () => {
    const { limiter } = limiterOf([
      { principals: ['*'], upstreams: ['gh'], tools: ['gh__create*'], perMinute: 1, burst: 1 },
    ]);
    // 5,000 names (past the 4,096 it keeps), each called twice by its own principal: only
    // the matching ones are limited.
    for (let i = 0; i < 5_000; i++) {
      const tool = i % 2 === 0 ? `gh__create_${i}` : `gh__read_${i}`;
      expect(limiter.take(undefined, `p${i}`, 'gh', tool)).toBeUndefined();
      expect(limiter.take(undefined, `p${i}`, 'gh', tool) === undefined).toBe(i % 2 === 1);
    }
    expect(limiter.size).toBe(2_500);
    expect(limiter.take(undefined, 'p0', 'gh', 'gh__create_0')).toBeDefined();
    expect(limiter.take(undefined, 'p0', 'other', 'gh__create_0')).toBeUndefined();
  });

  it('refuses with -32010, retryAfterMs and the rule', () => {
    const error = rateLimitedError({ rule: 2, retryAfterMs: 250 }, 'gh__create');
    expect(error.code).toBe(-32010);
    expect(error.data).toEqual({ retryAfterMs: 250, rule: 2 });
    expect(error.message).toMatch(/gh__create/);
  });
});
