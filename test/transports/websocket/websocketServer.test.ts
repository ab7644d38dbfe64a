import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { CloseReason, FrameError, Transport } from '../../../core/rpc/transport.js';
import {
  createWebSocketFacade,
  type WebSocketFacade,
  type WebSocketFacadeOptions,
} from '../../../transports/websocket/websocketServer.js';
import { until } from '../http/fixtures.js';

let facade: WebSocketFacade | undefined;
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  await facade?.close();
  facade = undefined;
});

interface Session {
  transport: Transport;
  messages: unknown[];
  errors: FrameError[];
  reasons: CloseReason[];
}

async function start(options: WebSocketFacadeOptions = {}): Promise<Session[]> {
  facade = await createWebSocketFacade({ port: 0, ...options });
  const sessions: Session[] = [];
  facade.connections$.subscribe((transport) => {
    const session: Session = { transport, messages: [], errors: [], reasons: [] };
    transport.messages$.subscribe((m) => session.messages.push(m));
    transport.errors$.subscribe((e) => session.errors.push(e));
    transport.closed$.subscribe((r) => session.reasons.push(r));
    sessions.push(session);
  });
  return sessions;
}

/** Opens a raw ws client; resolves with it once open, or with the HTTP status that refused it. */
function connect(
  url: string,
  protocols: string[] = ['mcp'],
  options: ConstructorParameters<typeof WebSocket>[2] = {},
): Promise<WebSocket | { status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocols, options);
    sockets.push(ws);
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode ?? 0, headers: res.headers });
      res.resume();
    });
    ws.once('error', reject);
  });
}

describe('WebSocket server', () => {
  it('selects the mcp subprotocol and moves one JSON-RPC message per text frame', async () => {
    const sessions = await start();
    const ws = (await connect(facade!.url)) as WebSocket;
    expect(ws.protocol).toBe('mcp');
    const received: unknown[] = [];
    ws.on('message', (data) => received.push(JSON.parse(String(data))));
    ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize' }));
    ws.send(JSON.stringify([{ jsonrpc: '2.0', method: 'a' }]));
    await until(() => sessions[0]?.messages.length === 2);
    expect(sessions[0]!.messages).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'initialize' },
      [{ jsonrpc: '2.0', method: 'a' }],
    ]);
    sessions[0]!.transport.send({ jsonrpc: '2.0', id: 1, result: {} });
    await until(() => received.length === 1);
    expect(received[0]).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  it('reports bad JSON as a parse FrameError and keeps the connection', async () => {
    const sessions = await start();
    const ws = (await connect(facade!.url)) as WebSocket;
    ws.send('{nope');
    ws.send('{"jsonrpc":"2.0","method":"after"}');
    await until(() => sessions[0]?.messages.length === 1);
    expect(sessions[0]!.errors.map((e) => e.kind)).toEqual(['parse']);
    expect(sessions[0]!.reasons).toEqual([]);
  });

  it('rejects a client that offers subprotocols without mcp, accepts one that offers none', async () => {
    const sessions = await start();
    expect(await connect(facade!.url, ['graphql-ws'])).toMatchObject({ status: 400 });
    const plain = (await connect(facade!.url, [])) as WebSocket;
    expect(plain.readyState).toBe(WebSocket.OPEN);
    await until(() => sessions.length === 1);
  });

  it('refuses a foreign Host or Origin with 403 before upgrading', async () => {
    const sessions = await start();
    const { port } = facade!.address();
    expect(await connect(facade!.url, ['mcp'], { origin: 'http://evil.example' })).toMatchObject({
      status: 403,
    });
    expect(
      await connect(facade!.url, ['mcp'], { headers: { host: `evil.example:${port}` } }),
    ).toMatchObject({ status: 403 });
    expect(sessions).toHaveLength(0);
  });

  it('refuses a missing or wrong bearer token with 401 and WWW-Authenticate', async () => {
    const sessions = await start({ bearerTokens: ['tok'] });
    const missing = await connect(facade!.url);
    expect(missing).toMatchObject({ status: 401, headers: { 'www-authenticate': 'Bearer' } });
    const wrong = await connect(facade!.url, ['mcp'], { headers: { authorization: 'Bearer bad' } });
    expect(wrong).toMatchObject({ status: 401 });
    const ok = await connect(facade!.url, ['mcp'], { headers: { authorization: 'Bearer tok' } });
    expect((ok as WebSocket).readyState).toBe(WebSocket.OPEN);
    await until(() => sessions.length === 1);
  });

  it('terminates a peer that does not answer pings', async () => {
    const sessions = await start({ pingIntervalMs: 30 });
    await connect(facade!.url, ['mcp'], { autoPong: false });
    await until(() => sessions[0]?.reasons.length === 1);
    expect(sessions[0]!.reasons[0]).toMatchObject({
      kind: 'error',
      error: { message: expect.stringMatching(/ping/) },
    });
  });

  it('keeps a peer that answers pings', async () => {
    const sessions = await start({ pingIntervalMs: 20 });
    await connect(facade!.url);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(sessions[0]!.reasons).toEqual([]);
  });

  it('closes the connection on a message over maxPayload', async () => {
    const sessions = await start({ maxPayload: 1024 });
    const ws = (await connect(facade!.url)) as WebSocket;
    const closed = new Promise<number>((resolve) => ws.once('close', resolve));
    ws.send(JSON.stringify({ jsonrpc: '2.0', method: 'big', params: { pad: 'x'.repeat(2048) } }));
    expect(await closed).toBe(1009);
    await until(() => sessions[0]?.reasons.length === 1);
    expect(sessions[0]!.errors.map((e) => e.kind)).toEqual(['too-large']);
    expect(sessions[0]!.reasons[0]!.kind).toBe('error');
  });

  it('cuts a slow reader past maxBufferedBytes', async () => {
    const sessions = await start({ maxBufferedBytes: 1024 });
    const ws = (await connect(facade!.url)) as WebSocket;
    ws.pause(); // stop reading
    await until(() => sessions.length === 1);
    const big = { jsonrpc: '2.0', method: 'big', params: { pad: 'x'.repeat(256 * 1024) } };
    for (let i = 0; i < 64 && sessions[0]!.reasons.length === 0; i++)
      sessions[0]!.transport.send(big);
    expect(sessions[0]!.reasons[0]).toMatchObject({ kind: 'slow-reader' });
  });

  it('a server-side close reaches the client, a client close reaches the server', async () => {
    const sessions = await start();
    const a = (await connect(facade!.url)) as WebSocket;
    const b = (await connect(facade!.url)) as WebSocket;
    await until(() => sessions.length === 2);
    const closedA = new Promise<number>((resolve) => a.once('close', resolve));
    await sessions[0]!.transport.close();
    expect(await closedA).toBe(1000);
    b.close();
    await until(() => sessions[1]!.reasons.length === 1);
    expect(sessions[1]!.reasons).toEqual([{ kind: 'remote' }]);
  });

  it('answers a plain HTTP request with 426', async () => {
    await start();
    const res = await fetch(facade!.url.replace(/^ws/, 'http'));
    expect(res.status).toBe(426);
  });
});

describe('WebSocket profile paths', () => {
  it('labels a connection on /mcp/<name> with its profile, and refuses other names with 404', async () => {
    const sessions = await start({ hasProfile: (name) => name === 'coding' });
    const url = facade?.url ?? '';
    const ws = (await connect(`${url}/coding`)) as WebSocket;
    expect(ws.readyState).toBe(WebSocket.OPEN);
    await until(() => sessions.length === 1);
    expect(sessions[0]?.transport.profile).toBe('coding');
    expect(await connect(`${url}/other`)).toMatchObject({ status: 404 });
    const plain = (await connect(url)) as WebSocket;
    expect(plain.readyState).toBe(WebSocket.OPEN);
    await until(() => sessions.length === 2);
    expect(sessions[1]?.transport.profile).toBeUndefined();
  });
});
