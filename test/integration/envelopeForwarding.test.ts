/**
 * Envelope-only forwarding (issue 14), raw text on the wire: a tool call's arguments reach the
 * upstream and its result reaches the client byte for byte (numbers `JSON.parse` would round,
 * spacing), with only the id and the tool name rewritten; a message that is not valid JSON is
 * answered -32700 and never reaches the upstream. Through the real CLI over stdio, through the
 * Streamable HTTP facade, and from a Streamable HTTP upstream.
 */
import { spawn } from 'node:child_process';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { createLogger, createRouter, createWebSocketFacade } from '../../index.js';
import { createRawEcho } from '../fixtures/rawEcho.js';
import { cliPath, fixture, writeConfig } from './harness.js';
import { startHttpRouter } from './httpRouter.js';

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function startCli(upstream: Record<string, unknown> = fixture('rawEchoServer')) {
  const config = writeConfig({ mcpServers: { up: upstream } });
  const child = spawn(process.execPath, [cliPath, '--config', config], {
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  cleanups.push(() => void child.kill('SIGKILL'));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const send = (line: string) => child.stdin.write(`${line}\n`);
  /** The next line that answers request `id` (progress and notifications skipped). */
  const answer = async (id: string): Promise<string> => {
    for (;;) {
      const line = (await lines.next()).value as string;
      if (line.startsWith(`{"jsonrpc":"2.0","id":${id},`) || line.includes(`"id":${id},"error"`))
        return line;
    }
  };
  return { send, answer };
}

const ARGS = `{ "big" : 98765432109876543210987, "f": 2.50E-3,"s":"\\u00e9\\n${'a'.repeat(300)}" ,"nested":[ {"x":[1,2,{"y":null}]} ] }`;

describe('envelope-only forwarding over stdio', () => {
  it('passes arguments and result through byte for byte, rewriting only id and name', async () => {
    const cli = startCli();
    cli.send(
      '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}',
    );
    expect(await cli.answer('1')).toContain('"result"');
    cli.send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    cli.send(
      `{"jsonrpc":"2.0","id":"c-2","method":"tools/call","params":{"name":"up__raw","arguments":${ARGS}}}`,
    );
    const line = await cli.answer('"c-2"');
    // The result as the upstream wrote it, spliced after the client's id.
    expect(line).toMatch(/^\{"jsonrpc":"2\.0","id":"c-2","result":\{ "content" : \[/);
    expect(line).toContain('"big":12345678901234567890123, "float":1.50e+2, "pad":"ppp');
    // What the upstream received: its own id and name, the arguments as the client wrote them.
    const received = (JSON.parse(line) as { result: { content: { text: string }[] } }).result
      .content[0]?.text as string;
    expect(received).toContain(`"name":"raw","arguments":${ARGS}`);
    expect(received).not.toContain('c-2');
  });

  it('answers a malformed call with -32700 and never forwards it', async () => {
    const cli = startCli();
    cli.send(
      '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}',
    );
    await cli.answer('1');
    cli.send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    const broken = ARGS.replace('"f": 2.50E-3', '"f": 2.50E-');
    cli.send(
      `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"up__raw","arguments":${broken}}}`,
    );
    expect(await cli.answer('null')).toContain('"code":-32700');
    cli.send(
      '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"up__count","arguments":{}}}',
    );
    expect(await cli.answer('3')).toContain('"text":"0"');
  });
});

const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 't', version: '1' },
  },
};

/** What the upstream received, as the raw echo quotes it in its result's text content. */
const receivedBy = (answer: string): string =>
  (JSON.parse(answer) as { result: { content: { text: string }[] } }).result.content[0]
    ?.text as string;

describe('envelope-only forwarding over the Streamable HTTP facade', () => {
  it("passes a POST's arguments and the result through byte for byte", async () => {
    const http = await startHttpRouter({ mcpServers: { up: fixture('rawEchoServer') } });
    cleanups.push(() => http.close());
    const post = (body: string, session?: string) =>
      fetch(http.facade.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(session === undefined
            ? {}
            : { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' }),
        },
        body,
      });
    const init = await post(JSON.stringify(INIT));
    expect(init.status).toBe(200);
    const session = init.headers.get('mcp-session-id') ?? '';
    await init.text();
    const initialized = await post(
      '{"jsonrpc":"2.0","method":"notifications/initialized"}',
      session,
    );
    expect(initialized.status).toBe(202);

    const call = await post(
      `{"jsonrpc":"2.0","id":"c-2","method":"tools/call","params":{"name":"up__raw","arguments":${ARGS}}}`,
      session,
    );
    expect(call.headers.get('content-type')).toContain('application/json');
    const answer = await call.text();
    expect(answer).toMatch(/^\{"jsonrpc":"2\.0","id":"c-2","result":\{ "content" : \[/);
    expect(answer).toContain('"big":12345678901234567890123, "float":1.50e+2, "pad":"ppp');
    expect(receivedBy(answer)).toContain(`"name":"raw","arguments":${ARGS}`);
    // Short arguments too (from ROUTED_RAW_MIN_CHARS): the big number keeps its digits.
    const short = '{ "n" : 98765432109876543210987, "m": 1 }';
    const shortCall = await post(
      `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"up__raw","arguments":${short}}}`,
      session,
    );
    expect(receivedBy(await shortCall.text())).toContain(`"arguments":${short}}`);

    // Invalid JSON in a long argument: refused with -32700, never forwarded.
    const broken = ARGS.replace('"f": 2.50E-3', '"f": 2.50E-');
    const refused = await post(
      `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"up__raw","arguments":${broken}}}`,
      session,
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('"code":-32700');
    const count = await post(
      '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"up__count","arguments":{}}}',
      session,
    );
    expect(await count.text()).toContain('"text":"2"'); // the two calls above, not the broken one
  });
});

describe('envelope-only forwarding from a Streamable HTTP upstream', () => {
  it('passes the arguments to it and its result back byte for byte', async () => {
    // The raw echo behind a plain node:http server: one JSON answer per POST, 202 for a
    // notification; no session, no GET stream.
    const echo = createRawEcho();
    const server = createServer((req, res) => {
      if (req.method !== 'POST') {
        res.writeHead(405).end();
        return;
      }
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const answer = echo.answer(Buffer.concat(chunks).toString('utf8'));
        if (answer === undefined) res.writeHead(202).end();
        else res.writeHead(200, { 'content-type': 'application/json' }).end(answer);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );
    const { port } = server.address() as AddressInfo;
    const cli = startCli({ url: `http://127.0.0.1:${port}/mcp` });
    cli.send(JSON.stringify(INIT));
    expect(await cli.answer('1')).toContain('"result"');
    cli.send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    cli.send(
      `{"jsonrpc":"2.0","id":"c-2","method":"tools/call","params":{"name":"up__raw","arguments":${ARGS}}}`,
    );
    const line = await cli.answer('"c-2"');
    expect(line).toMatch(/^\{"jsonrpc":"2\.0","id":"c-2","result":\{ "content" : \[/);
    expect(line).toContain('"big":12345678901234567890123, "float":1.50e+2, "pad":"ppp');
    expect(receivedBy(line)).toContain(`"name":"raw","arguments":${ARGS}`);
    cli.send('{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"up__small"}}');
    expect(await cli.answer('3')).toBe(
      '{"jsonrpc":"2.0","id":3,"result":{ "big" : 12345678901234567890123 }}',
    );
  });
});

/** Short arguments (from ROUTED_RAW_MIN_CHARS) with a number `JSON.parse` would round. */
const SHORT = '{ "n" : 98765432109876543210987, "m": 1 }';

describe('envelope-only forwarding over WebSocket', () => {
  it('passes arguments through the WebSocket facade byte for byte', async () => {
    const log = createLogger({ level: 'error', sink: () => {} });
    const router = createRouter({ mcpServers: { up: fixture('rawEchoServer') } }, { log });
    const facade = await createWebSocketFacade({ log });
    const subscription = facade.connections$.subscribe((t) => router.connect(t));
    await router.start();
    cleanups.push(async () => {
      subscription.unsubscribe();
      await router.close();
      await facade.close();
    });
    const socket = new WebSocket(facade.url, ['mcp']);
    cleanups.push(() => socket.terminate());
    const frames: string[] = [];
    socket.on('message', (data) => frames.push(String(data)));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const answer = async (id: string): Promise<string> => {
      for (let waited = 0; waited < 10_000; waited += 10) {
        const found = frames.find((f) => f.startsWith(`{"jsonrpc":"2.0","id":${id},`));
        if (found !== undefined) return found;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`no answer to ${id}`);
    };
    socket.send(JSON.stringify(INIT));
    await answer('1');
    socket.send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    socket.send(
      `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"up__raw","arguments":${SHORT}}}`,
    );
    expect(receivedBy(await answer('2'))).toContain(`"name":"raw","arguments":${SHORT}}`);
  });

  it("passes a WebSocket upstream's short result back byte for byte", async () => {
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
    const cli = startCli({ url: `ws://127.0.0.1:${port}/mcp` });
    cli.send(JSON.stringify(INIT));
    expect(await cli.answer('1')).toContain('"result"');
    cli.send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    cli.send(
      `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"up__raw","arguments":${SHORT}}}`,
    );
    expect(receivedBy(await cli.answer('2'))).toContain(`"name":"raw","arguments":${SHORT}}`);
    cli.send('{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"up__small"}}');
    expect(await cli.answer('3')).toBe(
      '{"jsonrpc":"2.0","id":3,"result":{ "big" : 12345678901234567890123 }}',
    );
  });
});

describe('envelope-only forwarding from a legacy HTTP+SSE upstream', () => {
  it('passes its short result back byte for byte', async () => {
    // The raw echo as a legacy server: GET /sse opens the stream and names the POST endpoint,
    // each POSTed message is acknowledged with 202 and answered on the stream.
    const echo = createRawEcho();
    let stream: ServerResponse | undefined;
    const server = createServer((req, res) => {
      if (req.method === 'GET' && req.url === '/sse') {
        stream = res;
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.write('event: endpoint\ndata: /messages\n\n');
        return;
      }
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        res.writeHead(202).end();
        const reply = echo.answer(Buffer.concat(chunks).toString('utf8'));
        if (reply !== undefined) stream?.write(`event: message\ndata: ${reply}\n\n`);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );
    const { port } = server.address() as AddressInfo;
    const cli = startCli({ url: `http://127.0.0.1:${port}/sse`, transport: 'sse' });
    cli.send(JSON.stringify(INIT));
    expect(await cli.answer('1')).toContain('"result"');
    cli.send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    cli.send('{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"up__small"}}');
    expect(await cli.answer('3')).toBe(
      '{"jsonrpc":"2.0","id":3,"result":{ "big" : 12345678901234567890123 }}',
    );
  });
});
