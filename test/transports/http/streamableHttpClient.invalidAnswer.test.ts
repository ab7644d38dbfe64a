/**
 * A Streamable HTTP server that answers a request with a success that is not its JSON-RPC
 * response (a body that is not JSON, JSON that answers nothing, another content type): the
 * client transport reports each such request as an invalid response (`FrameError('parse')`
 * with its id and `response`), not as -32011 "unavailable", and later requests work. A JSON
 * body of newline-delimited messages (a notification, then the response: how the conformance
 * suite's reference server streams) is read as those messages; one bad line spoils the body.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { FrameError } from '../../../core/rpc/transport.js';
import { StreamableHttpClientTransport } from '../../../transports/http/streamableHttpClient.js';
import { until } from './fixtures.js';

let plain: Server | undefined;
let client: StreamableHttpClientTransport | undefined;
afterEach(async () => {
  await client?.close();
  plain?.closeAllConnections();
  await new Promise((resolve) => (plain ? plain.close(resolve) : resolve(undefined)));
  plain = client = undefined;
});

/** Each POST's request id picks the answer: [status, content type, body]. */
const ANSWERS: Record<string, [number, string, string]> = {
  notJson: [200, 'application/json', 'not json'],
  notRpc: [200, 'application/json', '{"hello":"world"}'],
  otherId: [200, 'application/json', '{"jsonrpc":"2.0","id":"nobody","result":{}}'],
  html: [200, 'text/html', '<html>hello</html>'],
  serverError: [500, 'application/json', 'not json either'],
  halfLines: [
    200,
    'application/json',
    '{"jsonrpc":"2.0","method":"notifications/message","params":{}}\n{"jsonrpc":"2.0",',
  ],
};

/** A notification line, then the response line, in one `application/json` body. */
const jsonLines = (id: string) =>
  `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: id, progress: 50 } })}\n${JSON.stringify({ jsonrpc: '2.0', id, result: { lines: true } })}\n`;

async function start(): Promise<string> {
  plain = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      const { id } = JSON.parse(body) as { id: string };
      const answer = ANSWERS[id];
      if (id === 'lines') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(jsonLines(id));
        return;
      }
      if (answer === undefined) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id, result: { ok: id } }));
        return;
      }
      const [status, type, text] = answer;
      res.writeHead(status, { 'content-type': type });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => plain!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(plain.address() as AddressInfo).port}/mcp`;
}

describe('StreamableHttpClientTransport: a 2xx answer that is no response', () => {
  it('reports each request as an invalid response by id; -32011 stays for HTTP errors', async () => {
    client = new StreamableHttpClientTransport(await start(), { openGetStream: false });
    const messages: unknown[] = [];
    const errors: FrameError[] = [];
    client.messages$.subscribe((m) => messages.push(m));
    client.errors$.subscribe((e) => errors.push(e));
    client.send({ jsonrpc: '2.0', id: 'first', method: 'x' });
    await until(() => messages.length === 1);
    for (const id of Object.keys(ANSWERS)) client.send({ jsonrpc: '2.0', id, method: 'x' });
    await until(
      () =>
        errors.length === 5 && messages.some((m) => (m as { id?: string }).id === 'serverError'),
    );
    const byId = new Map(errors.map((e) => [e.id, e]));
    for (const id of ['notJson', 'notRpc', 'otherId', 'html', 'halfLines']) {
      expect(byId.get(id)?.kind, id).toBe('parse');
      expect(byId.get(id)?.response, id).toBe(true);
    }
    expect(byId.get('notJson')?.message).toMatch(
      /HTTP 200 .*application\/json body that is not JSON/,
    );
    expect(byId.get('halfLines')?.message).toMatch(/body that is not JSON/);
    expect(messages).not.toContainEqual(
      expect.objectContaining({ method: 'notifications/message' }),
    );
    expect(byId.get('notRpc')?.message).toMatch(/not a JSON-RPC response/);
    expect(byId.get('html')?.message).toMatch(/text\/html/);
    // An HTTP error is still the upstream failing: answered locally with -32011.
    expect(messages).toContainEqual(
      expect.objectContaining({
        id: 'serverError',
        error: expect.objectContaining({ code: -32011 }),
      }),
    );
    expect(messages).not.toContainEqual(expect.objectContaining({ id: 'notJson' }));
    // The transport is still open and serves the next request.
    client.send({ jsonrpc: '2.0', id: 'after', method: 'x' });
    await until(() => messages.some((m) => (m as { id?: string }).id === 'after'));
    expect(client.isOpen).toBe(true);
  });
});

describe('StreamableHttpClientTransport: newline-delimited JSON-RPC in a JSON body', () => {
  it('delivers each line in order, the response answering its request', async () => {
    client = new StreamableHttpClientTransport(await start(), { openGetStream: false });
    const messages: unknown[] = [];
    const errors: FrameError[] = [];
    client.messages$.subscribe((m) => messages.push(m));
    client.errors$.subscribe((e) => errors.push(e));
    client.send({ jsonrpc: '2.0', id: 'lines', method: 'tools/call' });
    await until(() => messages.length === 2);
    expect(messages).toEqual([
      expect.objectContaining({ method: 'notifications/progress' }),
      { jsonrpc: '2.0', id: 'lines', result: { lines: true } },
    ]);
    expect(errors).toEqual([]);
  });
});
