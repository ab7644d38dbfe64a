/** `ListenQuota`: places per key up to the live bound, given back once, keys apart. */
import { describe, expect, it } from 'vitest';
import { ListenQuota } from '../../../actors/downstream/listenQuota.js';

describe('ListenQuota', () => {
  it('gives `maxPerPrincipal` places per key, takes them back once, and reads the bound live', () => {
    let max = 2;
    const quota = new ListenQuota(() => ({ maxUris: 10, maxPerPrincipal: max }));
    const a1 = quota.acquire('a');
    const a2 = quota.acquire('a');
    expect(a1 && a2).toBeTypeOf('function');
    expect(quota.acquire('a')).toBeUndefined();
    expect(quota.acquire('b')).toBeTypeOf('function');
    a1?.();
    a1?.(); // idempotent
    expect(quota.counts()).toEqual(
      new Map([
        ['a', 1],
        ['b', 1],
      ]),
    );
    expect(quota.total).toBe(2);
    max = 1; // a reload lowered it: held places stay, new ones are refused
    expect(quota.acquire('a')).toBeUndefined();
    a2?.();
    expect(quota.counts().has('a')).toBe(false);
    expect(quota.limits).toEqual({ maxUris: 10, maxPerPrincipal: 1 });
  });
});
