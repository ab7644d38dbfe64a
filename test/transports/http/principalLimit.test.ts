/** Open sessions per principal (transports/http/principalLimit.ts): the bound, release, the key. */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { limitKey, PrincipalLimit } from '../../../transports/http/principalLimit.js';

describe('PrincipalLimit', () => {
  it('gives each key at most max places, independently of other keys', () => {
    const limit = new PrincipalLimit(2);
    const a1 = limit.acquire('a');
    const a2 = limit.acquire('a');
    expect(a1 && a2).toBeTypeOf('function');
    expect(limit.acquire('a')).toBeUndefined();
    expect(limit.acquire('b')).toBeTypeOf('function');
    expect(limit.counts()).toEqual(
      new Map([
        ['a', 2],
        ['b', 1],
      ]),
    );
  });

  it('frees a place on release, once per acquisition, and forgets a key at zero', () => {
    const limit = new PrincipalLimit(1);
    const release = limit.acquire('a');
    release?.();
    release?.(); // idempotent: does not free a place someone else holds
    const again = limit.acquire('a');
    expect(again).toBeTypeOf('function');
    release?.();
    expect(limit.acquire('a')).toBeUndefined();
    again?.();
    expect(limit.counts().has('a')).toBe(false);
  });

  it('counts by principal when there is one, else by remote address', () => {
    const req = { socket: { remoteAddress: '127.0.0.1' } } as IncomingMessage;
    expect(limitKey(req, 'token:abc')).toBe('token:abc');
    expect(limitKey(req, undefined)).toBe('addr:127.0.0.1');
    expect(limitKey({ socket: {} } as IncomingMessage, undefined)).toBe('addr:unknown');
  });
});
