/**
 * `sessionPlaces` on the listeners: two HTTP facades (two instances), each with its own
 * `ClusterPlaces` over one `MemoryClusterStore`, bound a principal's sessions together:
 * Streamable HTTP sessions, legacy SSE streams and WebSocket connections opened on one
 * instance count on the other,
 * a DELETE gives the place back, another principal is served, and with the store down each
 * instance applies its own bound with no error.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { HttpFacade } from '../../transports/http/httpFacade.js';
import { ClusterPlaces } from '../../transports/http/index.js';
import {
  createWebSocketFacade,
  type WebSocketFacade,
} from '../../transports/websocket/websocketServer.js';
import { switchableClusterStore } from '../fixtures/switchableClusterStore.js';
import { initialize, post, startEchoFacade } from './http/fixtures.js';

const A = { authorization: 'Bearer token-a' };
const B = { authorization: 'Bearer token-b' };

const facades: (HttpFacade | WebSocketFacade)[] = [];
const sockets: WebSocket[] = [];
const places: ClusterPlaces[] = [];
const aborts: AbortController[] = [];
afterEach(async () => {
  for (const abort of aborts.splice(0)) abort.abort();
  for (const socket of sockets.splice(0)) socket.terminate();
  await Promise.all(facades.splice(0).map((f) => f.close()));
  for (const p of places.splice(0)) p.close();
});

async function twoInstances(max: number) {
  const store = switchableClusterStore();
  const start = async (instanceId: string) => {
    const sessionPlaces = new ClusterPlaces({ store, instanceId });
    places.push(sessionPlaces);
    const { facade } = await startEchoFacade({
      bearerTokens: ['token-a', 'token-b'],
      maxSessionsPerPrincipal: max,
      sessionPlaces,
    });
    facades.push(facade);
    return facade;
  };
  return { store, one: await start('one'), two: await start('two') };
}

const open = async (facade: HttpFacade, who: Record<string, string>) => {
  const res = await post(facade.url, initialize(), who);
  await res.text();
  return { status: res.status, session: res.headers.get('mcp-session-id') };
};

describe('sessions per principal across instances', () => {
  it('Streamable HTTP: the bound holds across instances; DELETE gives the place back', async () => {
    const { one, two } = await twoInstances(1);
    const first = await open(one, A);
    expect(first.status).toBe(200);
    const refused = await post(two.url, initialize(), A);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: { code: -32000 } });
    expect((await open(two, B)).status).toBe(200);
    const deleted = await fetch(one.url, {
      method: 'DELETE',
      headers: { ...A, 'mcp-session-id': first.session ?? '' },
    });
    expect(deleted.status).toBeLessThan(300);
    let again = 0;
    for (let i = 0; i < 50 && again !== 200; i++) {
      again = (await open(two, A)).status;
      if (again !== 200) await new Promise((r) => setTimeout(r, 20));
    }
    expect(again).toBe(200);
  });

  it('legacy SSE streams count with Streamable HTTP sessions across instances', async () => {
    const { one, two } = await twoInstances(1);
    const abort = new AbortController();
    aborts.push(abort);
    const root = one.url.replace(/\/mcp$/, '');
    const stream = await fetch(`${root}/sse`, {
      headers: { accept: 'text/event-stream', ...A },
      signal: abort.signal,
    });
    expect(stream.status).toBe(200);
    expect((await post(two.url, initialize(), A)).status).toBe(429);
  });

  it('with the store down each instance applies its own bound, and nobody sees an error', async () => {
    const { store, one, two } = await twoInstances(1);
    store.down = true;
    expect((await open(one, A)).status).toBe(200);
    expect((await open(two, A)).status).toBe(200);
  });

  it('WebSocket connections count with HTTP sessions across instances; a close frees the place', async () => {
    const { store, one } = await twoInstances(1);
    const sessionPlaces = new ClusterPlaces({ store, instanceId: 'three' });
    places.push(sessionPlaces);
    const ws = await createWebSocketFacade({
      port: 0,
      bearerTokens: ['token-a', 'token-b'],
      maxSessionsPerPrincipal: 1,
      sessionPlaces,
    });
    facades.push(ws);
    const opened = await openWs(ws.url, A);
    expect(opened).toBeInstanceOf(WebSocket);
    expect((await post(one.url, initialize(), A)).status).toBe(429);
    (opened as WebSocket).close();
    let again = 0;
    for (let i = 0; i < 50 && again !== 200; i++) {
      again = (await open(one, A)).status;
      if (again !== 200) await new Promise((r) => setTimeout(r, 20));
    }
    expect(again).toBe(200);
    expect(await openWs(ws.url, A)).toBe(429);
  });
});

/** Opens a WebSocket; resolves with it once open, or with the HTTP status that refused it. */
function openWs(url: string, who: Record<string, string>): Promise<WebSocket | number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, ['mcp'], { headers: who });
    sockets.push(socket);
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
    });
    socket.once('error', reject);
  });
}
