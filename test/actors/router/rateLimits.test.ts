import { VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../actors/downstream/host.js';
import { rateLimitsOf } from '../../../actors/router/rateLimits.js';
import type { RateLimitRule } from '../../../core/config/index.js';
import { RpcError } from '../../../core/errors/index.js';
import type { RouterObserver } from '../../../core/observe/index.js';

const alice: Caller = {
  context: {
    protocolVersion: '2025-06-18',
    clientCapabilities: {},
    clientInfo: undefined,
    sessionId: '1',
  },
  session: undefined,
  inbound: { id: 1, signal: new AbortController().signal },
  identity: { id: 'token:alice', tokenName: 'alice', scopes: [] },
};

describe('rateLimitsOf', () => {
  it('is undefined without rules; one limiter per config; refusals throw and are counted', () => {
    const scheduler = new VirtualTimeScheduler();
    let rules: RateLimitRule[] | undefined;
    const counted: [string, number][] = [];
    const observer = { rateLimited: (u: string, r: number) => counted.push([u, r]) };
    const current = rateLimitsOf(() => rules, scheduler, observer as unknown as RouterObserver);
    expect(current()).toBeUndefined();
    rules = [{ principals: ['token:alice'], perMinute: 1, burst: 1 }];
    const check = current();
    expect(current()).toBe(check); // the same rules: the same buckets
    check?.(alice, 'gh', 'gh__x');
    let error: unknown;
    try {
      check?.(alice, 'gh', 'gh__x');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RpcError);
    expect((error as RpcError).data).toEqual({ retryAfterMs: 60_000, rule: 0 });
    expect(counted).toEqual([['gh', 0]]);
    // A reload with other rules starts with full buckets.
    rules = [{ principals: ['token:alice'], perMinute: 1, burst: 1 }];
    expect(() => current()?.(alice, 'gh', 'gh__x')).not.toThrow();
    rules = [];
    expect(current()).toBeUndefined();
  });
});
