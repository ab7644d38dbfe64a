/**
 * `maxResultBytes` and `mcpMux.rateLimits` through the real CLI on `--http`, with official SDK
 * clients holding two tokens and test/fixtures/bigResultServer.ts as the upstreams:
 *
 * - a result over the limit is cut (marker, `_meta["io.github.mcp-mux/fullResult"]`), the
 *   whole is read back as `mcp-mux://results/<id>` (in chunks when large) by its principal
 *   only; a result under the limit arrives as the upstream wrote it;
 * - a rate-limited principal gets its burst, then -32010 with `data.retryAfterMs`, and the
 *   refused call never reaches the upstream; another principal has its own bucket.
 */
import { Client as ModernClient } from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdioTransport } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientTransport, type Listeners, type Proc, startCli } from './cliNetwork.js';
import { cliPath, fixture, writeConfig } from './harness.js';

const ALICE = 'alice-token-0123456789abcdef';
const BOB = 'bob-token-0123456789abcdef';
const LIMIT = 4096;
const FULL_RESULT = 'io.github.mcp-mux/fullResult';

let cli: Proc & { listeners: Listeners };
const clients: Client[] = [];

beforeAll(async () => {
  const configFile = writeConfig({
    mcpServers: {
      big: fixture('bigResultServer', { maxResultBytes: LIMIT }),
      lim: fixture('bigResultServer'),
    },
    mcpMux: {
      auth: { tokens: { alice: ALICE, bob: BOB } },
      rateLimits: [
        { principals: ['*'], upstreams: ['lim'], tools: ['*__count'], perMinute: 6, burst: 3 },
      ],
    },
  });
  cli = await startCli(configFile, ['--http', '127.0.0.1:0']);
}, 30_000);

afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.close()));
  await cli?.stop();
});

async function connect(token: string): Promise<Client> {
  const client = new Client({ name: 'limits-test', version: '1.0.0' });
  const url = cli.listeners.http as string;
  await client.connect(clientTransport('http', url, { authorization: `Bearer ${token}` }));
  clients.push(client);
  return client;
}

type Text = { type: string; text: string };
const texts = (result: object) => (result as { content: Text[] }).content.map((c) => c.text);

async function readAll(client: Client, uri: string): Promise<string> {
  const read = await client.readResource({ uri });
  const chunks = read._meta?.['io.github.mcp-mux/chunks'] as string[] | undefined;
  if (chunks === undefined) return (read.contents[0] as { text: string }).text;
  let whole = '';
  for (const chunk of chunks) {
    whole += ((await client.readResource({ uri: chunk })).contents[0] as { text: string }).text;
  }
  return whole;
}

describe('maxResultBytes', () => {
  it('passes a result under the limit as the upstream wrote it', async () => {
    const alice = await connect(ALICE);
    const result = await alice.callTool({ name: 'big__big', arguments: { repeat: 1000 } });
    expect(result).toEqual({ content: [{ type: 'text', text: 'a'.repeat(1000) }] });
  }, 30_000);

  it('cuts a larger result on a character boundary and keeps the whole for its principal', async () => {
    const alice = await connect(ALICE);
    const bob = await connect(BOB);
    // The upstreams offer tools only; the facade offers resources for the kept results.
    expect(alice.getServerCapabilities()?.resources).toEqual({});
    const args = { repeat: 3000, unit: 'é😀', items: 2, structured: true };
    const result = await alice.callTool({ name: 'big__big', arguments: args });
    const full = result._meta?.[FULL_RESULT] as { uri: string; bytes: number; chunks: number };
    expect(full.uri).toMatch(/^mcp-mux:\/\/results\/[A-Za-z0-9_-]+$/);
    expect(full.chunks).toBe(1);
    expect(Buffer.byteLength(JSON.stringify(result))).toBeLessThanOrEqual(LIMIT);
    expect(result.structuredContent).toBeUndefined();
    const [cut, marker, ...rest] = texts(result);
    expect(rest).toEqual([]);
    // Whole characters only: the cut text is a prefix of the original, ending on a pair.
    expect('é😀'.repeat(3000).startsWith(cut as string)).toBe(true);
    expect((cut as string).length).toBeGreaterThan(1000);
    expect(/[\uD800-\uDBFF]$/.test(cut as string)).toBe(false);
    expect(marker).toBe(
      `[mcp-mux: result cut at ${LIMIT} of ${full.bytes} bytes; structuredContent dropped (it cannot be cut as valid JSON); the whole result: ${full.uri}]`,
    );
    const whole = JSON.parse(await readAll(alice, full.uri));
    expect(whole.content).toEqual([
      { type: 'text', text: 'é😀'.repeat(3000) },
      { type: 'text', text: 'é😀'.repeat(3000) },
    ]);
    expect(whole.structuredContent).toEqual({ body: 'é😀'.repeat(3000) });
    // Another principal cannot read it: it reads as an unknown resource.
    await expect(bob.readResource({ uri: full.uri })).rejects.toThrow(/Resource not found/);
  }, 30_000);

  it('splits a result too big for one read into chunk URIs', async () => {
    const alice = await connect(ALICE);
    const repeat = 1_200_000; // 2.4 MB of 'ü': three chunks of at most 1 MiB
    const result = await alice.callTool({ name: 'big__big', arguments: { repeat, unit: 'ü' } });
    const full = result._meta?.[FULL_RESULT] as { uri: string; bytes: number; chunks: number };
    expect(full.chunks).toBe(3);
    const read = await alice.readResource({ uri: full.uri });
    const uris = read._meta?.['io.github.mcp-mux/chunks'] as string[];
    expect(uris).toEqual([0, 1, 2].map((n) => `${full.uri}/${n}`));
    const first = await alice.readResource({ uri: uris[0] as string });
    expect(first._meta?.['io.github.mcp-mux/chunk']).toEqual({
      index: 0,
      chunks: 3,
      next: uris[1],
    });
    const whole = await readAll(alice, full.uri);
    expect(Buffer.byteLength(whole)).toBe(full.bytes);
    expect(JSON.parse(whole)).toEqual({ content: [{ type: 'text', text: 'ü'.repeat(repeat) }] });
  }, 60_000);
});

describe('mcpMux.rateLimits', () => {
  it('lets a burst through, then refuses with -32010 and retryAfterMs before the upstream', async () => {
    const alice = await connect(ALICE);
    const bob = await connect(BOB);
    for (const n of [1, 2, 3]) {
      const ok = await alice.callTool({ name: 'lim__count', arguments: {} });
      expect(texts(ok)).toEqual([String(n)]);
    }
    const refused = await alice.callTool({ name: 'lim__count', arguments: {} }).catch((e) => e);
    expect(refused).toBeInstanceOf(McpError);
    expect(refused.code).toBe(-32010);
    expect(refused.data.rule).toBe(0);
    expect(refused.data.retryAfterMs).toBeGreaterThan(5_000);
    expect(refused.data.retryAfterMs).toBeLessThanOrEqual(10_000);
    // Nothing reached the upstream; a tool outside the rule is not limited.
    expect(texts(await alice.callTool({ name: 'lim__calls', arguments: {} }))).toEqual(['3']);
    // Bob has his own bucket.
    for (const n of [4, 5, 6]) {
      expect(texts(await bob.callTool({ name: 'lim__count', arguments: {} }))).toEqual([String(n)]);
    }
    await expect(bob.callTool({ name: 'lim__count', arguments: {} })).rejects.toThrow(/Rate limit/);
    expect(texts(await bob.callTool({ name: 'lim__calls', arguments: {} }))).toEqual(['6']);
  }, 30_000);
});

describe('a 2026-07-28 client (v2 SDK, stdio)', () => {
  it('gets the cut result, reads the whole, and is rate-limited like a session', async () => {
    const configFile = writeConfig({
      mcpServers: { big: fixture('bigResultServer', { maxResultBytes: LIMIT }) },
      mcpMux: { rateLimits: [{ principals: ['*'], tools: ['big__count'], perMinute: 1 }] },
    });
    const client = new ModernClient(
      { name: 'limits-modern', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(
      new ModernStdioTransport({
        command: process.execPath,
        args: [cliPath, '--config', configFile],
        stderr: 'pipe',
      }),
    );
    try {
      const result = await client.callTool({
        name: 'big__big',
        arguments: { repeat: 5000, unit: '😀' },
      });
      const full = result._meta?.[FULL_RESULT] as { uri: string; bytes: number };
      expect(texts(result).at(-1)).toMatch(/^\[mcp-mux: result cut at 4096 of \d+ bytes/);
      const read = await client.readResource({ uri: full.uri });
      const whole = JSON.parse((read.contents[0] as { text: string }).text);
      expect(whole.content).toEqual([{ type: 'text', text: '😀'.repeat(5000) }]);
      expect(texts(await client.callTool({ name: 'big__count', arguments: {} }))).toEqual(['1']);
      await expect(client.callTool({ name: 'big__count', arguments: {} })).rejects.toThrow(
        /Rate limit/,
      );
      expect(texts(await client.callTool({ name: 'big__calls', arguments: {} }))).toEqual(['1']);
    } finally {
      await client.close();
    }
  }, 60_000);
});
