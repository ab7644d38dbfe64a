/**
 * `subscriptions/listen` bounds over real Streamable HTTP (the facade on 127.0.0.1, bearer
 * tokens, a real router over in-process fake upstreams): a listen naming more URIs than
 * `maxListenUris` gets -32602 at once while other requests are answered; a token past
 * `maxListensPerPrincipal` gets 429 with -31003 while another token still listens.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Router } from '../../actors/router/router.js';
import { createHttpFacade, type HttpFacade } from '../../transports/http/httpFacade.js';
import { FakeUpstreams, startRouter, until } from '../actors/inProcess.js';
import { ACCEPT_BOTH, raw } from '../transports/http/fixtures.js';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

let router: Router;
let facade: HttpFacade;
beforeAll(async () => {
  const fakes = new FakeUpstreams({ resources: {} });
  ({ router } = await startRouter(
    { a: { command: 'x' } },
    { fakes, mcpMux: { maxListenUris: 50, maxListensPerPrincipal: 2 } },
  ));
  facade = await createHttpFacade({
    port: 0,
    bearerTokens: ['token-a-0123456789', 'token-b-0123456789'],
  });
  facade.connections$.subscribe((transport) => router.connect(transport));
});
afterAll(async () => {
  await router.close();
  await facade.close();
});

const headers = (token: string, method: string) => ({
  accept: ACCEPT_BOTH,
  'content-type': 'application/json',
  authorization: `Bearer ${token}`,
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': method,
});

const body = (method: string, params: Record<string, unknown> = {}) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: META } });

/** Opens a listen; resolves at its first bytes (the acknowledgment) or its whole error body. */
function listen(token: string, notifications: Record<string, unknown>) {
  return new Promise<{ status: number; text: string; close: () => void }>((resolve, reject) => {
    const req = httpRequest(
      facade.url,
      { method: 'POST', headers: headers(token, 'subscriptions/listen') },
      (res) => {
        let text = '';
        const close = () => req.destroy();
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
          if (res.statusCode === 200 && text.includes('acknowledged')) {
            resolve({ status: 200, text, close });
          }
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, close }));
      },
    );
    req.on('error', reject);
    req.end(body('subscriptions/listen', { notifications }));
  });
}

const toolsList = (token: string) =>
  raw(facade.url, {
    method: 'POST',
    headers: headers(token, 'tools/list'),
    body: body('tools/list'),
  });

describe('subscriptions/listen bounds over Streamable HTTP', () => {
  it('refuses a listen naming more URIs than maxListenUris with -32602, and keeps answering', async () => {
    const uris = Array.from({ length: 51 }, (_, i) => `a://item/${i}`);
    const [refused, other] = await Promise.all([
      listen('token-a-0123456789', { resourceSubscriptions: uris }),
      toolsList('token-b-0123456789'),
    ]);
    expect(refused.status).toBe(200);
    expect(JSON.parse(refused.text)).toMatchObject({
      id: 1,
      error: {
        code: -32602,
        message: expect.stringContaining('mcpMux.maxListenUris'),
        data: { limit: 'maxListenUris', max: 50, count: 51 },
      },
    });
    expect(other.status).toBe(200);
    expect(JSON.parse(other.body).result.tools.length).toBeGreaterThan(0);
    const allowed = await listen('token-a-0123456789', { resourceSubscriptions: uris.slice(1) });
    expect(allowed.status).toBe(200);
    allowed.close();
    expect(await until(() => router.stats().listens === 0)).toBe(true);
  });

  it('answers 429 with -31003 to a token past maxListensPerPrincipal; another token still listens', async () => {
    const held = [
      await listen('token-a-0123456789', { toolsListChanged: true }),
      await listen('token-a-0123456789', { toolsListChanged: true }),
    ];
    expect(held.map((h) => h.status)).toEqual([200, 200]);
    const third = await listen('token-a-0123456789', { toolsListChanged: true });
    expect(third.status).toBe(429);
    expect(JSON.parse(third.text).error).toMatchObject({
      code: -31003,
      data: { limit: 'maxListensPerPrincipal', max: 2 },
    });
    const other = await listen('token-b-0123456789', { toolsListChanged: true });
    expect(other.status).toBe(200);
    for (const open of [...held, other]) open.close();
    expect(await until(() => router.stats().listens === 0)).toBe(true);
  });
});
