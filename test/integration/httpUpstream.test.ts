/**
 * An HTTP upstream (the official SDK's Streamable HTTP server, in this process) that drops its
 * connections under the real CLI: a call in flight fails at once with an error naming the
 * upstream, later calls succeed; after a full outage (the server goes away and comes back on
 * the same port, without its sessions) the supervisor reconnects it.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { type CliClient, connectCli, fixture, writeConfig } from './harness.js';
import { eventually } from './processes.js';

const textOf = (result: unknown): string =>
  (result as { content: { text: string }[] }).content[0]?.text ?? '';

/** An SDK Streamable HTTP server with `echo` and `wait` tools; `generation` tells restarts apart. */
async function startHttpUpstream(port: number, generation: number): Promise<HttpServer> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const server = createServer((req, res) => {
    void (async () => {
      const id = req.headers['mcp-session-id'];
      let transport = typeof id === 'string' ? sessions.get(id) : undefined;
      if (!transport) {
        if (typeof id === 'string') {
          res.writeHead(404).end(); // a session of an earlier generation
          return;
        }
        const created = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (sid) => void sessions.set(sid, created),
        });
        const mcp = new Server({ name: 'web', version: '1.0.0' }, { capabilities: { tools: {} } });
        mcp.setRequestHandler(ListToolsRequestSchema, async () => ({
          tools: ['echo', 'wait'].map((name) => ({
            name,
            inputSchema: { type: 'object' as const },
          })),
        }));
        mcp.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
          if (request.params.name === 'wait') {
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, Number(request.params.arguments?.ms ?? 60_000));
              extra.signal.addEventListener('abort', () => {
                clearTimeout(timer);
                resolve();
              });
            });
          }
          return { content: [{ type: 'text' as const, text: JSON.stringify({ generation }) }] };
        });
        await mcp.connect(created);
        transport = created;
      }
      await transport.handleRequest(req, res);
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

function stop(server: HttpServer): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

let cli: CliClient | undefined;
const servers: HttpServer[] = [];
afterEach(async () => {
  await cli?.close();
  cli = undefined;
  await Promise.all(servers.splice(0).map((s) => (s.listening ? stop(s) : undefined)));
});

describe('an HTTP upstream that drops its connections', () => {
  it('fails the call in flight naming the upstream, and serves later calls', async () => {
    const first = await startHttpUpstream(0, 1);
    servers.push(first);
    const port = (first.address() as AddressInfo).port;
    cli = await connectCli(
      writeConfig({
        mcpServers: {
          web: {
            url: `http://127.0.0.1:${port}/mcp`,
            restart: { initialDelayMs: 200, maxDelayMs: 500 },
          },
          local: fixture('lifecycleServer'),
        },
      }),
    );
    const { client } = cli;
    expect(JSON.parse(textOf(await client.callTool({ name: 'web__echo' })))).toEqual({
      generation: 1,
    });

    // Connections dropped, server still up: the call in flight fails at once.
    const call = client.callTool({ name: 'web__wait', arguments: { ms: 30_000 } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const droppedAt = Date.now();
    first.closeAllConnections();
    const error = await call.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(Date.now() - droppedAt).toBeLessThan(2000);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(-32011);
    expect((error as McpError).data).toMatchObject({ upstream: 'web' });
    const later = await eventually(
      async () => JSON.parse(textOf(await client.callTool({ name: 'web__echo' }))),
      10_000,
    );
    expect(later).toEqual({ generation: 1 });

    // A full outage: the server goes away, then comes back without its sessions.
    await stop(first);
    const down = await client.callTool({ name: 'web__echo' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(down).toBeInstanceOf(McpError);
    servers.push(await startHttpUpstream(port, 2));
    const back = await eventually(
      async () => JSON.parse(textOf(await client.callTool({ name: 'web__echo' }))),
      15_000,
    );
    expect(back).toEqual({ generation: 2 });
    // The stdio upstream was never disturbed.
    expect(await client.callTool({ name: 'local__echo', arguments: {} })).toBeDefined();
    expect(cli.stderr()).toMatch(/upstream web: (failed|down)/);
  }, 60_000);
});
