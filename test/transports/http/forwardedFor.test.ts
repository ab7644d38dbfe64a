/**
 * The client's address for per-address limits (transports/http/forwardedFor.ts):
 * `X-Forwarded-For` only from trusted proxies, read from the right, first untrusted hop.
 */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress, plainIp } from '../../../transports/http/forwardedFor.js';
import { limitKey } from '../../../transports/http/principalLimit.js';

const req = (peer: string | undefined, forwarded?: string | string[]) =>
  ({
    socket: { remoteAddress: peer },
    headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
  }) as unknown as IncomingMessage;

describe('clientAddress', () => {
  it('ignores X-Forwarded-For without trustProxy: any client can write it', () => {
    expect(clientAddress(req('127.0.0.1', '10.0.0.1'))).toBe('127.0.0.1');
    expect(clientAddress(req('::ffff:127.0.0.1', '10.0.0.1'), false)).toBe('127.0.0.1');
    expect(limitKey(req('127.0.0.1', '10.0.0.1'), undefined)).toBe('addr:127.0.0.1');
  });

  it('with trustProxy true takes the address the proxy appended, not what the client wrote', () => {
    expect(clientAddress(req('127.0.0.1', '10.0.0.1'), true)).toBe('10.0.0.1');
    // The client forged the left part; the proxy appended the real peer at the right.
    expect(clientAddress(req('127.0.0.1', '6.6.6.6, 10.0.0.2'), true)).toBe('10.0.0.2');
    expect(clientAddress(req('127.0.0.1', ['6.6.6.6', '10.0.0.3']), true)).toBe('10.0.0.3');
    expect(limitKey(req('127.0.0.1', '10.0.0.1'), undefined, true)).toBe('addr:10.0.0.1');
    expect(limitKey(req('127.0.0.1', '10.0.0.1'), 'token:a', true)).toBe('token:a');
    // No header, or a malformed hop: the peer.
    expect(clientAddress(req('127.0.0.1'), true)).toBe('127.0.0.1');
    expect(clientAddress(req('127.0.0.1', 'not-an-ip'), true)).toBe('127.0.0.1');
  });

  it('with a list skips the trusted proxies and believes only a trusted peer', () => {
    const proxies = ['127.0.0.1', '10.1.1.1'];
    expect(clientAddress(req('127.0.0.1', '203.0.113.9, 10.1.1.1'), proxies)).toBe('203.0.113.9');
    expect(clientAddress(req('::ffff:127.0.0.1', '6.6.6.6, 203.0.113.9'), proxies)).toBe(
      '203.0.113.9',
    );
    // An untrusted peer's header is its own writing.
    expect(clientAddress(req('192.0.2.7', '203.0.113.9'), proxies)).toBe('192.0.2.7');
    // Every hop trusted: the peer.
    expect(clientAddress(req('127.0.0.1', '10.1.1.1'), proxies)).toBe('127.0.0.1');
  });

  it('normalizes addresses with ports, brackets and IPv4-mapped IPv6', () => {
    expect(plainIp('10.0.0.1:443')).toBe('10.0.0.1');
    expect(plainIp('[2001:DB8::1]:443')).toBe('2001:db8::1');
    expect(plainIp('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(plainIp('2001:db8::1')).toBe('2001:db8::1');
    expect(plainIp('unknown')).toBeUndefined();
    expect(clientAddress(req(undefined))).toBe('unknown');
  });
});
