/**
 * One identity for every client (core/mcp/upstreamIdentity.ts): a dual-era v2-SDK upstream
 * (test/fixtures/modernServer.ts) puts its own `io.modelcontextprotocol/serverInfo` in result
 * `_meta` — the SDK stamps every 2026-07-28 result, and its `identity` tool sets it in every
 * era. Through the real CLI, neither a legacy client (v1 SDK) nor a modern one (v2 SDK pinned
 * to 2026-07-28) sees the upstream's under that key: the modern one sees mcp-mux's, the legacy
 * one none, and both find the upstream's under `io.github.mcp-mux/upstreamServerInfo`.
 */
import { Client as ModernClient } from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdioTransport } from '@modelcontextprotocol/client/stdio';
import { describe, expect, it } from 'vitest';
import { cliPath, connectCli, fixture, writeConfig } from './harness.js';

const SERVER_INFO = 'io.modelcontextprotocol/serverInfo';
const UPSTREAM_SERVER_INFO = 'io.github.mcp-mux/upstreamServerInfo';
const FIXTURE = { name: 'modern-fixture', version: '1.0.0' };

/** The `result._meta` of the response to request `id` on a recorded wire. */
function metaOf(wire: readonly unknown[], id: unknown): Record<string, unknown> | undefined {
  const response = wire.find(
    (m) => (m as { id?: unknown }).id === id && 'result' in (m as object),
  ) as { result: { _meta?: Record<string, unknown> } } | undefined;
  return response?.result._meta;
}

const lastCallId = (sent: readonly unknown[]): unknown =>
  (sent.filter((m) => (m as { method?: string }).method === 'tools/call').at(-1) as { id: unknown })
    .id;

describe.each([
  ['probed (2026-07-28 toward it)', 'auto'],
  ['kept on initialize (legacy toward it)', 'legacy'],
])('a dual-era upstream that names itself, %s', (_, protocol) => {
  it('is not named under serverInfo to a legacy (v1 SDK) client', async () => {
    const cli = await connectCli(
      writeConfig({ mcpServers: { m: fixture('modernServer', { protocol }) } }),
    );
    try {
      // The legacy client is served over the upstream's legacy path (era-matched under
      // `auto`), where the SDK stamps nothing: only the `identity` tool names itself there.
      for (const name of ['m__identity', 'm__echo']) {
        const result = await cli.client.callTool({ name, arguments: { message: 'hi' } });
        expect(result._meta?.[SERVER_INFO], name).toBeUndefined();
        const meta = metaOf(cli.wire, lastCallId(cli.sent));
        expect(meta?.[SERVER_INFO], name).toBeUndefined();
        if (name === 'm__identity')
          expect(meta?.[UPSTREAM_SERVER_INFO], name).toMatchObject(FIXTURE);
      }
    } finally {
      await cli.close();
    }
  }, 60_000);

  it("is mcp-mux to a modern (v2 SDK, 2026-07-28) client, with the upstream's moved", async () => {
    const transport = new ModernStdioTransport({
      command: process.execPath,
      args: [
        cliPath,
        '--config',
        writeConfig({ mcpServers: { m: fixture('modernServer', { protocol }) } }),
      ],
      stderr: 'pipe',
    });
    const client = new ModernClient(
      { name: 'identity-test', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(transport);
    const wire: unknown[] = [];
    const hooks = transport as unknown as {
      onmessage?: (message: unknown, extra?: unknown) => void;
    };
    const deliver = hooks.onmessage;
    hooks.onmessage = (message, extra) => {
      wire.push(message);
      deliver?.(message, extra);
    };
    try {
      for (const name of ['m__identity', 'm__echo']) {
        await client.callTool({ name, arguments: { message: 'hi' } });
        const response = wire.at(-1) as { result: { _meta?: Record<string, unknown> } };
        expect(response.result._meta?.[SERVER_INFO], name).toMatchObject({ name: 'mcp-mux' });
        if (name === 'm__identity' || protocol === 'auto') {
          expect(response.result._meta?.[UPSTREAM_SERVER_INFO], name).toMatchObject(FIXTURE);
        }
      }
    } finally {
      await client.close();
    }
  }, 60_000);
});
