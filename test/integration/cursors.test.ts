/**
 * The facade's list cursors through the real CLI on `--http`, with two bearer tokens (two
 * principals), in both eras: legacy sessions of the official SDK client, and 2026-07-28
 * requests (raw POSTs with the context in `_meta`). A cursor pages on for the principal it was
 * issued to (in either era), and is -32602 for another principal, modified, or on another
 * list (core/catalog/cursor.ts).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientTransport, POST_HEADERS, type Proc, rawRequest, startCli } from './cliNetwork.js';
import { fixturePath, writeConfig } from './harness.js';

const ALICE = 'alice-token-0123456789abcdef';
const BOB = 'bob-token-0123456789abcdef';
const MODERN = '2026-07-28';

let cli: Proc;
let url: string;
const clients: Client[] = [];

beforeAll(async () => {
  const config = writeConfig({
    mcpServers: {
      s: { command: process.execPath, args: [fixturePath('surfaceServer'), '--tools', '12'] },
    },
    mcpMux: { pageSize: 5, auth: { tokens: { alice: ALICE, bob: BOB } } },
  });
  const started = await startCli(config, ['--http', '127.0.0.1:0']);
  cli = started;
  url = started.listeners.http as string;
}, 30_000);

afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.close()));
  await cli?.stop();
});

async function legacy(token: string): Promise<Client> {
  const client = new Client({ name: 'cursor-test', version: '1.0.0' });
  await client.connect(clientTransport('http', url, { authorization: `Bearer ${token}` }));
  clients.push(client);
  return client;
}

/** A 2026-07-28 request as `token`: its result, or its error. */
async function modern(
  token: string,
  method: string,
  params: Record<string, unknown> = {},
): Promise<{ result?: Record<string, unknown>; error?: { code: number; message: string } }> {
  const res = await rawRequest(url, {
    headers: {
      ...POST_HEADERS,
      authorization: `Bearer ${token}`,
      'mcp-protocol-version': MODERN,
      'mcp-method': method,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': MODERN,
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    }),
  });
  expect(res.status).toBe(200);
  return JSON.parse(res.body) as never;
}

/** The error code (and message) a legacy SDK call fails with. */
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => ({ code: 0, message: 'accepted' }),
    (e: unknown) => e as { code: number; message: string },
  );

/** The same cursor with its position moved (its MAC kept). */
function moved(cursor: string): string {
  const [payload, mac] = cursor.split('.') as [string, string];
  const position = JSON.parse(Buffer.from(payload, 'base64url').toString()) as unknown[];
  position[1] = 1;
  return `${Buffer.from(JSON.stringify(position)).toString('base64url')}.${mac}`;
}

describe('list cursors bound to their principal and list', () => {
  it('a legacy session pages on with its own cursor; another principal gets -32602', async () => {
    const alice = await legacy(ALICE);
    const bob = await legacy(BOB);
    const first = await alice.listTools();
    expect(first.tools).toHaveLength(5);
    const cursor = first.nextCursor as string;
    const second = await alice.listTools({ cursor });
    expect(second.tools).toHaveLength(5);
    expect(second.tools[0]?.name).not.toBe(first.tools[0]?.name);

    const refused = await failure(bob.listTools({ cursor }));
    expect(refused.code).toBe(-32602);
    expect(refused.message).toMatch(/Invalid cursor for tools\/list/);
    // The same principal on another session (and in the other era) may use it.
    const again = await legacy(ALICE);
    expect((await again.listTools({ cursor })).tools).toEqual(second.tools);
    const modernPage = await modern(ALICE, 'tools/list', { cursor });
    expect(((modernPage.result?.tools ?? []) as { name: string }[]).map((t) => t.name)).toEqual(
      second.tools.map((t) => t.name),
    );
  }, 30_000);

  it('a modified cursor, garbage, or a tools/list cursor on prompts/list is -32602', async () => {
    const alice = await legacy(ALICE);
    const { nextCursor } = await alice.listTools();
    const cursor = nextCursor as string;
    for (const bad of [moved(cursor), `${cursor}x`, 'garbage', cursor.split('.')[0] as string]) {
      expect((await failure(alice.listTools({ cursor: bad }))).code).toBe(-32602);
    }
    const other = await failure(alice.listPrompts({ cursor }));
    expect(other.code).toBe(-32602);
    expect(other.message).toMatch(/issued by tools\/list/);
    expect((await failure(alice.listResources({ cursor }))).code).toBe(-32602);
  }, 30_000);

  it('2026-07-28 requests: the same rules, by the request principal', async () => {
    const first = await modern(BOB, 'tools/list');
    const cursor = first.result?.nextCursor as string;
    expect(typeof cursor).toBe('string');
    const second = await modern(BOB, 'tools/list', { cursor });
    expect(second.result?.tools).toHaveLength(5);
    for (const [token, method, bad] of [
      [ALICE, 'tools/list', cursor],
      [BOB, 'tools/list', moved(cursor)],
      [BOB, 'prompts/list', cursor],
      [BOB, 'resources/templates/list', cursor],
    ] as const) {
      const answer = await modern(token, method, { cursor: bad });
      expect(answer.error?.code).toBe(-32602);
      expect(answer.error?.message).toMatch(/Invalid cursor/);
    }
  }, 30_000);
});
