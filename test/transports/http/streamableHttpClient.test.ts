import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { CloseReason } from '../../../core/rpc/transport.js';
import { StreamableHttpClientTransport } from '../../../transports/http/streamableHttpClient.js';
import {
  bufferedBytesOf,
  type EchoFacade,
  initialize,
  startEchoFacade,
  until,
} from './fixtures.js';

let running: EchoFacade | undefined;
let client: StreamableHttpClientTransport | undefined;
let plain: Server | undefined;
afterEach(async () => {
  await client?.close();
  await running?.facade.close();
  plain?.closeAllConnections();
  await new Promise((resolve) => (plain ? plain.close(resolve) : resolve(undefined)));
  running = client = plain = undefined;
});

function collect(transport: StreamableHttpClientTransport) {
  const messages: unknown[] = [];
  const reasons: CloseReason[] = [];
  transport.messages$.subscribe((m) => messages.push(m));
  transport.closed$.subscribe((r) => reasons.push(r));
  return { messages, reasons };
}

describe('StreamableHttpClientTransport with the mcp-mux server', () => {
  for (const preferJson of [false, true]) {
    it(`starts a session and exchanges messages in order (${preferJson ? 'JSON' : 'SSE'} replies)`, async () => {
      running = await startEchoFacade({ preferJson });
      client = new StreamableHttpClientTransport(running.facade.url);
      const { messages } = collect(client);
      await client.start();
      client.send(initialize());
      client.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      client.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
      await until(() => messages.length === 2);
      expect(client.sessionId).toMatch(/^[\x21-\x7e]+$/);
      expect(running.sessions).toHaveLength(1);
      expect(running.received[0]!.map((m) => (m as { method: string }).method)).toEqual([
        'initialize',
        'notifications/initialized',
        'tools/list',
      ]);
      expect(messages).toEqual([
        expect.objectContaining({ id: 1, result: expect.objectContaining({ echo: 'initialize' }) }),
        expect.objectContaining({ id: 2, result: expect.objectContaining({ echo: 'tools/list' }) }),
      ]);
    });
  }

  it('receives server-initiated messages on the GET stream', async () => {
    running = await startEchoFacade();
    client = new StreamableHttpClientTransport(running.facade.url);
    const { messages } = collect(client);
    client.send(initialize());
    await until(() => messages.length === 1);
    const session = running.sessions[0]!;
    await until(() => bufferedBytesOf(session) === 0);
    session.send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    await until(() => messages.length === 2);
    expect(messages[1]).toEqual({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
  });

  it('sends MCP-Protocol-Version after setProtocolVersion', async () => {
    running = await startEchoFacade({ supportedProtocolVersions: ['2025-06-18'] });
    client = new StreamableHttpClientTransport(running.facade.url, { openGetStream: false });
    const { messages } = collect(client);
    client.send(initialize());
    await until(() => messages.length === 1);
    client.setProtocolVersion('2025-06-18');
    client.send({ jsonrpc: '2.0', id: 2, method: 'ok' });
    await until(() => messages.length === 2);
    expect(messages[1]).toMatchObject({ id: 2, result: { echo: 'ok' } });
    client.setProtocolVersion('1999-01-01'); // the server answers 400: the request fails at once
    client.send({ jsonrpc: '2.0', id: 3, method: 'refused' });
    await until(() => messages.length === 3);
    expect(messages[2]).toMatchObject({ id: 3, error: { code: -32011 } });
  });

  it('closes with an error when the session expired (404)', async () => {
    running = await startEchoFacade();
    client = new StreamableHttpClientTransport(running.facade.url, { openGetStream: false });
    const { messages, reasons } = collect(client);
    client.send(initialize());
    await until(() => messages.length === 1);
    await running.sessions[0]!.close();
    client.send({ jsonrpc: '2.0', id: 2, method: 'x' });
    await until(() => reasons.length === 1);
    expect(reasons[0]).toMatchObject({
      kind: 'error',
      error: { message: expect.stringMatching(/expired/) },
    });
  });

  it('sends DELETE on close, which ends the server session', async () => {
    running = await startEchoFacade();
    client = new StreamableHttpClientTransport(running.facade.url);
    const { messages } = collect(client);
    client.send(initialize());
    await until(() => messages.length === 1);
    const serverSide: CloseReason[] = [];
    running.sessions[0]!.closed$.subscribe((r) => serverSide.push(r));
    await client.close();
    expect(serverSide).toEqual([{ kind: 'remote' }]);
  });

  it('closes with an error when the server cannot be reached', async () => {
    client = new StreamableHttpClientTransport('http://127.0.0.1:1/mcp');
    const { reasons } = collect(client);
    client.send(initialize());
    await until(() => reasons.length === 1);
    expect(reasons[0]!.kind).toBe('error');
  });
});

/** A scripted server: the POST stream breaks after one event; GET with Last-Event-ID resumes. */
async function startBreakingServer(onResume: (req: IncomingMessage) => void): Promise<string> {
  plain = createServer((req, res) => {
    if (req.method === 'POST') {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/event-stream', 'mcp-session-id': 'S1' });
      res.write(
        'id: 1:1\nretry: 20\nevent: message\ndata: {"jsonrpc":"2.0","method":"progress"}\n\n',
      );
      setTimeout(() => res.destroy(), 20);
    } else if (req.method === 'GET' && req.headers['last-event-id']) {
      onResume(req);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end('id: 1:2\ndata: {"jsonrpc":"2.0","id":1,"result":{"resumed":true}}\n\n');
    } else {
      res.writeHead(405).end();
    }
  });
  await new Promise<void>((resolve) => plain!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(plain.address() as AddressInfo).port}/mcp`;
}

describe('StreamableHttpClientTransport resumption', () => {
  it('resumes a dropped SSE stream with Last-Event-ID after the retry delay', async () => {
    const resumes: IncomingMessage[] = [];
    const url = await startBreakingServer((req) => resumes.push(req));
    client = new StreamableHttpClientTransport(url);
    const { messages } = collect(client);
    client.send(initialize());
    await until(() => messages.length === 2);
    expect(messages).toEqual([
      { jsonrpc: '2.0', method: 'progress' },
      { jsonrpc: '2.0', id: 1, result: { resumed: true } },
    ]);
    expect(resumes[0]!.headers['last-event-id']).toBe('1:1');
    expect(resumes[0]!.headers['mcp-session-id']).toBe('S1');
  });

  it('answers a request locally when its stream is lost without an event id', async () => {
    plain = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(': nothing yet\n\n');
      setTimeout(() => res.destroy(), 10);
    });
    await new Promise<void>((resolve) => plain!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(plain.address() as AddressInfo).port}/mcp`;
    client = new StreamableHttpClientTransport(url);
    const { messages } = collect(client);
    client.send({ jsonrpc: '2.0', id: 'q', method: 'x' });
    await until(() => messages.length === 1);
    expect(messages[0]).toMatchObject({ id: 'q', error: { code: -32011 } });
  });
});

describe('StreamableHttpClientTransport GET stream polling', () => {
  it('reopens a GET stream the server closes, from its last event id, after retry', async () => {
    const gets: Array<string | undefined> = [];
    plain = createServer((req, res) => {
      req.resume();
      if (req.method === 'POST') {
        res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 'P' });
        res.end('{"jsonrpc":"2.0","id":1,"result":{}}');
        return;
      }
      gets.push(req.headers['last-event-id'] as string | undefined);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const n = gets.length;
      // the first two polls carry one event each, later ones none: polling must go on
      const event = n <= 2 ? `id: 0:${n}\ndata: {"jsonrpc":"2.0","method":"n${n}"}\n\n` : '';
      res.end(`retry: 10\n\n${event}`);
    });
    await new Promise<void>((resolve) => plain!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(plain.address() as AddressInfo).port}/mcp`;
    client = new StreamableHttpClientTransport(url, { maxReconnects: 1 });
    const { messages } = collect(client);
    client.send(initialize());
    await until(() => gets.length >= 6);
    expect(messages).toEqual([
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', method: 'n1' },
      { jsonrpc: '2.0', method: 'n2' },
    ]);
    expect(gets.slice(0, 4)).toEqual([undefined, '0:1', '0:2', '0:2']);
  });
});

describe('StreamableHttpClientTransport connections', () => {
  for (const sse of [false, true]) {
    it(`reuses one keep-alive connection for sequential requests (${sse ? 'SSE' : 'JSON'} replies)`, async () => {
      let connections = 0;
      plain = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        req.on('end', () => {
          const { id } = JSON.parse(body) as { id: number };
          const reply = JSON.stringify({ jsonrpc: '2.0', id, result: {} });
          if (sse) {
            res.writeHead(200, { 'content-type': 'text/event-stream' });
            res.end(`data: ${reply}\n\n`);
          } else {
            res.writeHead(200, { 'content-type': 'application/json' }).end(reply);
          }
        });
      });
      plain.on('connection', () => connections++);
      await new Promise<void>((resolve) => plain!.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(plain.address() as AddressInfo).port}/mcp`;
      client = new StreamableHttpClientTransport(url, { openGetStream: false });
      const { messages } = collect(client);
      for (let id = 1; id <= 5; id++) {
        client.send({ jsonrpc: '2.0', id, method: 'x' });
        await until(() => messages.length === id);
      }
      expect(messages).toHaveLength(5);
      expect(connections).toBe(1);
    });
  }
});
