/**
 * Envelope-only forwarding from network upstreams, through the real CLI over stdio:
 * the raw echo (test/fixtures/rawEcho.ts) served over Streamable HTTP, WebSocket and legacy
 * HTTP+SSE by plain servers on loopback. The arguments reach it and its results come back
 * byte for byte, short ones included (the router keeps payloads raw from
 * `ROUTED_RAW_MIN_CHARS` on every upstream transport).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { createRawEcho } from '../fixtures/rawEcho.js';
import {
  ARGS,
  type Cleanups,
  listenOnLoopback,
  type RawCli,
  receivedBy,
  SHORT,
  startInitializedCli,
} from './rawForwarding.js';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** The raw echo's short result (`small`), which `JSON.parse` would change. */
const SMALL = '{"jsonrpc":"2.0","id":3,"result":{ "big" : 12345678901234567890123 }}';

/** Both directions, byte for byte: `SHORT` arguments reach the upstream, `small` comes back. */
async function expectRawBothWays(cli: RawCli): Promise<void> {
  cli.send(
    `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"up__raw","arguments":${SHORT}}}`,
  );
  expect(receivedBy(await cli.answer('2'))).toContain(`"name":"raw","arguments":${SHORT}}`);
  cli.send('{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"up__small"}}');
  expect(await cli.answer('3')).toBe(SMALL);
}

/** A POSTed body's text. */
const bodyOf = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

describe('envelope-only forwarding from network upstreams', () => {
  it('Streamable HTTP: passes the arguments to it and its results back byte for byte', async () => {
    // One JSON answer per POST, 202 for a notification; no session, no GET stream.
    const echo = createRawEcho();
    const server = createServer((req, res) => {
      if (req.method !== 'POST') {
        res.writeHead(405).end();
        return;
      }
      void bodyOf(req).then((body) => {
        const answer = echo.answer(body);
        if (answer === undefined) res.writeHead(202).end();
        else res.writeHead(200, { 'content-type': 'application/json' }).end(answer);
      });
    });
    const port = await listenOnLoopback(server, cleanups);
    const cli = await startInitializedCli(cleanups, { url: `http://127.0.0.1:${port}/mcp` });
    cli.send(
      `{"jsonrpc":"2.0","id":"c-2","method":"tools/call","params":{"name":"up__raw","arguments":${ARGS}}}`,
    );
    const line = await cli.answer('"c-2"');
    expect(line).toMatch(/^\{"jsonrpc":"2\.0","id":"c-2","result":\{ "content" : \[/);
    expect(line).toContain('"big":12345678901234567890123, "float":1.50e+2, "pad":"ppp');
    expect(receivedBy(line)).toContain(`"name":"raw","arguments":${ARGS}`);
    await expectRawBothWays(cli);
  });

  it('WebSocket: passes the arguments to it and its short result back byte for byte', async () => {
    const echo = createRawEcho();
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    server.on('connection', (ws) =>
      ws.on('message', (data) => {
        const reply = echo.answer(String(data));
        if (reply !== undefined) ws.send(reply);
      }),
    );
    await new Promise((resolve) => server.once('listening', resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          for (const client of server.clients) client.terminate();
          server.close(() => resolve());
        }),
    );
    const { port } = server.address() as AddressInfo;
    await expectRawBothWays(
      await startInitializedCli(cleanups, { url: `ws://127.0.0.1:${port}/mcp` }),
    );
  });

  it('legacy HTTP+SSE: passes the arguments to it and its short result back byte for byte', async () => {
    // GET /sse opens the stream and names the POST endpoint; each POSTed message is
    // acknowledged with 202 and answered on the stream.
    const echo = createRawEcho();
    let stream: ServerResponse | undefined;
    const server = createServer((req, res) => {
      if (req.method === 'GET' && req.url === '/sse') {
        stream = res;
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.write('event: endpoint\ndata: /messages\n\n');
        return;
      }
      void bodyOf(req).then((body) => {
        res.writeHead(202).end();
        const reply = echo.answer(body);
        if (reply !== undefined) stream?.write(`event: message\ndata: ${reply}\n\n`);
      });
    });
    const port = await listenOnLoopback(server, cleanups);
    await expectRawBothWays(
      await startInitializedCli(cleanups, {
        url: `http://127.0.0.1:${port}/sse`,
        transport: 'sse',
      }),
    );
  });
});
