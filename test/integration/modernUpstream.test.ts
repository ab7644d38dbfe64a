/**
 * mcp-mux toward 2026-07-28 upstreams: the v2-SDK fixture
 * (test/fixtures/modernServer.ts) modern-only and dual-era, over stdio and Streamable HTTP,
 * used through mcp-mux by the v1 SDK client (legacy era) and by the v2 SDK client pinned to
 * 2026-07-28 (MRTR `input_required` passed through and retried). Real processes throughout.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernHttpTransport,
} from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdioTransport } from '@modelcontextprotocol/client/stdio';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Proc, spawnNode, startCli, until } from './cliNetwork.js';
import { eventually, notificationsOf } from './cliSessions.js';
import {
  type CliClient,
  cliPath,
  connectCli,
  fixture,
  fixturePath,
  writeConfig,
} from './harness.js';
import { clientMessageIssues } from './schema.js';

const VERSION = '2026-07-28';

/** The fixture over Streamable HTTP on a free port. */
async function startHttpFixture(modernOnly: boolean): Promise<Proc & { url: string }> {
  const proc = spawnNode([
    fixturePath('modernServer'),
    '--http',
    '0',
    ...(modernOnly ? ['--modern-only'] : []),
  ]);
  const url = await until(
    () => /listening (http:\/\/\S+)/.exec(proc.output())?.[1],
    15_000,
    'the HTTP fixture',
  );
  return { ...proc, url };
}

/** What the test wraps of an SDK client transport. */
interface Hooks {
  onmessage?: ((message: unknown, extra?: unknown) => void) | undefined;
  send(message: unknown, options?: unknown): Promise<void>;
}

const textOf = (result: unknown): string =>
  (((result as { content?: unknown }).content ?? []) as { type: string; text?: string }[])
    .map((c) => c.text ?? '')
    .join('');

interface Upstream {
  label: string;
  server: () => Record<string, unknown>;
}

const upstreams: { label: string; modernOnly: boolean; http: boolean }[] = [
  { label: 'modern-only over stdio', modernOnly: true, http: false },
  { label: 'dual-era over stdio', modernOnly: false, http: false },
  { label: 'modern-only over Streamable HTTP', modernOnly: true, http: true },
  { label: 'dual-era over Streamable HTTP', modernOnly: false, http: true },
];

describe.each(upstreams)('a 2026-07-28 upstream, $label', ({ modernOnly, http }) => {
  let httpFixture: (Proc & { url: string }) | undefined;
  let upstream: Upstream['server'];
  beforeAll(async () => {
    if (http) {
      httpFixture = await startHttpFixture(modernOnly);
      const url = httpFixture.url;
      upstream = () => ({ url });
    } else {
      upstream = () =>
        fixture(
          'modernServer',
          modernOnly ? { args: [fixturePath('modernServer'), '--modern-only'] } : {},
        );
    }
  }, 30_000);
  afterAll(async () => {
    await httpFixture?.stop();
  });

  it('is spoken to in 2026-07-28 and fully usable by a legacy (v1 SDK) client', async () => {
    const cli: CliClient = await connectCli(writeConfig({ mcpServers: { m: upstream() } }));
    try {
      const tools = await cli.client.listTools();
      expect(tools.tools.map((t) => t.name)).toContain('m__echo');
      const echoed = await cli.client.callTool({ name: 'm__echo', arguments: { message: 'hi' } });
      expect(textOf(echoed)).toBe('Echo: hi');
      const prompt = await cli.client.getPrompt({
        name: 'm__test_prompt_with_arguments',
        arguments: { arg1: 'a', arg2: 'b' },
      });
      expect(JSON.stringify(prompt.messages)).toContain("arg1='a'");
      const read = await cli.client.readResource({ uri: 'test://static-text' });
      expect(JSON.stringify(read.contents)).toContain('static text resource');
      const templated = await cli.client.readResource({ uri: 'test://template/7/data' });
      expect(JSON.stringify(templated.contents)).toContain('Data for ID: 7');
      const completion = await cli.client.complete({
        ref: { type: 'ref/prompt', name: 'm__test_prompt_with_arguments' },
        argument: { name: 'arg1', value: 'pa' },
      });
      expect(completion.completion.values).toEqual(['paris', 'park', 'party']);
      // The era mcp-mux found (its status line names the upstream's protocol version).
      await eventually(() => cli.stderr().includes('protocol='));
      expect(cli.stderr()).toMatch(/upstream m: ready .*protocol=2026-07-28/);
      expect(cli.stderr()).not.toMatch(/HTTP\+SSE|falling back/i);
      // A 2025-era caller's own capabilities go upstream: this client declared no elicitation,
      // so the upstream asks for no input it could not get (-32021, the SDK's own check; a
      // dual-era stdio upstream serves it over its legacy connection, where the SDK's legacy
      // shim fails the call in a result of its own).
      const stuck = await cli.client
        .callTool({ name: 'm__test_input_required_result_elicitation', arguments: {} })
        .then(
          (result) => ({ code: undefined, isError: (result as { isError?: boolean }).isError }),
          (error: unknown) => error as { code?: number; message?: string; isError?: boolean },
        );
      if (modernOnly || http) expect(stuck?.code).toBe(-32021);
      else expect(stuck?.code === -32021 || stuck?.isError === true).toBe(true);
      // x-mcp-header: over HTTP the fixture refuses (400, -32020) a call whose
      // Mcp-Param-Region header is missing or differs; non-ASCII goes Base64.
      for (const region of ['eu-west1', 'Zürich', ' padded ']) {
        const call = await cli.client.callTool({ name: 'm__region_echo', arguments: { region } });
        expect(textOf(call)).toBe(`region: ${region}`);
      }
    } finally {
      await cli.close();
    }
  }, 60_000);

  it('bridges its input_required to a legacy client that can answer (elicitation)', async () => {
    const cli = await connectCli(writeConfig({ mcpServers: { m: upstream() } }), {
      clientOptions: { capabilities: { elicitation: {} } },
    });
    cli.client.setRequestHandler(ElicitRequestSchema, async () => ({
      action: 'accept',
      content: { name: 'Ada' },
    }));
    try {
      const result = await cli.client.callTool({
        name: 'm__test_input_required_result_elicitation',
        arguments: {},
      });
      expect(textOf(result)).toBe('Hello, Ada!');
    } finally {
      await cli.close();
    }
  }, 60_000);

  it.each(['stdio', 'http'] as const)(
    'passes input_required through to a pinned v2 client (facade: %s), and its retry back',
    async (facade) => {
      const configFile = writeConfig({ mcpServers: { m: upstream() } });
      let cli: (Proc & { listeners: { http?: string } }) | undefined;
      let transport: ModernStdioTransport | ModernHttpTransport;
      if (facade === 'http') {
        cli = await startCli(configFile, ['--http', '127.0.0.1:0']);
        transport = new ModernHttpTransport(new URL(cli.listeners.http ?? ''));
      } else {
        transport = new ModernStdioTransport({
          command: process.execPath,
          args: [cliPath, '--config', configFile],
          stderr: 'pipe',
        });
      }
      const wire: unknown[] = [];
      const sent: unknown[] = [];
      const hooks = transport as unknown as Hooks;
      const send = hooks.send.bind(transport);
      hooks.send = (message, options) => {
        sent.push(message);
        return send(message, options);
      };
      const client = new ModernClient(
        { name: 'modern-upstream-test', version: '1.0.0' },
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
        wire.push(message);
        deliver?.(message, extra);
      };
      try {
        const result = await client.callTool({
          name: 'm__test_streaming_elicitation',
          arguments: {},
        });
        expect(textOf(result)).toBe('answer: {"name":"Ada"}');
        // The interim result reached the client as the upstream sent it …
        const interim = wire.find(
          (m) =>
            (m as { result?: { resultType?: string } }).result?.resultType === 'input_required',
        ) as { result: Record<string, unknown> } | undefined;
        expect(interim?.result.inputRequests).toBeDefined();
        // … and the client's retry (a new id, with inputResponses) reached the same tool.
        const calls = sent.filter((m) => (m as { method?: string }).method === 'tools/call') as {
          id: number;
          params: Record<string, unknown>;
        }[];
        expect(calls).toHaveLength(2);
        expect(calls[1]?.id).not.toBe(calls[0]?.id);
        expect(calls[1]?.params.inputResponses).toBeDefined();
        if (interim?.result.requestState !== undefined) {
          expect(calls[1]?.params.requestState).toBe(interim.result.requestState);
        }
      } finally {
        await client.close();
        await cli?.stop();
      }
    },
    60_000,
  );
});

describe('list changes of a modern upstream (subscriptions/listen)', () => {
  it('reach a legacy client as list_changed, and the catalog follows', async () => {
    const cli = await connectCli(
      writeConfig({
        mcpServers: {
          m: fixture('modernServer', { args: [fixturePath('modernServer'), '--modern-only'] }),
        },
      }),
    );
    try {
      expect((await cli.client.listTools()).tools.map((t) => t.name)).not.toContain(
        'm__added_tool',
      );
      await cli.client.callTool({ name: 'm__add_tool', arguments: {} });
      expect(
        await eventually(
          () => notificationsOf(cli.wire, 'notifications/tools/list_changed').length > 0,
          10_000,
        ),
      ).toBe(true);
      expect((await cli.client.listTools()).tools.map((t) => t.name)).toContain('m__added_tool');
    } finally {
      await cli.close();
    }
  }, 60_000);
});

describe('resource subscriptions toward a modern upstream', () => {
  it('become its subscriptions/listen resourceSubscriptions; updates reach the subscriber', async () => {
    const cli = await connectCli(
      writeConfig({
        mcpServers: {
          m: fixture('modernServer', { args: [fixturePath('modernServer'), '--modern-only'] }),
        },
      }),
    );
    try {
      await cli.client.subscribeResource({ uri: 'test://static-text' });
      await cli.client.callTool({ name: 'm__touch_resource', arguments: {} });
      expect(
        await eventually(
          () => notificationsOf(cli.wire, 'notifications/resources/updated').length > 0,
          10_000,
        ),
      ).toBe(true);
      expect(notificationsOf(cli.wire, 'notifications/resources/updated')[0]?.params).toMatchObject(
        { uri: 'test://static-text' },
      );
      await cli.client.unsubscribeResource({ uri: 'test://static-text' });
      const before = notificationsOf(cli.wire, 'notifications/resources/updated').length;
      await cli.client.callTool({ name: 'm__touch_resource', arguments: {} });
      await new Promise((r) => setTimeout(r, 500));
      expect(notificationsOf(cli.wire, 'notifications/resources/updated')).toHaveLength(before);
    } finally {
      await cli.close();
    }
  }, 60_000);
});

describe('the protocol key', () => {
  it('"legacy" keeps a dual-era upstream on initialize', async () => {
    const cli = await connectCli(
      writeConfig({ mcpServers: { m: fixture('modernServer', { protocol: 'legacy' }) } }),
    );
    try {
      expect((await cli.client.listTools()).tools.map((t) => t.name)).toContain('m__echo');
      await eventually(() => cli.stderr().includes('protocol='));
      expect(cli.stderr()).toMatch(/upstream m: ready .*protocol=2025-11-25/);
    } finally {
      await cli.close();
    }
  }, 60_000);

  it('"2026-07-28" refuses a legacy-only upstream with a clear reason', async () => {
    const proc = await startCli(
      writeConfig({
        mcpServers: {
          old: fixture('lifecycleServer', { protocol: '2026-07-28', restart: { maxRestarts: 0 } }),
        },
      }),
      ['--http', '127.0.0.1:0'],
    );
    try {
      expect(await eventually(() => /does not speak 2026-07-28/.test(proc.output()), 15_000)).toBe(
        true,
      );
    } finally {
      await proc.stop();
    }
  }, 60_000);
});

describe('a modern upstream over HTTP, probed', () => {
  it('never falls back to HTTP+SSE after a modern answer', async () => {
    const server = await startHttpFixture(true);
    try {
      const cli = await connectCli(writeConfig({ mcpServers: { m: { url: server.url } } }));
      try {
        expect((await cli.client.listTools()).tools.length).toBeGreaterThan(5);
        await eventually(() => cli.stderr().includes('protocol='));
        expect(cli.stderr()).toMatch(/connecting \(streamable-http\)/);
        expect(cli.stderr()).not.toMatch(/\(sse\)/);
      } finally {
        await cli.close();
      }
    } finally {
      await server.stop();
    }
  }, 60_000);
});

describe('what mcp-mux sends a modern upstream', () => {
  it('is valid 2026-07-28 (JSON Schema), with the context in every request', async () => {
    const configFile = writeConfig({});
    const log = join(configFile, '..', 'upstream-stdin.ndjson');
    const cli = await connectCli(
      writeConfig({
        mcpServers: {
          m: {
            command: process.execPath,
            args: [fixturePath('teeServer'), log, fixturePath('modernServer'), '--modern-only'],
            // One connection: with `auto` a second process would be asked a legacy
            // `initialize` (era-matched connections), refused, and logged to the same file.
            protocol: '2026-07-28',
          },
        },
      }),
    );
    try {
      await cli.client.listTools();
      await cli.client.callTool({ name: 'm__test_tool_with_progress', arguments: {} }, undefined, {
        onprogress: () => {},
      });
      await cli.client.getPrompt({ name: 'm__test_simple_prompt' });
      await cli.client.readResource({ uri: 'test://static-text' });
      await cli.client.complete({
        ref: { type: 'ref/prompt', name: 'm__test_prompt_with_arguments' },
        argument: { name: 'arg1', value: 'pa' },
      });
      await cli.client.setLoggingLevel('debug');
      await cli.client.callTool({ name: 'm__test_logging_tool', arguments: {} });
    } finally {
      await cli.close();
    }
    const sent = readFileSync(log, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as { method?: string; id?: unknown; params?: never });
    const methods = sent.map((m) => m.method);
    expect(methods[0]).toBe('server/discover');
    expect(methods).toEqual(
      expect.arrayContaining([
        'subscriptions/listen',
        'tools/list',
        'tools/call',
        'prompts/get',
        'resources/read',
        'completion/complete',
      ]),
    );
    expect(methods).not.toContain('initialize');
    expect(methods).not.toContain('ping');
    expect(methods).not.toContain('logging/setLevel');
    expect(clientMessageIssues(VERSION, sent)).toEqual([]);
    for (const request of sent.filter((m) => m.id !== undefined)) {
      const meta = (request.params as { _meta?: Record<string, unknown> } | undefined)?._meta;
      expect(meta?.['io.modelcontextprotocol/protocolVersion']).toBe(VERSION);
      expect(meta?.['io.modelcontextprotocol/clientCapabilities']).toBeDefined();
    }
    // The session's level travels in the request's _meta (no logging/setLevel in 2026-07-28).
    const logged = sent.find(
      (m) =>
        m.method === 'tools/call' &&
        (m.params as { name?: string } | undefined)?.name === 'test_logging_tool',
    );
    expect(
      (logged?.params as { _meta?: Record<string, unknown> } | undefined)?._meta?.[
        'io.modelcontextprotocol/logLevel'
      ],
    ).toBe('debug');
  }, 60_000);
});
