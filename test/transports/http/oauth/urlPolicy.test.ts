/**
 * Which URLs the OAuth client may reach over plain HTTP (transports/http/oauth/urlPolicy.ts):
 * loopback literals and the name `localhost`, decided on the URL alone, never a look-alike name.
 */
import { describe, expect, it } from 'vitest';
import { isLoopback, requireSecureUrl } from '../../../../transports/http/oauth/urlPolicy.js';

const loopback = (url: string) => isLoopback(new URL(url));

describe('isLoopback', () => {
  it('accepts 127.0.0.0/8, ::1, IPv4-mapped 127.x and the name localhost', () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://127.255.3.4:8080/x',
      'http://127.1/', // WHATWG parsing makes this 127.0.0.1
      'http://[::1]:9/',
      'http://[0:0:0:0:0:0:0:1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://localhost:3000/',
      'http://LOCALHOST/',
    ]) {
      expect(loopback(url), url).toBe(true);
    }
  });

  it('refuses names that only look like loopback, and other addresses', () => {
    for (const url of [
      'http://127.attacker.example/',
      'http://127.0.0.1.nip.io/',
      'http://localhost.evil/',
      'http://localhost./',
      'http://evil-localhost/',
      'http://128.0.0.1/',
      'http://10.0.0.1/',
      'http://[::2]/',
      'http://[::ffff:10.0.0.1]/',
      'http://[fe80::1]/',
    ]) {
      expect(loopback(url), url).toBe(false);
    }
  });
});

describe('requireSecureUrl', () => {
  it('allows HTTPS anywhere and HTTP only to loopback', () => {
    expect(() => requireSecureUrl(new URL('https://as.example/token'))).not.toThrow();
    expect(() => requireSecureUrl(new URL('http://127.0.0.1:1/token'))).not.toThrow();
    expect(() => requireSecureUrl(new URL('http://127.attacker.example/'))).toThrow(
      'refusing http://127.attacker.example: authorization endpoints must use HTTPS',
    );
    expect(() => requireSecureUrl(new URL('ftp://127.0.0.1/'))).toThrow(/must use HTTPS/);
  });
});
