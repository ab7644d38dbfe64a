/** The loopback redirect listener of an interactive login (transports/http/oauth/loopbackRedirect.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listenForRedirect } from '../../../../transports/http/oauth/loopbackRedirect.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('listenForRedirect', () => {
  it('binds a free port for port 0, answers the callback path once with a page, and resolves its query', async () => {
    const redirect = await listenForRedirect('http://127.0.0.1:0/callback');
    expect(redirect.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(redirect.redirectUri).not.toContain(':0/');
    const other = await fetch(new URL('/favicon.ico', redirect.redirectUri));
    expect(other.status).toBe(404);
    const post = await fetch(redirect.redirectUri, { method: 'POST' });
    expect(post.status).toBe(404);
    const page = await fetch(`${redirect.redirectUri}?code=abc&state=xyz`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('mcp-mux received the authorization');
    const params = await redirect.parameters;
    expect([params.get('code'), params.get('state')]).toEqual(['abc', 'xyz']);
    // It closed itself after the redirect.
    await expect(fetch(redirect.redirectUri)).rejects.toThrow();
  });

  it('gives up after its timeout (virtual time) and when closed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const waiting = await listenForRedirect('http://127.0.0.1:0/cb', 60_000);
    const outcome = waiting.parameters.catch((e: Error) => e.message);
    vi.advanceTimersByTime(59_999);
    vi.advanceTimersByTime(1);
    expect(await outcome).toBe(`no authorization arrived at http://127.0.0.1:0/cb within 60 s`);
    vi.useRealTimers();

    const abandoned = await listenForRedirect('http://127.0.0.1:0/cb');
    abandoned.close();
    await expect(abandoned.parameters).rejects.toThrow('the login was abandoned');
    await expect(fetch(abandoned.redirectUri)).rejects.toThrow();
  });

  it('refuses a redirect URI that is not http', async () => {
    await expect(listenForRedirect('https://127.0.0.1:0/cb')).rejects.toThrow(
      'the redirect URI must be http://127.0.0.1:PORT/…, got https://127.0.0.1:0/cb',
    );
  });
});
