import { afterEach, describe, expect, it } from 'vitest';
import { createHttpHandler } from '../../../transports/http/httpHandler.js';
import { createWebSocketFacade } from '../../../transports/websocket/websocketServer.js';
import { startOAuthServer } from '../../fixtures/oauthServer.js';
import { type EchoFacade, initialize, raw, startEchoFacade } from './fixtures.js';

let running: EchoFacade | undefined;
afterEach(async () => {
  await running?.facade.close();
  running = undefined;
});

const headersFor = (port: number, extra: Record<string, string> = {}) => ({
  host: `127.0.0.1:${port}`,
  accept: 'application/json, text/event-stream',
  'content-type': 'application/json',
  ...extra,
});

describe('DNS rebinding protection', () => {
  it('binds to 127.0.0.1 by default', async () => {
    running = await startEchoFacade();
    expect(running.facade.address().host).toBe('127.0.0.1');
    expect(running.facade.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });

  it('rejects a foreign Host with 403 and accepts the loopback names', async () => {
    running = await startEchoFacade({ preferJson: true });
    const { port } = running.facade.address();
    const body = JSON.stringify(initialize());
    const evil = await raw(running.facade.url, {
      method: 'POST',
      headers: headersFor(port, { host: `evil.example:${port}` }),
      body,
    });
    expect(evil.status).toBe(403);
    expect(JSON.parse(evil.body)).toMatchObject({
      id: null,
      error: { message: expect.stringMatching(/Host/) },
    });
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      const ok = await raw(running.facade.url, {
        method: 'POST',
        headers: headersFor(port, { host }),
        body,
      });
      expect(ok.status, host).toBe(200);
    }
    const sse = await raw(`http://127.0.0.1:${port}/sse`, {
      headers: { host: `evil.example:${port}` },
    });
    expect(sse.status).toBe(403);
  });

  it('rejects an Origin that is not allowed with 403, accepts its own and listed origins', async () => {
    running = await startEchoFacade({ preferJson: true, allowedOrigins: ['https://app.example'] });
    const { port } = running.facade.address();
    const body = JSON.stringify(initialize());
    const evil = await raw(running.facade.url, {
      method: 'POST',
      headers: headersFor(port, { origin: 'http://evil.example' }),
      body,
    });
    expect(evil.status).toBe(403);
    for (const origin of ['https://app.example', `http://localhost:${port}`]) {
      const ok = await raw(running.facade.url, {
        method: 'POST',
        headers: headersFor(port, { origin }),
        body,
      });
      expect(ok.status, origin).toBe(200);
    }
  });

  it('can be turned off, with extra allowed hosts otherwise', async () => {
    running = await startEchoFacade({ preferJson: true, allowedHosts: ['mux.internal:8080'] });
    const { port } = running.facade.address();
    const body = JSON.stringify(initialize());
    const ok = await raw(running.facade.url, {
      method: 'POST',
      headers: headersFor(port, { host: 'mux.internal:8080' }),
      body,
    });
    expect(ok.status).toBe(200);
    await running.facade.close();
    running = await startEchoFacade({ preferJson: true, dnsRebindingProtection: false });
    const open = await raw(running.facade.url, {
      method: 'POST',
      headers: headersFor(running.facade.address().port, {
        host: 'anything:1',
        origin: 'http://x',
      }),
      body,
    });
    expect(open.status).toBe(200);
  });
});

describe('bearer tokens', () => {
  it('answers 401 with WWW-Authenticate when the token is missing or wrong', async () => {
    running = await startEchoFacade({ preferJson: true, bearerTokens: ['s3cret', 'other'] });
    const { port } = running.facade.address();
    const body = JSON.stringify(initialize());
    const missing = await raw(running.facade.url, {
      method: 'POST',
      headers: headersFor(port),
      body,
    });
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    const wrong = await raw(running.facade.url, {
      method: 'POST',
      headers: headersFor(port, { authorization: 'Bearer nope' }),
      body,
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token"/);
    const ok = await raw(running.facade.url, {
      method: 'POST',
      headers: headersFor(port, { authorization: 'Bearer other' }),
      body,
    });
    expect(ok.status).toBe(200);
    const legacy = await raw(`http://127.0.0.1:${port}/sse`, {
      headers: { host: `127.0.0.1:${port}` },
    });
    expect(legacy.status).toBe(401);
  });
});

describe('JWT audience behind a proxy (no Host check)', () => {
  it('refuses to start without a configured resource, and never accepts a forged Host as audience', async () => {
    const auth = await startOAuthServer();
    try {
      const jwt = { issuer: auth.issuer, jwksUrl: auth.jwksUrl };
      const problem = /needs mcpMux\.auth\.resource/;
      await expect(startEchoFacade({ jwt, dnsRebindingProtection: false })).rejects.toThrow(
        problem,
      );
      expect(() => createHttpHandler({ jwt, dnsRebindingProtection: false })).toThrow(problem);
      await expect(createWebSocketFacade({ jwt, dnsRebindingProtection: false })).rejects.toThrow(
        problem,
      );

      const resource = 'https://mux.example.com/mcp';
      running = await startEchoFacade({
        jwt,
        resource,
        dnsRebindingProtection: false,
        preferJson: true,
      });
      const { port } = running.facade.address();
      const body = JSON.stringify(initialize());
      const as = (token: string, host: string) =>
        raw(running?.facade.url ?? '', {
          method: 'POST',
          headers: headersFor(port, { host, authorization: `Bearer ${token}` }),
          body,
        });
      // A token minted for another server, sent with that server's name as Host.
      const foreign = await auth.mint({ sub: 'u' }, { audience: 'http://other.example/mcp' });
      const refused = await as(foreign, 'other.example');
      expect(refused.status).toBe(401);
      expect(refused.headers['www-authenticate']).toBe(
        'Bearer error="invalid_token", resource_metadata="https://mux.example.com/.well-known/oauth-protected-resource/mcp"',
      );
      const own = await auth.mint({ sub: 'u' }, { audience: resource });
      expect((await as(own, 'other.example')).status).toBe(200);
      const metadata = await raw(
        `http://127.0.0.1:${port}/.well-known/oauth-protected-resource/mcp`,
        { headers: { host: 'other.example' } },
      );
      expect(JSON.parse(metadata.body).resource).toBe(resource);
    } finally {
      await auth.close();
    }
  });
});

describe('request bodies', () => {
  it('answers 413 past the body limit, declared or streamed', async () => {
    running = await startEchoFacade({ maxBodyBytes: 1024 });
    const { port } = running.facade.address();
    const big = JSON.stringify({ ...initialize(), pad: 'x'.repeat(4096) });
    const declared = await raw(running.facade.url, {
      method: 'POST',
      headers: headersFor(port),
      body: big,
    });
    expect(declared.status).toBe(413);
    const streamed = await raw(running.facade.url, {
      method: 'POST',
      headers: headersFor(port, { 'transfer-encoding': 'chunked' }),
      body: big,
    });
    expect(streamed.status).toBe(413);
  });

  it('answers 413 for 5 MiB with the default 4 MiB limit', async () => {
    running = await startEchoFacade();
    const { port } = running.facade.address();
    const big = Buffer.alloc(5 * 1024 * 1024, 0x20);
    const res = await raw(running.facade.url, {
      method: 'POST',
      headers: headersFor(port),
      body: big,
    });
    expect(res.status).toBe(413);
  });

  it('answers bad JSON with 400 and a -32700 error (id null), and a wrong type with 415', async () => {
    running = await startEchoFacade();
    const { port } = running.facade.address();
    const bad = await raw(running.facade.url, {
      method: 'POST',
      headers: headersFor(port),
      body: '{"jsonrpc":',
    });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: expect.any(String) },
    });
    const text = await raw(running.facade.url, {
      method: 'POST',
      headers: headersFor(port, { 'content-type': 'text/plain' }),
      body: JSON.stringify(initialize()),
    });
    expect(text.status).toBe(415);
    expect(running.sessions).toHaveLength(0);
  });
});
