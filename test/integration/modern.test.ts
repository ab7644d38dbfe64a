/**
 * 2026-07-28 clients through mcp-mux: the official v2 SDK client pinned to 2026-07-28
 * (`versionNegotiation: { mode: { pin } }`) over stdio and over the HTTP facade, in front of
 * server-everything (legacy) and the v2-SDK dual-era fixture. Every message mcp-mux sends is
 * validated against the 2026-07-28 JSON Schema.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Proc, startCli } from './cliNetwork.js';
import { cliPath, everything, fixture, writeConfig } from './harness.js';
import { type Recorded, record } from './recordTransport.js';
import { expectSchemaValid } from './schema.js';

const VERSION = '2026-07-28';
const TRACEPARENT = '00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01';

const config = () =>
  writeConfig({ mcpServers: { ev: everything(), modern: fixture('modernServer') } });

const newClient = () =>
  new Client(
    { name: 'modern-test', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: VERSION } } },
  );

async function exercise(client: Client, recorded: { sent: unknown[]; wire: unknown[] }) {
  const tools = await client.listTools();
  const names = tools.tools.map((t) => t.name);
  expect(names).toContain('ev__echo');
  expect(names).toContain('modern__test_simple_text');

  const echoed = await client.callTool({
    name: 'modern__echo',
    arguments: { message: 'hi' },
    _meta: { traceparent: TRACEPARENT, tracestate: 'a=1', baggage: 'k=v' },
  });
  expect(echoed.content).toEqual([{ type: 'text', text: 'Echo: hi' }]);
  // Trace context reached the upstream (the fixture echoes the _meta it got) and came back.
  const echoedMeta = (echoed._meta as { echoedMeta?: Record<string, unknown> }).echoedMeta;
  expect(echoedMeta).toMatchObject({ traceparent: TRACEPARENT, tracestate: 'a=1', baggage: 'k=v' });
  // The modern context keys are the router's: they do not leak to a legacy upstream.
  expect(Object.keys(echoedMeta ?? {}).some((k) => k.startsWith('io.modelcontextprotocol/'))).toBe(
    false,
  );

  const prompts = await client.listPrompts();
  expect(prompts.prompts.map((p) => p.name)).toContain('modern__test_prompt_with_arguments');
  const prompt = await client.getPrompt({
    name: 'modern__test_prompt_with_arguments',
    arguments: { arg1: 'a', arg2: 'b' },
  });
  expect(JSON.stringify(prompt.messages)).toContain("arg1='a'");

  const resources = await client.listResources();
  expect(resources.resources.map((r) => r.uri)).toContain('test://static-text');
  const read = await client.readResource({ uri: 'test://static-text' });
  expect(JSON.stringify(read.contents)).toContain('static text resource');

  const completion = await client.complete({
    ref: { type: 'ref/prompt', name: 'ev__completable-prompt' },
    argument: { name: 'department', value: 'E' },
  });
  expect(completion.completion.values).toContain('Engineering');

  // A legacy upstream asks for sampling, which this client did not declare: -32021.
  const missing = await client
    .callTool({ name: 'modern__test_missing_capability', arguments: {} })
    .then(
      () => undefined,
      (error: unknown) => error as { code?: number; data?: unknown },
    );
  expect(missing?.code).toBe(-32021);

  const subscription = await client.listen({ toolsListChanged: true, promptsListChanged: true });
  expect(subscription.honoredFilter).toMatchObject({ toolsListChanged: true });
  await subscription.close();

  // What mcp-mux sent: resultType and caching hints on the wire, and schema-valid.
  const results = recorded.wire.filter(
    (m): m is { result: Record<string, unknown> } =>
      typeof m === 'object' && m !== null && 'result' in m,
  );
  expect(results.length).toBeGreaterThan(5);
  for (const { result } of results) expect(result.resultType).toBe('complete');
  const listResult = results.find((r) => Array.isArray(r.result.tools))?.result;
  expect(listResult).toMatchObject({ ttlMs: 0, cacheScope: 'public' });
  const readResult = results.find((r) => Array.isArray(r.result.contents))?.result;
  expect(readResult).toMatchObject({ ttlMs: 0, cacheScope: 'private' });
  expectSchemaValid(VERSION, recorded);
}

describe('a pinned 2026-07-28 v2 SDK client through mcp-mux', () => {
  it('works over stdio: tools, prompts, resources, completion, listen, trace context', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [cliPath, '--config', config()],
      stderr: 'pipe',
    });
    const recorded = record(transport as unknown as Recorded);
    const client = newClient();
    await client.connect(transport);
    try {
      await exercise(client, recorded);
    } finally {
      await client.close();
    }
  }, 60_000);

  describe('over the HTTP facade', () => {
    let cli: Proc & { listeners: { http?: string } };
    beforeAll(async () => {
      cli = (await startCli(config(), ['--http', '127.0.0.1:0'])) as typeof cli;
    }, 30_000);
    afterAll(async () => {
      await cli?.stop();
    });

    it('works: tools, prompts, resources, completion, listen, trace context', async () => {
      const transport = new StreamableHTTPClientTransport(new URL(cli.listeners.http ?? ''));
      const recorded = record(transport as unknown as Recorded);
      const client = newClient();
      await client.connect(transport);
      try {
        await exercise(client, recorded);
        expect(transport.sessionId).toBeUndefined();
      } finally {
        await client.close();
      }
    }, 60_000);
  });
});
