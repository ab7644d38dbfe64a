/**
 * Modern listens hold their HTTP response open: each counts among its principal's sessions
 * (`maxSessionsPerPrincipal`), so one token cannot hold every connection slot with listens.
 * Past the bound a listen gets 429 while another principal still listens; a listen that ends
 * gives its place back. Other modern requests (answered at once) are not counted.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Transport } from '../../../core/rpc/transport.js';
import { Protection } from '../../../transports/http/protection.js';
import { StreamableHttpServer } from '../../../transports/http/streamableHttpServer.js';
import { ACCEPT_BOTH, until } from './fixtures.js';

let server: Server | undefined;
let endpoint: StreamableHttpServer | undefined;
afterEach(async () => {
  await endpoint?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = endpoint = undefined;
});

/** Listens get an acknowledgment and stay open; anything else is answered at once. */
function serve(transport: Transport) {
  transport.messages$.subscribe((m) => {
    const message = m as { id?: number; method?: string };
    if (message.method === 'subscriptions/listen') {
      transport.send({ jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged' });
    } else if (message.id !== undefined) {
      transport.send({ jsonrpc: '2.0', id: message.id, result: {} });
    }
  });
}

async function start(maxSessionsPerPrincipal: number) {
  const http = createServer();
  server = http;
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  endpoint = new StreamableHttpServer({ maxSessionsPerPrincipal });
  endpoint.connections$.subscribe(serve);
  const protection = new Protection(
    { bearerTokens: ['token-a', 'token-b'] },
    { host: '127.0.0.1', port },
  );
  const target = endpoint;
  http.on('request', (req, res) => {
    void protection.admit(req, res).then(async (ok) => {
      if (ok) await target.handle(req, res, protection);
    });
  });
  return `http://127.0.0.1:${port}/mcp`;
}

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

function modern(url: string, token: string, method: string, signal?: AbortSignal) {
  return fetch(url, {
    method: 'POST',
    headers: {
      accept: ACCEPT_BOTH,
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { _meta: META } }),
    ...(signal ? { signal } : {}),
  });
}

/** Opens a listen and reads its acknowledgment; the response stays open until aborted. */
async function listen(url: string, token: string) {
  const controller = new AbortController();
  const res = await modern(url, token, 'subscriptions/listen', controller.signal);
  // The first chunk holds the acknowledgment; the body is not cancelled (that would end it).
  if (res.status === 200) await res.body?.getReader().read();
  return { status: res.status, res, close: () => controller.abort() };
}

describe('modern listens per principal', () => {
  it('count among the principal sessions: 429 past the bound, another principal still listens', async () => {
    const url = await start(2);
    const first = await listen(url, 'token-a');
    const second = await listen(url, 'token-a');
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await listen(url, 'token-a');
    expect(third.status).toBe(429);
    expect(await third.res.json()).toMatchObject({
      error: { code: -32000, message: expect.stringMatching(/^Too Many Requests/) },
    });
    const other = await listen(url, 'token-b');
    expect(other.status).toBe(200);
    // Requests answered at once are not counted.
    const call = await modern(url, 'token-a', 'tools/list');
    expect(call.status).toBe(200);
    await call.text();
    // A listen that ends gives its place back.
    first.close();
    await until(() => [...(endpoint?.sessionsPerPrincipal().values() ?? [])].join() === '1,1');
    const again = await listen(url, 'token-a');
    expect(again.status).toBe(200);
    for (const open of [second, other, again]) open.close();
    await until(() => endpoint?.sessionsPerPrincipal().size === 0);
  });
});
