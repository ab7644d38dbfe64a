/**
 * Protocol versions through the real CLI: every upstream negotiates its own version (SDK
 * fixtures pinned to 2024-11-05 and 2025-03-26, server-everything on 2025-11-25); clients on
 * 2024-11-05 and 2025-11-25 use all of them through one router, each receiving only messages
 * valid under its own version's schema; JSON-RPC batches on 2025-03-26 only (raw stdio client).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectCliWithHttp,
  connectHttpSession,
  httpUrlOf,
  type RecordedClient,
} from './cliSessions.js';
import { type CliClient, everything, fixturePath, writeConfig } from './harness.js';
import { RawClient } from './rawClient.js';
import { expectSchemaValid, schemaIssues } from './schema.js';

const surface = (...flags: string[]) => ({
  command: process.execPath,
  args: [fixturePath('surfaceServer'), ...flags],
});

const config = () =>
  writeConfig({
    mcpServers: {
      ev: everything(),
      old: surface('--name', 'old', '--pin', '2024-11-05', '--resources', '2'),
      mid: surface('--name', 'mid', '--pin', '2025-03-26'),
    },
  });

const textOf = (result: unknown): string =>
  (result as { content: { text: string }[] }).content[0]?.text ?? '';

describe('protocol versions through the CLI', () => {
  let oldClient: CliClient;
  let newClient: RecordedClient;

  beforeAll(async () => {
    oldClient = await connectCliWithHttp(config(), { protocolVersion: '2024-11-05' });
    newClient = await connectHttpSession(httpUrlOf(oldClient));
  }, 60_000);

  afterAll(async () => {
    await newClient?.close();
    await oldClient?.close();
  });

  it('lets every upstream negotiate its own version', () => {
    const stderr = oldClient.stderr();
    expect(stderr).toMatch(/upstream old: ready .*protocol=2024-11-05/);
    expect(stderr).toMatch(/upstream mid: ready .*protocol=2025-03-26/);
    expect(stderr).toMatch(/upstream ev: ready .*protocol=2025-11-25/);
  });

  it('answers each client with the version it offered', () => {
    const versionOf = (wire: readonly unknown[]) =>
      (wire[0] as { result?: { protocolVersion?: string } }).result?.protocolVersion;
    expect(versionOf(oldClient.wire)).toBe('2024-11-05');
    expect(versionOf(newClient.wire)).toBe('2025-11-25');
  });

  it('serves a 2024-11-05 client from 2025-11-25, 2025-03-26 and 2024-11-05 upstreams', async () => {
    const client = oldClient.client;
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['ev__echo', 'old__touch', 'mid__touch']));
    expect(textOf(await client.callTool({ name: 'ev__echo', arguments: { message: 'hi' } }))).toBe(
      'Echo: hi',
    );
    expect(
      textOf(await client.callTool({ name: 'old__touch', arguments: { uri: 'old://item/1' } })),
    ).toContain('old://item/1');
    const read = await client.readResource({ uri: 'old://item/2' });
    expect(read.contents[0]).toMatchObject({ uri: 'old://item/2', text: 'read old://item/2' });
    const prompt = await client.getPrompt({ name: 'mid__greet', arguments: { name: 'Ada' } });
    expect(JSON.stringify(prompt.messages)).toContain('Hello Ada');
    const everythingPrompt = await client.getPrompt({
      name: 'ev__args-prompt',
      arguments: { city: 'Oslo' },
    });
    expect(JSON.stringify(everythingPrompt.messages)).toContain('Oslo');
  });

  it('serves a 2025-11-25 client from the pinned old upstreams', async () => {
    const client = newClient.client;
    const touched = await client.callTool({
      name: 'old__touch',
      arguments: { uri: 'old://item/2' },
    });
    expect(textOf(touched)).toContain('old://item/2');
    const prompt = await client.getPrompt({ name: 'old__greet', arguments: { name: 'Bo' } });
    expect(JSON.stringify(prompt.messages)).toContain('Hello Bo');
    const completion = await client.complete({
      ref: { type: 'ref/prompt', name: 'mid__greet' },
      argument: { name: 'name', value: 'B' },
    });
    expect(completion.completion.values).toEqual(['ref/prompt|greet|name=B']);
    await client.subscribeResource({ uri: 'old://item/1' });
    await client.unsubscribeResource({ uri: 'old://item/1' });
  });

  it('sent each client only messages valid under its own version', () => {
    expectSchemaValid('2024-11-05', oldClient);
    expectSchemaValid('2025-11-25', newClient);
  });
});

describe('JSON-RPC batches through the CLI (raw stdio client)', () => {
  const clients: RawClient[] = [];
  let file: string;

  beforeAll(() => {
    file = writeConfig({ mcpServers: { s: surface('--resources', '1') } });
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
  });

  const open = () => {
    const client = new RawClient(file);
    clients.push(client);
    return client;
  };

  it('answers a batch on 2025-03-26 with one array of responses', async () => {
    const raw = open();
    expect((await raw.initialize('2025-03-26')).protocolVersion).toBe('2025-03-26');
    const batch = [
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { jsonrpc: '2.0', id: 2, method: 'ping' },
      { jsonrpc: '2.0', method: 'notifications/roots/list_changed' },
      { jsonrpc: '2.0', id: 3, method: 'resources/read', params: { uri: 'surface://item/1' } },
      {
        jsonrpc: '2.0',
        id: 4,
        method: 'tools/call',
        params: { name: 's__touch', arguments: { uri: 'x://y' } },
      },
      { jsonrpc: '2.0', id: 5, method: 'no/such/method' },
    ];
    const from = raw.received.length;
    raw.send(batch);
    const reply = (await raw.next(Array.isArray, 10_000, from)) as {
      id: number;
      error?: { code: number };
    }[];
    expect(reply.map((r) => r.id).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(reply.find((r) => r.id === 5)?.error?.code).toBe(-32601);
    expect(reply.filter((r) => r.error).length).toBe(1);
    const sent = [{ jsonrpc: '2.0', id: 'init', method: 'initialize' }, batch];
    expect(schemaIssues('2025-03-26', sent, raw.received)).toEqual([]);
  });

  it.each(['2024-11-05', '2025-06-18', '2025-11-25'])(
    'refuses a batch on %s with -32600 and keeps serving',
    async (version) => {
      const raw = open();
      expect((await raw.initialize(version)).protocolVersion).toBe(version);
      const from = raw.received.length;
      raw.send([{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
      const refusal = (await raw.next(() => true, 10_000, from)) as {
        id: unknown;
        error: { code: number; message: string };
      };
      expect(refusal.id).toBeNull();
      expect(refusal.error.code).toBe(-32600);
      expect(refusal.error.message).toMatch(/batch/i);
      raw.send({ jsonrpc: '2.0', id: 2, method: 'ping' });
      expect(await raw.next((m) => (m as { id?: unknown }).id === 2, 10_000, from)).toEqual({
        jsonrpc: '2.0',
        id: 2,
        result: {},
      });
      // The refusal has id null, as JSON-RPC 2.0 requires when the request id cannot be known.
      // The schemas disagree (before 2025-11-25 an id must be a string or integer; 2025-11-25
      // wants it omitted), so it is left out of the schema check.
      const sent = [
        { jsonrpc: '2.0', id: 'init', method: 'initialize' },
        { jsonrpc: '2.0', id: 2, method: 'ping' },
      ];
      const others = raw.received.filter((m) => m !== refusal);
      expect(schemaIssues(version, sent, others)).toEqual([]);
    },
  );

  it('answers an unknown offered version with the latest one', async () => {
    const raw = open();
    expect((await raw.initialize('1999-01-01')).protocolVersion).toBe('2025-11-25');
  });
});
