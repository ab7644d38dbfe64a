/**
 * `mcpMux.maxSessionsPerPrincipal` on the listeners whose sessions are live connections:
 * legacy HTTP+SSE streams and WebSocket connections are counted per
 * principal (bearer token, else remote address); one more than the bound gets 429 while
 * another principal is still served, and a closed one gives its place back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { HttpFacade } from '../../transports/http/httpFacade.js';
import {
  createWebSocketFacade,
  type WebSocketFacade,
} from '../../transports/websocket/websocketServer.js';
import { startEchoFacade, until } from './http/fixtures.js';

const tokens = { bearerTokens: ['token-a', 'token-b'] };
const A = { authorization: 'Bearer token-a' };
const B = { authorization: 'Bearer token-b' };

let http: HttpFacade | undefined;
let ws: WebSocketFacade | undefined;
const aborts: AbortController[] = [];
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const abort of aborts.splice(0)) abort.abort();
  for (const socket of sockets.splice(0)) socket.terminate();
  await http?.close();
  await ws?.close();
  http = ws = undefined;
});

/** Opens a legacy SSE stream; its status, and a way to end it. */
async function openSse(root: string, who: Record<string, string>) {
  const abort = new AbortController();
  aborts.push(abort);
  const res = await fetch(`${root}/sse`, {
    headers: { accept: 'text/event-stream', ...who },
    signal: abort.signal,
  });
  if (res.status !== 200) await res.text();
  return { status: res.status, close: () => abort.abort() };
}

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

describe('sessions per principal on live-connection listeners', () => {
  it('legacy HTTP+SSE: 429 past the bound, another principal served, a closed stream frees a place', async () => {
    const running = await startEchoFacade({ ...tokens, maxSessionsPerPrincipal: 2 });
    http = running.facade;
    const root = http.url.replace(/\/mcp$/, '');
    const first = await openSse(root, A);
    const second = await openSse(root, A);
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await fetch(`${root}/sse`, { headers: { accept: 'text/event-stream', ...A } });
    expect(third.status).toBe(429);
    expect(await third.json()).toMatchObject({ error: { code: -32000 } });
    expect((await openSse(root, B)).status).toBe(200);
    expect(running.sessions).toHaveLength(3);
    first.close();
    let again = 0;
    for (let i = 0; i < 100 && again !== 200; i++) {
      again = (await openSse(root, A)).status;
      if (again !== 200) await new Promise((r) => setTimeout(r, 20));
    }
    expect(again).toBe(200);
  });

  it('WebSocket: 429 past the bound, another principal served, a closed socket frees a place', async () => {
    ws = await createWebSocketFacade({ port: 0, ...tokens, maxSessionsPerPrincipal: 2 });
    const url = ws.url;
    const first = await openWs(url, A);
    const second = await openWs(url, A);
    expect(first).toBeInstanceOf(WebSocket);
    expect(second).toBeInstanceOf(WebSocket);
    expect(await openWs(url, A)).toBe(429);
    expect(await openWs(url, B)).toBeInstanceOf(WebSocket);
    expect([...ws.sessionsPerPrincipal().values()].sort()).toEqual([1, 2]);
    (first as WebSocket).close();
    const facade = ws;
    await until(() => [...facade.sessionsPerPrincipal().values()].sort().join() === '1,1', 3000);
    expect(await openWs(url, A)).toBeInstanceOf(WebSocket);
    expect(await openWs(url, A)).toBe(429);
  });

  it('counts by remote address without tokens', async () => {
    ws = await createWebSocketFacade({ port: 0, maxSessionsPerPrincipal: 1 });
    expect(await openWs(ws.url, {})).toBeInstanceOf(WebSocket);
    expect(await openWs(ws.url, {})).toBe(429);
    expect([...ws.sessionsPerPrincipal().keys()]).toEqual(['addr:127.0.0.1']);
  });
});
