/**
 * MCP Apps (`io.modelcontextprotocol/ui`) through the real CLI: the real
 * `@modelcontextprotocol/server-basic-vanillajs` and the apps fixture (v2 server SDK + ext-apps
 * helpers) both use `ui://get-time/mcp-app.html`; the fixture also has an app resource it does
 * not list. Over stdio and Streamable HTTP (v1 SDK client in a legacy session, v2 client in
 * 2026-07-28), a host reads each tool's app with ext-apps' `getToolUiResourceUri` and
 * `resources/read` and gets that tool's own upstream's HTML. Access rules and profiles (with
 * tool search) still decide who may read which app.
 */
import { join } from 'node:path';
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernHttpTransport,
} from '@modelcontextprotocol/client';
import {
  getToolUiResourceUri,
  RESOURCE_MIME_TYPE,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientTransport, type Proc, startCli } from './cliNetwork.js';
import { connectCli, fixture, root, writeConfig } from './harness.js';

const BASIC = join(root, 'node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js');
const BASIC_APP = 'ui://basic__get-time/mcp-app.html';
const FIXTURE_APP = 'ui://apps__get-time/mcp-app.html';
const BOARD_APP = 'ui://apps__board/app.html';

const ALICE = 'alice-token-0123456789abcdef';
const BOB = 'bob-token-0123456789abcdef';

const SERVERS = {
  basic: { command: process.execPath, args: [BASIC, '--stdio'] },
  apps: fixture('appsServer'),
};
const PROFILES = { clock: { upstreams: ['apps'], toolSearch: { mode: 'search' } } };
const plainConfig = writeConfig({ mcpServers: SERVERS, mcpMux: { profiles: PROFILES } });
const guardedConfig = writeConfig({
  mcpServers: SERVERS,
  mcpMux: {
    auth: { tokens: { alice: ALICE, bob: BOB } },
    access: [{ principals: ['token:alice'], upstreams: ['basic'] }, { principals: ['token:bob'] }],
    profiles: PROFILES,
  },
});

type AnyTool = Parameters<typeof getToolUiResourceUri>[0] & { name: string };
interface Contents {
  uri: string;
  mimeType?: string;
  text?: string;
}
/** What a host needs of an MCP client, whichever SDK it is. */
interface Host {
  listTools(): Promise<{ tools: unknown[] }>;
  listResources(): Promise<{ resources: { uri: string }[] }>;
  readResource(params: { uri: string }): Promise<{ contents: unknown[] }>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: Error) => error.message,
  );

async function toolsOf(host: Host): Promise<Map<string, AnyTool>> {
  const { tools } = await host.listTools();
  return new Map((tools as AnyTool[]).map((tool) => [tool.name, tool]));
}

async function read(host: Host, uri: string): Promise<Contents> {
  const { contents } = await host.readResource({ uri });
  expect(contents).toHaveLength(1);
  return contents[0] as Contents;
}

/** What a host does with the apps of the two upstreams; the same over every facade. */
async function exercise(host: Host): Promise<void> {
  const tools = await toolsOf(host);
  const basic = tools.get('basic__get-time') as AnyTool;
  const clock = tools.get('apps__show-time') as AnyTool;
  const board = tools.get('apps__show-board') as AnyTool;
  // Same URI upstream, one URI per upstream here, in both keys.
  expect(getToolUiResourceUri(basic)).toBe(BASIC_APP);
  expect(getToolUiResourceUri(clock)).toBe(FIXTURE_APP);
  expect(getToolUiResourceUri(board)).toBe(BOARD_APP);
  expect(basic._meta?.['ui/resourceUri']).toBe(BASIC_APP);
  expect(board._meta?.['ui/resourceUri']).toBe(BOARD_APP);

  const basicPage = await read(host, BASIC_APP);
  expect(basicPage).toMatchObject({ uri: BASIC_APP, mimeType: RESOURCE_MIME_TYPE });
  expect(basicPage.text).toContain('<title>Get Time App</title>');
  const fixturePage = await read(host, FIXTURE_APP);
  expect(fixturePage).toMatchObject({ uri: FIXTURE_APP, mimeType: RESOURCE_MIME_TYPE });
  expect(fixturePage.text).toContain('apps-fixture clock');

  // Not listed by its server, still routed by its tool.
  const listed = (await host.listResources()).resources.map((r) => r.uri);
  expect(listed).toEqual(expect.arrayContaining([BASIC_APP, FIXTURE_APP]));
  expect(listed).not.toContain(BOARD_APP);
  expect((await read(host, BOARD_APP)).text).toContain('apps-fixture board');

  // Hostile metadata is passed on as it is and routes nowhere.
  expect((tools.get('apps__odd-ui') as AnyTool)._meta).toEqual({
    ui: { resourceUri: 'https://example.com/app.html' },
    'ui/resourceUri': 42,
  });
  expect(await failure(host.readResource({ uri: 'https://example.com/app.html' }))).toMatch(
    /Resource not found/,
  );
  // The upstream-side URI is not the client's: it names nothing here.
  expect(await failure(host.readResource({ uri: 'ui://get-time/mcp-app.html' }))).toMatch(
    /Resource not found/,
  );
}

const legacyClient = () => new Client({ name: 'apps-host', version: '1.0.0' });

describe('MCP Apps over stdio', () => {
  it('reads each tool its own app, listed or not', async () => {
    const stdio = await connectCli(plainConfig);
    try {
      await exercise(stdio.client as unknown as Host);
    } finally {
      await stdio.close();
    }
  }, 60_000);

  it('in a profile: search_tools carries the rewritten _meta; other apps are not there', async () => {
    const stdio = await connectCli(plainConfig, { args: ['--profile', 'clock'] });
    try {
      const found = await stdio.client.callTool({
        name: 'search_tools',
        arguments: { query: 'show the time on a clock' },
      });
      const tools = (found.structuredContent as { tools: AnyTool[] }).tools;
      const clock = tools.find((t) => t.name === 'apps__show-time') as AnyTool;
      expect(getToolUiResourceUri(clock)).toBe(FIXTURE_APP);
      expect((await read(stdio.client as unknown as Host, FIXTURE_APP)).text).toContain(
        'apps-fixture clock',
      );
      expect(await failure(stdio.client.readResource({ uri: BASIC_APP }))).toMatch(
        /Resource not found/,
      );
    } finally {
      await stdio.close();
    }
  }, 60_000);
});

describe('MCP Apps over Streamable HTTP', () => {
  let cli: Proc & { listeners: { http?: string } };
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    cli = await startCli(guardedConfig, ['--http', '127.0.0.1:0']);
  }, 60_000);

  afterAll(async () => {
    await Promise.allSettled(closers.map((close) => close()));
    await cli?.stop();
  });

  async function legacy(token: string, path = ''): Promise<Client> {
    const client = legacyClient();
    await client.connect(
      clientTransport('http', `${cli.listeners.http}${path}`, {
        authorization: `Bearer ${token}`,
      }),
    );
    closers.push(() => client.close());
    return client;
  }

  it('reads each tool its own app (v1 client, legacy session)', async () => {
    await exercise((await legacy(BOB)) as unknown as Host);
  }, 60_000);

  it('reads each tool its own app (v2 client, 2026-07-28)', async () => {
    const client = new ModernClient(
      { name: 'apps-host-modern', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(
      new ModernHttpTransport(new URL(cli.listeners.http ?? ''), {
        requestInit: { headers: { authorization: `Bearer ${BOB}` } },
      }),
    );
    closers.push(() => client.close());
    await exercise(client as unknown as Host);
  }, 60_000);

  it('keeps access rules: a denied upstream app is not readable', async () => {
    const alice = await legacy(ALICE);
    expect([...(await toolsOf(alice as unknown as Host)).keys()]).toEqual(['basic__get-time']);
    expect((await read(alice as unknown as Host, BASIC_APP)).text).toContain('Get Time App');
    for (const uri of [FIXTURE_APP, BOARD_APP]) {
      expect(await failure(alice.readResource({ uri }))).toMatch(/Access denied/);
    }
  }, 60_000);

  it('keeps profiles and tool search: the found tool names its readable app', async () => {
    const bob = await legacy(BOB, '/clock');
    const found = await bob.callTool({
      name: 'search_tools',
      arguments: { query: 'show the time on a clock' },
    });
    const tools = (found.structuredContent as { tools: AnyTool[] }).tools;
    const clock = tools.find((t) => t.name === 'apps__show-time') as AnyTool;
    expect(getToolUiResourceUri(clock)).toBe(FIXTURE_APP);
    expect(JSON.parse((found.content as { text: string }[])[0]?.text ?? '{}')).toEqual(
      found.structuredContent,
    );
    expect((await read(bob as unknown as Host, FIXTURE_APP)).text).toContain('apps-fixture clock');
    expect(await failure(bob.readResource({ uri: BASIC_APP }))).toMatch(/Resource not found/);
  }, 60_000);
});
