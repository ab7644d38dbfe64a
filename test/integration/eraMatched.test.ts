/**
 * Era-matched connections (actors/upstream/legacyConnections.ts): in front of a dual-era
 * upstream (the v2-SDK fixture test/fixtures/modernServer.ts) over stdio, the built CLI serves
 * a legacy (v1 SDK) client over a legacy connection, so the upstream's
 * push-style requests reach it for real and `resources/subscribe` is the upstream's own, and a
 * 2026-07-28 (v2 SDK, pinned) client over the modern path (`input_required` as the upstream
 * sent it), over stdio and Streamable HTTP. Over HTTP the legacy connection is kept when the
 * upstream keeps legacy sessions (dualEraEverything.ts); `protocol: "2026-07-28"`, and an HTTP
 * upstream that serves legacy requests statelessly (the SDK's default), have none.
 */

import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernHttpTransport,
} from '@modelcontextprotocol/client';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ResourceUpdatedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Proc, spawnNode, startCli, until } from './cliNetwork.js';
import { eventually } from './cliSessions.js';
import { connectCli, fixture, fixturePath, writeConfig } from './harness.js';

const VERSION = '2026-07-28';

const textOf = (result: unknown): string =>
  (((result as { content?: unknown }).content ?? []) as { type: string; text?: string }[])
    .map((c) => c.text ?? '')
    .join('');

/** A dual-era fixture over Streamable HTTP on a free port (modernServer: stateless legacy). */
async function startHttpFixture(name = 'modernServer'): Promise<Proc & { url: string }> {
  const proc = spawnNode([fixturePath(name), '--http', '0']);
  const url = await until(
    () => /listening (http:\/\/\S+)/.exec(proc.output())?.[1],
    15_000,
    'the HTTP fixture',
  );
  return { ...proc, url };
}

/** A v1 client that answers sampling and elicitation, and records what it was asked. */
async function legacyClient(server: Record<string, unknown>) {
  const cli = await connectCli(writeConfig({ mcpServers: { m: server } }), {
    clientOptions: { capabilities: { sampling: {}, elicitation: {} } },
  });
  const asked: string[] = [];
  cli.client.setRequestHandler(CreateMessageRequestSchema, async () => {
    asked.push('sampling/createMessage');
    return { role: 'assistant', content: { type: 'text', text: 'hi' }, model: 'test' };
  });
  cli.client.setRequestHandler(ElicitRequestSchema, async () => {
    asked.push('elicitation/create');
    return { action: 'accept', content: { name: 'Ada' } };
  });
  return { cli, asked };
}

describe.each([
  { label: 'stdio', http: false },
  { label: 'Streamable HTTP', http: true },
])('a dual-era upstream over $label, protocol auto', ({ http }) => {
  let httpFixture: (Proc & { url: string }) | undefined;
  let server: () => Record<string, unknown>;
  beforeAll(async () => {
    if (http) {
      httpFixture = await startHttpFixture();
      const url = httpFixture.url;
      server = () => ({ url });
    } else {
      server = () => fixture('modernServer');
    }
  }, 30_000);
  afterAll(async () => {
    await httpFixture?.stop();
  });

  it.skipIf(http)(
    'serves a legacy client over a legacy connection: pushed requests, its own subscriptions',
    async () => {
      const { cli, asked } = await legacyClient(server());
      try {
        await eventually(() => cli.stderr().includes('dual-era'), 10_000);
        expect(cli.stderr()).toMatch(/upstream m: dual-era — legacy clients over 20\d\d-\d\d-\d\d/);
        const sampled = await cli.client.callTool({ name: 'm__push_sampling', arguments: {} });
        expect(textOf(sampled)).toBe('sampled: {"type":"text","text":"hi"}');
        const elicited = await cli.client.callTool({ name: 'm__push_elicitation', arguments: {} });
        expect(textOf(elicited)).toBe('elicited: {"action":"accept","content":{"name":"Ada"}}');
        expect(asked).toEqual(['sampling/createMessage', 'elicitation/create']);

        const updated: string[] = [];
        cli.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
          updated.push(n.params.uri);
        });
        await cli.client.subscribeResource({ uri: 'test://static-text' });
        await cli.client.callTool({ name: 'm__touch_resource', arguments: {} });
        expect(await eventually(() => updated.length > 0, 10_000)).toBe(true);
        expect(updated[0]).toBe('test://static-text');
        await cli.client.unsubscribeResource({ uri: 'test://static-text' });
      } finally {
        await cli.close();
      }
    },
    60_000,
  );

  it('serves a 2026-07-28 client over the modern path (input_required, no pushed requests)', async () => {
    const cli = await startCli(writeConfig({ mcpServers: { m: server() } }), [
      '--http',
      '127.0.0.1:0',
    ]);
    const transport = new ModernHttpTransport(new URL(cli.listeners.http ?? ''));
    const received: unknown[] = [];
    const hooks = transport as unknown as {
      onmessage?: ((message: unknown, extra?: unknown) => void) | undefined;
    };
    const client = new ModernClient(
      { name: 'era-matched-test', version: '1.0.0' },
      {
        capabilities: { elicitation: { form: {} } },
        versionNegotiation: { mode: { pin: VERSION } },
      },
    );
    client.setRequestHandler('elicitation/create', async () => ({
      action: 'accept',
      content: { name: 'Ada' },
    }));
    await client.connect(transport);
    const deliver = hooks.onmessage;
    hooks.onmessage = (message, extra) => {
      received.push(message);
      deliver?.(message, extra);
    };
    try {
      const result = await client.callTool({
        name: 'm__test_streaming_elicitation',
        arguments: {},
      });
      expect(textOf(result)).toBe('answer: {"name":"Ada"}');
      const interim = received.find(
        (m) => (m as { result?: { resultType?: string } }).result?.resultType === 'input_required',
      ) as { result: { requestState?: string } } | undefined;
      expect(interim).toBeDefined();
      // The upstream's own round (a bridged one would carry mcp-mux's sealed `mux1.` state).
      expect(String(interim?.result.requestState ?? '')).not.toMatch(/^mux1\./);
      // The modern path cannot push: the upstream's push-style tool fails there.
      const pushed = await client.callTool({ name: 'm__push_sampling', arguments: {} }).then(
        (r) => r as { isError?: boolean },
        () => ({ isError: true }),
      );
      expect(pushed.isError).toBe(true);
    } finally {
      await client.close();
      await cli.stop();
    }
  }, 60_000);
});

describe('a dual-era upstream over Streamable HTTP (stateless legacy serving)', () => {
  it('keeps legacy clients on the modern path, bridged: no legacy connection', async () => {
    const fx = await startHttpFixture();
    const cli = await connectCli(writeConfig({ mcpServers: { m: { url: fx.url } } }), {
      clientOptions: { capabilities: { elicitation: {} } },
    });
    const asked: string[] = [];
    cli.client.setRequestHandler(ElicitRequestSchema, async () => {
      asked.push('elicitation/create');
      return { action: 'accept', content: { name: 'Ada' } };
    });
    try {
      // input_required bridged into a request to the client, answered on a retry.
      const sampled = await cli.client.callTool({
        name: 'm__test_streaming_elicitation',
        arguments: {},
      });
      expect(textOf(sampled)).toBe('answer: {"name":"Ada"}');
      expect(asked).toEqual(['elicitation/create']);
      expect(cli.stderr()).not.toContain('dual-era');
    } finally {
      await cli.close();
      await fx.stop();
    }
  }, 60_000);
});

describe('a dual-era upstream over Streamable HTTP with legacy sessions', () => {
  it('serves a legacy client over a legacy HTTP connection: pushed requests', async () => {
    const fx = await startHttpFixture('dualEraEverything');
    const { cli, asked } = await legacyClient({ url: fx.url });
    try {
      await eventually(() => cli.stderr().includes('dual-era'), 10_000);
      const sampled = await cli.client.callTool({
        name: 'm__test_sampling',
        arguments: { prompt: 'Say hi' },
      });
      expect(textOf(sampled)).toBe('LLM response: hi');
      const elicited = await cli.client.callTool({
        name: 'm__test_elicitation_sep1034_defaults',
        arguments: {},
      });
      expect(textOf(elicited)).toBe(
        'Elicitation completed: {"action":"accept","content":{"name":"Ada"}}',
      );
      expect(asked).toEqual(['sampling/createMessage', 'elicitation/create']);
    } finally {
      await cli.close();
      await fx.stop();
    }
  }, 60_000);
});

describe('a dual-era upstream with protocol "2026-07-28"', () => {
  it('opens no legacy connection: a legacy client gets no pushed request', async () => {
    const { cli, asked } = await legacyClient(fixture('modernServer', { protocol: VERSION }));
    try {
      await eventually(() => cli.stderr().includes('upstream m: ready'), 10_000);
      const pushed = await cli.client.callTool({ name: 'm__push_sampling', arguments: {} }).then(
        (r) => r as { isError?: boolean },
        () => ({ isError: true }),
      );
      expect(pushed.isError).toBe(true);
      expect(asked).toEqual([]);
      expect(cli.stderr()).not.toContain('dual-era');
    } finally {
      await cli.close();
    }
  }, 60_000);
});
