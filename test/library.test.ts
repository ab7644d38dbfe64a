/**
 * The library: `examples/embed/embed.mjs` runs against the built package
 * (router in-process with an SDK Client through `toSdkTransport`, and on the embedder's own
 * HTTP server through `createHttpHandler` + `serveOn`); an SDK `Server` plugs in as an upstream
 * through `fromSdkTransport`; the published tarball leaves out compiled tests and benches.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createMemoryPair,
  createRouter,
  fromSdkTransport,
  type Router,
  toSdkTransport,
} from '../index.js';
import { root } from './integration/harness.js';

const run = (command: string, args: string[]): Promise<{ code: number; stdout: string }> =>
  new Promise((resolve) => {
    execFile(command, args, { cwd: root, timeout: 60_000 }, (error, stdout) =>
      resolve({ code: error ? Number((error as { code?: unknown }).code ?? 1) : 0, stdout }),
    );
  });

let router: Router | undefined;
afterEach(async () => {
  await router?.close();
  router = undefined;
});

describe('the library', () => {
  it('runs examples/embed/embed.mjs: in-process SDK client, own HTTP server, clean exit', async () => {
    const { code, stdout } = await run(process.execPath, [
      join(root, 'examples/embed/embed.mjs'),
      join(root, 'dist/index.js'),
    ]);
    expect(code).toBe(0);
    expect(stdout).toContain('in-process: Echo: hello from memory');
    expect(stdout).toMatch(/over http: \d+ tools, first everything__/);
    expect(stdout).toContain('own route: ok');
    expect(stdout).toContain('closed');
  }, 60_000);

  it('takes an SDK Server as an upstream and an SDK Client as a client, without glue', async () => {
    const server = new McpServer({ name: 'sdk-upstream', version: '1.0.0' });
    server.registerTool('hello', { description: 'says hello' }, async () => ({
      content: [{ type: 'text', text: 'hello from the SDK server' }],
    }));
    router = createRouter(
      { mcpServers: { sdk: { command: 'unused' } } },
      {
        openTransport: async () => {
          const [upstreamEnd, serverEnd] = InMemoryTransport.createLinkedPair();
          await server.connect(serverEnd);
          return fromSdkTransport(upstreamEnd);
        },
      },
    );
    await router.start();
    const [clientEnd, routerEnd] = createMemoryPair();
    router.connect(routerEnd);
    const client = new Client({ name: 'sdk-client', version: '1.0.0' });
    await client.connect(toSdkTransport(clientEnd));
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['sdk__hello']);
    const result = await client.callTool({ name: 'sdk__hello' });
    expect(result.content).toEqual([{ type: 'text', text: 'hello from the SDK server' }]);
    await client.close();
  });

  it('publishes no compiled tests or benches', async () => {
    const { code, stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts']);
    expect(code).toBe(0);
    const [pack] = JSON.parse(stdout) as { files: { path: string }[] }[];
    const paths = pack?.files.map((f) => f.path) ?? [];
    expect(paths).toContain('dist/index.js');
    expect(paths).toContain('dist/bin/mcp-mux.js');
    expect(paths.filter((p) => p.startsWith('dist/test/') || p.startsWith('dist/bench/'))).toEqual(
      [],
    );
  }, 60_000);
});
