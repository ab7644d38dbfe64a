/**
 * An upstream that answers a call with a malformed response, through the real CLI: the client
 * gets the invalid-response error (-31002) naming the upstream at once — long before the
 * configured timeout — and the upstream stays up (the next call works). Over stdio the hand-written
 * test/fixtures/malformedServer.ts; over Streamable HTTP a node:http server on loopback whose
 * `broken` tool is answered 200 `application/json` with a body that is not JSON.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { type CliClient, connectCli, fixture, writeConfig } from './harness.js';

/** Far above how long any of these tests may take: an answer before it is an answer at once. */
const TIMEOUT_MS = 120_000;
const AT_ONCE_MS = 10_000;

let cli: CliClient | undefined;
let http: HttpServer | undefined;
afterEach(async () => {
  await cli?.close();
  cli = undefined;
  http?.closeAllConnections();
  await new Promise((resolve) => (http ? http.close(resolve) : resolve(undefined)));
  http = undefined;
});

/** The error of calling `name`, and how long it took to come. */
async function failedCall(name: string): Promise<{ error: McpError; ms: number }> {
  const started = Date.now();
  const error = await cli!.client
    .callTool({ name, arguments: {} }, undefined, { timeout: TIMEOUT_MS })
    .then(
      () => undefined,
      (e: unknown) => e,
    );
  expect(error, name).toBeInstanceOf(McpError);
  return { error: error as McpError, ms: Date.now() - started };
}

describe('a malformed response over stdio', () => {
  it.each([
    ['string_result', /result must be an object/],
    ['both', /either result or error/],
    ['neither', /neither a method nor a result/],
    ['bad_error', /integer code/],
  ])(
    '(%s) fails the call at once, naming the upstream; the next call works',
    async (tool, why) => {
      cli = await connectCli(
        writeConfig({
          mcpServers: {
            bad: fixture('malformedServer', { protocol: 'legacy', timeoutMs: TIMEOUT_MS }),
          },
        }),
      );
      const { error, ms } = await failedCall(`bad__${tool}`);
      expect(ms).toBeLessThan(AT_ONCE_MS);
      expect(error.code).toBe(-31002);
      expect(error.message).toMatch(/Upstream "bad" sent an invalid response to tools\/call/);
      expect(error.message).toMatch(why);
      expect(error.data).toMatchObject({ upstream: 'bad', method: 'tools/call' });
      const ok = await cli.client.callTool({ name: 'bad__ok', arguments: {} });
      expect(ok.content).toEqual([{ type: 'text', text: 'fine' }]);
      expect(cli.stderr()).not.toMatch(/upstream bad: down/);
    },
    60_000,
  );
});

/** A legacy Streamable HTTP server without sessions: `ok` answers, `broken` gets `not json`. */
async function startHttpUpstream(): Promise<string> {
  http = createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      const message = JSON.parse(body) as {
        id?: number;
        method: string;
        params?: Record<string, unknown>;
      };
      if (message.id === undefined) {
        res.writeHead(202).end();
        return;
      }
      const json = (result: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
      };
      switch (message.method) {
        case 'initialize':
          return json({
            protocolVersion: message.params?.protocolVersion,
            capabilities: { tools: {} },
            serverInfo: { name: 'web', version: '1' },
          });
        case 'tools/list':
          return json({
            tools: ['ok', 'broken'].map((name) => ({ name, inputSchema: { type: 'object' } })),
          });
        case 'tools/call':
          if (message.params?.name === 'broken') {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end('not json');
            return;
          }
          return json({ content: [{ type: 'text', text: 'fine' }] });
        default:
          return json({});
      }
    });
  });
  await new Promise<void>((resolve) => http!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
}

describe('a 200 application/json body that is not JSON over Streamable HTTP', () => {
  it('fails the call at once as an invalid response naming the upstream, not -32011; it stays up', async () => {
    const url = await startHttpUpstream();
    cli = await connectCli(
      writeConfig({ mcpServers: { web: { url, protocol: 'legacy', timeoutMs: TIMEOUT_MS } } }),
    );
    const { error, ms } = await failedCall('web__broken');
    expect(ms).toBeLessThan(AT_ONCE_MS);
    expect(error.code).toBe(-31002);
    expect(error.message).toMatch(/Upstream "web" sent an invalid response to tools\/call/);
    expect(error.message).toMatch(/not JSON/);
    const ok = await cli.client.callTool({ name: 'web__ok', arguments: {} });
    expect(ok.content).toEqual([{ type: 'text', text: 'fine' }]);
    expect(cli.stderr()).not.toMatch(/upstream web: down/);
  }, 60_000);
});
