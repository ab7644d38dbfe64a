/**
 * Two HTTP facades in one process as two cluster instances (fixed membership): a session
 * opened on one is used through the other — the answer comes back, an SSE stream is streamed
 * through (events before its end) and resumed with Last-Event-ID through the hop — and the
 * owner refuses a hop that is stale, signed for another principal or with another key.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { HOP_HEADER, HopAuth } from '../../../core/cluster/index.js';
import { ClusterRouting, ROUND_GONE } from '../../../transports/http/clusterRouting.js';
import {
  ACCEPT_BOTH,
  bufferedBytesOf,
  type EchoFacade,
  messagesOf,
  openSession,
  post,
  readEvents,
  startEchoFacade,
  until,
} from './fixtures.js';

const KEY = 'r'.repeat(32);
let running: EchoFacade[] = [];

afterEach(async () => {
  await Promise.all(running.map((r) => r.facade.close()));
  running = [];
});

type Handler = Parameters<typeof startEchoFacade>[1];

/** Instances `a` and `b`; `urls` says where each is (a missing entry: gone). */
async function pair(handler?: Handler, now?: () => number, refresh?: () => Promise<void>) {
  const urls = new Map<string, string>();
  const routing = (self: string) =>
    new ClusterRouting({
      self,
      key: KEY,
      urlOf: (id) => urls.get(id),
      ...(now ? { now } : {}),
      ...(refresh ? { refresh } : {}),
    });
  const ra = routing('a');
  const rb = routing('b');
  const a = await startEchoFacade({ cluster: ra }, handler);
  const b = await startEchoFacade({ cluster: rb }, handler);
  running.push(a, b);
  const base = (f: EchoFacade) => f.facade.url.slice(0, -'/mcp'.length);
  urls.set('a', base(a));
  urls.set('b', base(b));
  return { a, b, ra, rb, urls };
}

const ping = (id: number | string) => ({ jsonrpc: '2.0', id, method: 'ping' });

describe('ClusterRouting between two facades', () => {
  it('is off without the option: session ids stay random UUIDs, a hop header is ignored', async () => {
    const plain = await startEchoFacade();
    running.push(plain);
    const id = await openSession(plain.facade.url);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const res = await post(plain.facade.url, ping(2), { 'mcp-session-id': id, [HOP_HEADER]: 'x' });
    expect(res.status).toBe(200);
    expect((await fetch(`${plain.facade.url.slice(0, -4)}/.mcp-mux/instance`)).status).toBe(404);
  });

  it('a session opened on a is served through b, and the forward is counted', async () => {
    const { a, b, rb } = await pair();
    const id = await openSession(a.facade.url);
    expect(id).toMatch(/^1\.a\./);
    const res = await post(b.facade.url, ping(2), { 'mcp-session-id': id });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      id: 2,
      result: { echo: 'ping', params: null },
    });
    expect(b.sessions).toHaveLength(0);
    expect([...rb.stats.counts]).toEqual([['session POST answered', 1]]);
    expect(rb.stats.headerSeconds.count).toBe(1);
    const gone = await fetch(b.facade.url, { method: 'DELETE', headers: { 'mcp-session-id': id } });
    expect(gone.status).toBe(200);
    expect((await post(a.facade.url, ping(3), { 'mcp-session-id': id })).status).toBe(404);
  });

  it('streams SSE through the hop as it comes, and resumes it there with Last-Event-ID', async () => {
    let step: ((n: number) => void) | undefined;
    const { a, b } = await pair((session, message) => {
      if (message.method === 'long') {
        step = (n) =>
          n < 3
            ? session.send(
                { jsonrpc: '2.0', method: 'tick', params: { n } },
                { relatedRequestId: 'L' },
              )
            : session.send({ jsonrpc: '2.0', id: 'L', result: { n } });
      } else if ('id' in message) session.send({ jsonrpc: '2.0', id: message.id, result: {} });
    });
    const id = await openSession(a.facade.url);
    const abort = new AbortController();
    const res = await fetch(b.facade.url, {
      method: 'POST',
      headers: { accept: ACCEPT_BOTH, 'content-type': 'application/json', 'mcp-session-id': id },
      body: JSON.stringify({ jsonrpc: '2.0', id: 'L', method: 'long' }),
      signal: abort.signal,
    });
    await until(() => step !== undefined);
    step!(1);
    // Priming event + tick 1 arrive while the owner's stream is still open: not buffered.
    const first = await readEvents(res, 2);
    expect(messagesOf(first)).toEqual([{ jsonrpc: '2.0', method: 'tick', params: { n: 1 } }]);
    const lastId = first.at(-1)!.lastEventId;
    abort.abort();
    // The client's disconnect reaches the owner through the hop.
    await until(() => bufferedBytesOf(a.sessions[0]!) === 0);
    step!(2);
    const resumed = await fetch(b.facade.url, {
      headers: { accept: 'text/event-stream', 'mcp-session-id': id, 'last-event-id': lastId },
    });
    expect(resumed.status).toBe(200);
    setTimeout(() => step!(3), 20);
    expect(messagesOf(await readEvents(resumed))).toEqual([
      { jsonrpc: '2.0', method: 'tick', params: { n: 2 } },
      { jsonrpc: '2.0', id: 'L', result: { n: 3 } },
    ]);
  });

  it('an owner the view does not know yet is looked for at once, and the session is forwarded', async () => {
    let refreshes = 0;
    let lookUp = () => {};
    const { a, b, urls } = await pair(undefined, undefined, async () => {
      refreshes++;
      lookUp();
    });
    const id = await openSession(a.facade.url);
    const aBase = urls.get('a') ?? '';
    // b's view predates a (a peer that came up after b's last beat): the look finds it.
    urls.delete('a');
    lookUp = () => urls.set('a', aBase);
    const res = await post(b.facade.url, ping(2), { 'mcp-session-id': id });
    expect(res.status).toBe(200);
    expect(refreshes).toBe(1);
    // Known now: no more looks.
    expect((await post(b.facade.url, ping(3), { 'mcp-session-id': id })).status).toBe(200);
    expect(refreshes).toBe(1);
  });

  it('an owner that stays unknown is 404, with at most one look per half second (virtual time)', async () => {
    let refreshes = 0;
    let clock = 1_000_000;
    const { a, b, urls } = await pair(
      undefined,
      () => clock,
      async () => {
        refreshes++;
      },
    );
    const id = await openSession(a.facade.url);
    urls.delete('a');
    for (let i = 0; i < 3; i++) {
      expect((await post(b.facade.url, ping(i), { 'mcp-session-id': id })).status).toBe(404);
    }
    expect(refreshes).toBe(1);
    clock += 600;
    expect((await post(b.facade.url, ping(9), { 'mcp-session-id': id })).status).toBe(404);
    expect(refreshes).toBe(2);
  });

  it('an owner gone is 404 for a session and -32602 "retry from the start" for a round', async () => {
    const { a, b, urls } = await pair();
    const id = await openSession(a.facade.url);
    urls.set('a', 'http://127.0.0.1:1');
    const res = await post(b.facade.url, ping(2), { 'mcp-session-id': id });
    expect(res.status).toBe(404);
    urls.delete('a');
    expect((await post(b.facade.url, ping(3), { 'mcp-session-id': id })).status).toBe(404);
    const claims = Buffer.from(
      JSON.stringify({
        ...{ round: 'r', nonce: 'n', principal: '', method: 'tools/call', upstream: 'u' },
        ...{ digest: 'd', expiresAt: Date.now() + 60_000, instance: 'a' },
      }),
    ).toString('base64url');
    const round = await post(
      b.facade.url,
      {
        jsonrpc: '2.0',
        id: 9,
        method: 'tools/call',
        params: {
          name: 'x',
          requestState: `mux1.${claims}.mac`,
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      },
      { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'x' },
    );
    expect(await round.json()).toEqual({
      jsonrpc: '2.0',
      id: 9,
      error: { code: -32602, message: ROUND_GONE, data: { reason: 'gone' } },
    });
  });

  it('the owner refuses a hop signed with another key, for another principal, or stale (virtual time)', async () => {
    let now = Date.now();
    const { a } = await pair(undefined, () => now);
    const id = await openSession(a.facade.url);
    const facts = { method: 'POST', session: id, principal: '' };
    const send = (hop: string) =>
      post(a.facade.url, ping(4), { 'mcp-session-id': id, [HOP_HEADER]: hop });
    expect((await send(new HopAuth('z'.repeat(32)).sign('b', facts, now))).status).toBe(403);
    expect(
      (await send(new HopAuth(KEY).sign('b', { ...facts, principal: 'token:x' }, now))).status,
    ).toBe(403);
    const signed = new HopAuth(KEY).sign('b', facts, now);
    expect((await send(signed)).status).toBe(200);
    now += 31_000;
    expect((await send(signed)).status).toBe(403);
  });
});
