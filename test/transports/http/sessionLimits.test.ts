/**
 * One client cannot lock out the others: sessions are counted per
 * principal (bearer token, else remote address); past the bound the principal's least
 * recently active quiet session is closed to make room, and when all of them are busy the new
 * one gets 429 while other principals are still served; a session never used after its
 * `initialize` expires after the short unconfirmed timeout.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Protection } from '../../../transports/http/protection.js';
import { StreamableHttpServer } from '../../../transports/http/streamableHttpServer.js';
import {
  type EchoFacade,
  echo,
  initialize,
  post,
  readEvents,
  startEchoFacade,
} from './fixtures.js';

let server: Server | undefined;
let endpoint: StreamableHttpServer | undefined;
let facade: EchoFacade | undefined;
afterEach(async () => {
  await facade?.facade.close();
  facade = undefined;
  await endpoint?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = endpoint = undefined;
});

async function start(options: ConstructorParameters<typeof StreamableHttpServer>[0]) {
  endpoint = new StreamableHttpServer(options);
  endpoint.connections$.subscribe((session) =>
    session.messages$.subscribe((m) => echo(session, m as Record<string, unknown>)),
  );
  const http = createServer();
  server = http;
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
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

const A = { authorization: 'Bearer token-a' };
const B = { authorization: 'Bearer token-b' };

async function open(url: string, who: Record<string, string>) {
  const res = await post(url, initialize(), who);
  const id = res.headers.get('mcp-session-id');
  if (res.status === 200) await readEvents(res);
  else await res.text();
  return { status: res.status, id };
}

const ping = (url: string, who: Record<string, string>, id: string) =>
  post(url, { jsonrpc: '2.0', id: 9, method: 'ping' }, { ...who, 'mcp-session-id': id }).then(
    async (res) => {
      await res.text();
      return res.status;
    },
  );

describe('sessions per principal', () => {
  it('closes the least recently active quiet session of the principal to make room', async () => {
    const url = await start({ maxSessionsPerPrincipal: 3 });
    const first = await open(url, A);
    const second = await open(url, A);
    const third = await open(url, A);
    expect(await ping(url, A, first.id ?? '')).toBe(200); // now `second` is the oldest
    const fourth = await open(url, A);
    expect(fourth.status).toBe(200);
    expect(await ping(url, A, second.id ?? '')).toBe(404);
    expect(await ping(url, A, first.id ?? '')).toBe(200);
    expect(await ping(url, A, third.id ?? '')).toBe(200);
    expect(endpoint?.sessionsPerPrincipal().size).toBe(1);
    expect([...(endpoint?.sessionsPerPrincipal().values() ?? [])]).toEqual([3]);
  });

  it('answers 429 when all of them are busy, and still serves another principal', async () => {
    const url = await start({ maxSessionsPerPrincipal: 2 });
    const streams: AbortController[] = [];
    for (let i = 0; i < 2; i += 1) {
      const { id } = await open(url, A);
      const controller = new AbortController();
      streams.push(controller);
      // An open GET stream: the session is in use, not a candidate for eviction.
      const get = await fetch(url, {
        headers: { ...A, accept: 'text/event-stream', 'mcp-session-id': id ?? '' },
        signal: controller.signal,
      });
      expect(get.status).toBe(200);
    }
    expect((await open(url, A)).status).toBe(429);
    expect((await open(url, B)).status).toBe(200);
    for (const controller of streams) controller.abort();
  });
});

describe('a full server', () => {
  it("closes a quiet session (the newcomer's own first, else the oldest) before refusing with 503", async () => {
    const url = await start({ maxSessions: 3 });
    const b1 = await open(url, B);
    const b2 = await open(url, B);
    const b3 = await open(url, B);
    expect(await ping(url, B, b1.id ?? '')).toBe(200); // now b2 is the oldest
    const a1 = await open(url, A); // A has none of its own: the oldest quiet one goes
    expect(a1.status).toBe(200);
    expect(await ping(url, B, b2.id ?? '')).toBe(404);
    expect(await ping(url, B, b1.id ?? '')).toBe(200);
    expect(await ping(url, B, b3.id ?? '')).toBe(200);
    const a2 = await open(url, A); // A's own quiet session goes before B's older b3
    expect(a2.status).toBe(200);
    expect(await ping(url, A, a1.id ?? '')).toBe(404);
    expect(await ping(url, B, b3.id ?? '')).toBe(200);
    // All three busy (open GET streams): the next one is refused and nothing is closed.
    const streams: AbortController[] = [];
    for (const [who, id] of [
      [B, b1.id],
      [B, b3.id],
      [A, a2.id],
    ] as const) {
      const controller = new AbortController();
      streams.push(controller);
      const get = await fetch(url, {
        headers: { ...who, accept: 'text/event-stream', 'mcp-session-id': id ?? '' },
        signal: controller.signal,
      });
      expect(get.status).toBe(200);
    }
    expect((await open(url, A)).status).toBe(503);
    expect(await ping(url, A, a2.id ?? '')).toBe(200);
    expect(await ping(url, B, b1.id ?? '')).toBe(200);
    for (const controller of streams) controller.abort();
  });
});

describe('unconfirmed sessions', () => {
  it('expire after the short timeout; sessions in use keep the long one', async () => {
    const url = await start({
      unconfirmedSessionTimeoutMs: 60_000,
      sessionIdleTimeoutMs: 1_800_000,
    });
    const unused = await open(url, A);
    const used = await open(url, A);
    expect(await ping(url, A, used.id ?? '')).toBe(200);
    endpoint?.sweep(Date.now() + 61_000, 1_800_000, 60_000);
    expect(await ping(url, A, unused.id ?? '')).toBe(404);
    expect(await ping(url, A, used.id ?? '')).toBe(200);
  });
});

describe('clients without a token, counted by address', () => {
  const from = (address: string) => ({ 'x-forwarded-for': address });

  it('share one pool per peer address: X-Forwarded-For is ignored without trustProxy', async () => {
    facade = await startEchoFacade({ maxSessionsPerPrincipal: 1 });
    const { url } = facade.facade;
    const first = await open(url, from('10.0.0.1'));
    const second = await open(url, from('10.0.0.2'));
    expect(second.status).toBe(200);
    // Both came from 127.0.0.1: the second closed the first to make room.
    expect(await ping(url, {}, first.id ?? '')).toBe(404);
    expect(await ping(url, {}, second.id ?? '')).toBe(200);
  });

  it('with trustProxy get a pool per forwarded address, which a client cannot forge', async () => {
    facade = await startEchoFacade({ maxSessionsPerPrincipal: 1, trustProxy: true });
    const { url } = facade.facade;
    const first = await open(url, from('10.0.0.1'));
    const second = await open(url, from('10.0.0.2'));
    expect(await ping(url, {}, first.id ?? '')).toBe(200);
    expect(await ping(url, {}, second.id ?? '')).toBe(200);
    // The proxy appends the real peer: a forged left part does not make another pool.
    const third = await open(url, from('6.6.6.6, 10.0.0.1'));
    expect(third.status).toBe(200);
    expect(await ping(url, {}, first.id ?? '')).toBe(404);
    expect(await ping(url, {}, second.id ?? '')).toBe(200);
  });
});
