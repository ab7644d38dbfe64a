/**
 * `mcpMux.profiles` through the real CLI: two profiles on one `--http` listener, each client
 * seeing only its profile's items (Streamable HTTP, legacy SSE and 2026-07-28 POSTs), calls
 * outside a profile answered as unknown names, a profile's own `toolSearch`, access rules still
 * applied inside a profile, `/mcp/<unknown>` → 404, `--profile` over stdio (and an unknown one
 * → exit 2), and `inspect --profile`.
 */
import { spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientTransport,
  type FacadeKind,
  INITIALIZE,
  POST_HEADERS,
  type Proc,
  rawRequest,
  startCli,
} from './cliNetwork.js';
import { cliPath, connectCli, everything, fixture, writeConfig } from './harness.js';

const ALICE = 'alice-token-0123456789abcdef';
const BOB = 'bob-token-0123456789abcdef';

const PROFILES = {
  echo: { upstreams: ['e'], tools: ['e__echo', 'e__get-sum'], prompts: [] },
  surface: { upstreams: ['s'], toolSearch: { mode: 'search' } },
};
const SERVERS = { e: everything(), s: fixture('surfaceServer') };

const config = writeConfig({
  mcpServers: SERVERS,
  mcpMux: {
    auth: { tokens: { alice: ALICE, bob: BOB } },
    access: [
      { principals: ['token:alice'], tools: ['e__echo', 's__*'] },
      { principals: ['token:bob'] },
    ],
    profiles: PROFILES,
  },
});
const plainConfig = writeConfig({ mcpServers: SERVERS, mcpMux: { profiles: PROFILES } });

let cli: Proc & { listeners: { http?: string; sse?: string } };
const clients: Client[] = [];

async function connect(kind: FacadeKind, url: string, token: string): Promise<Client> {
  const client = new Client({ name: `profile-${kind}`, version: '1.0.0' });
  await client.connect(clientTransport(kind, url, { authorization: `Bearer ${token}` }));
  clients.push(client);
  return client;
}

const toolNames = async (client: Client) => (await client.listTools()).tools.map((t) => t.name);
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: Error) => error.message,
  );

beforeAll(async () => {
  cli = await startCli(config, ['--http', '127.0.0.1:0']);
}, 60_000);

afterAll(async () => {
  await Promise.allSettled(clients.map((client) => client.close()));
  await cli?.stop();
});

describe('profiles on one HTTP listener', () => {
  it('shows each client only its profile (two profiles, one listener)', async () => {
    const echo = await connect('http', `${cli.listeners.http}/echo`, BOB);
    const surface = await connect('http', `${cli.listeners.http}/surface`, BOB);
    expect((await toolNames(echo)).sort()).toEqual(['e__echo', 'e__get-sum']);
    expect((await echo.listPrompts()).prompts).toEqual([]);
    // The surface profile has its own toolSearch (mode search): the meta-tools only.
    expect((await toolNames(surface)).sort()).toEqual(['call_tool', 'search_tools']);
    expect((await surface.listPrompts()).prompts.map((p) => p.name)).toEqual(['s__greet']);
    // The whole router is still at /mcp.
    const whole = await connect('http', `${cli.listeners.http}`, BOB);
    expect((await toolNames(whole)).length).toBeGreaterThan(10);
  });

  it('answers calls outside the profile as unknown names, and routes the ones inside', async () => {
    const echo = await connect('http', `${cli.listeners.http}/echo`, BOB);
    const said = await echo.callTool({ name: 'e__echo', arguments: { message: 'in profile' } });
    expect(JSON.stringify(said.content)).toContain('in profile');
    expect(await failure(echo.callTool({ name: 'e__get-env' }))).toMatch(
      /Unknown tool: e__get-env/,
    );
    expect(await failure(echo.getPrompt({ name: 's__greet', arguments: { name: 'x' } }))).toMatch(
      /Unknown prompt: s__greet/,
    );
  });

  it('still applies access rules inside a profile', async () => {
    const alice = await connect('http', `${cli.listeners.http}/echo`, ALICE);
    expect(await toolNames(alice)).toEqual(['e__echo']);
    expect(
      await failure(alice.callTool({ name: 'e__get-sum', arguments: { a: 1, b: 2 } })),
    ).toMatch(/Access denied: e__get-sum/);
  });

  it('serves the profile on the legacy SSE path too', async () => {
    const sse = await connect('sse', `${cli.listeners.sse}/echo`, BOB);
    expect((await toolNames(sse)).sort()).toEqual(['e__echo', 'e__get-sum']);
  });

  it('filters a 2026-07-28 (session-less) request by the profile of its path', async () => {
    const res = await rawRequest(`${cli.listeners.http}/echo`, {
      headers: {
        ...POST_HEADERS,
        authorization: `Bearer ${BOB}`,
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/list',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/list',
        params: {
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      }),
    });
    expect(res.status).toBe(200);
    const names = (JSON.parse(res.body).result.tools as { name: string }[]).map((t) => t.name);
    expect(names.sort()).toEqual(['e__echo', 'e__get-sum']);
  });

  it('answers 404 on /mcp/<a name no profile has>', async () => {
    for (const path of ['/mcp/unknown', '/sse/unknown']) {
      const res = await rawRequest(new URL(path, cli.listeners.http).href, {
        method: path.startsWith('/sse') ? 'GET' : 'POST',
        headers: { ...POST_HEADERS, authorization: `Bearer ${BOB}` },
        ...(path.startsWith('/sse') ? {} : { body: JSON.stringify(INITIALIZE) }),
      });
      expect(res.status).toBe(404);
    }
  });
});

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`mcp-mux ${args.join(' ')} did not exit; stderr:\n${stderr}`));
    }, 45_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('--profile', () => {
  it('gives the stdio client that profile only', async () => {
    const stdio = await connectCli(plainConfig, { args: ['--profile', 'echo'] });
    try {
      expect((await toolNames(stdio.client)).sort()).toEqual(['e__echo', 'e__get-sum']);
      expect(await failure(stdio.client.callTool({ name: 'e__get-env' }))).toMatch(/Unknown tool/);
    } finally {
      await stdio.close();
    }
  }, 60_000);

  it('exits 2 with a clear message for a profile the config does not have', async () => {
    const { code, stderr } = await run(['--config', plainConfig, '--profile', 'nope']);
    expect(code).toBe(2);
    expect(stderr).toContain(
      '--profile nope: no such profile in mcpMux.profiles (known: echo, surface)',
    );
  });

  it('inspect --profile prints only what the profile exposes', async () => {
    const { code, stdout } = await run(['inspect', '--config', plainConfig, '--profile', 'echo']);
    expect(code).toBe(0);
    const [status = '', catalog = ''] = stdout.trimEnd().split('\n\n');
    const rows = (section: string) =>
      section
        .split('\n')
        .slice(1)
        .map((l) => l.split('\t'));
    expect(rows(status).map(([name]) => name)).toEqual(['e']);
    const named = rows(catalog).filter(([kind]) => kind === 'tools' || kind === 'prompts');
    expect(named.map(([kind, , , exposed]) => `${kind} ${exposed}`)).toEqual([
      'tools e__echo',
      'tools e__get-sum',
    ]);
  }, 60_000);
});
