/**
 * Wire compatibility with the MCP TypeScript SDK, at the transport level: SDK clients against
 * the mcp-mux servers, and mcp-mux clients against SDK servers.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { CloseReason, Transport } from '../../../core/rpc/transport.js';
import { SseClientTransport } from '../../../transports/http/sseClient.js';
import { StreamableHttpClientTransport } from '../../../transports/http/streamableHttpClient.js';
import { type EchoFacade, initialize, startEchoFacade, until } from './fixtures.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function facade(options = {}): Promise<EchoFacade> {
  const running = await startEchoFacade(options);
  cleanups.push(() => running.facade.close());
  return running;
}

describe('SDK clients against the mcp-mux servers', () => {
  it('StreamableHTTPClientTransport: session, request, notification, GET stream, DELETE', async () => {
    const running = await facade();
    const sdk = new StreamableHTTPClientTransport(new URL(running.facade.url));
    cleanups.push(() => sdk.close());
    const received: unknown[] = [];
    sdk.onmessage = (message) => received.push(message);
    const errors: unknown[] = [];
    sdk.onerror = (error) => errors.push(error);
    await sdk.start();
    await sdk.send(initialize() as never);
    await until(() => received.length === 1);
    expect(sdk.sessionId).toBeDefined();
    expect(received[0]).toMatchObject({ id: 1, result: { echo: 'initialize' } });
    await sdk.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    // the SDK opens its GET stream after the initialized notification
    const session = running.sessions[0]!;
    await until(() => running.received[0]!.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    session.send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    await until(() => received.length === 2);
    expect(received[1]).toEqual({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    await sdk.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    await until(() => received.length === 3);
    expect(received[2]).toMatchObject({ id: 2, result: { echo: 'tools/list' } });
    const reasons: CloseReason[] = [];
    session.closed$.subscribe((r) => reasons.push(r));
    await sdk.terminateSession();
    expect(reasons).toEqual([{ kind: 'remote' }]);
    expect(errors).toEqual([]);
  });

  it('StreamableHTTPClientTransport reads JSON replies', async () => {
    const running = await facade({ preferJson: true });
    const sdk = new StreamableHTTPClientTransport(new URL(running.facade.url));
    cleanups.push(() => sdk.close());
    const received: unknown[] = [];
    sdk.onmessage = (message) => received.push(message);
    await sdk.start();
    await sdk.send(initialize() as never);
    await until(() => received.length === 1);
    expect(received[0]).toMatchObject({ id: 1, result: { echo: 'initialize' } });
  });

  it('SSEClientTransport: endpoint, POST, replies on the stream', async () => {
    const running = await facade();
    const sdk = new SSEClientTransport(new URL(running.facade.url.replace(/\/mcp$/, '/sse')));
    cleanups.push(() => sdk.close());
    const received: unknown[] = [];
    sdk.onmessage = (message) => received.push(message);
    await sdk.start();
    await sdk.send(initialize(5) as never);
    await until(() => received.length === 1);
    expect(received[0]).toMatchObject({ id: 5, result: { echo: 'initialize' } });
  });
});

/** An SDK `Server` with one tool, behind the SDK's own HTTP transports. */
async function sdkServer(): Promise<{ url: string; servers: Server[] }> {
  const servers: Server[] = [];
  const make = () => {
    const server = new Server(
      { name: 'sdk', version: '1.0.0' },
      { capabilities: { tools: { listChanged: true } } },
    );
    server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: [{ name: 'echo', inputSchema: { type: 'object' as const } }],
    }));
    servers.push(server);
    return server;
  };
  const streamable = new Map<string, StreamableHTTPServerTransport>();
  const legacy = new Map<string, SSEServerTransport>();
  const http: HttpServer = createServer((req, res) => {
    const run = async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/sse') {
        const transport = new SSEServerTransport('/messages', res);
        legacy.set(transport.sessionId, transport);
        await make().connect(transport);
      } else if (url.pathname === '/messages') {
        await legacy.get(url.searchParams.get('sessionId') ?? '')?.handlePostMessage(req, res);
      } else {
        const id = req.headers['mcp-session-id'];
        let transport = typeof id === 'string' ? streamable.get(id) : undefined;
        if (!transport) {
          const created: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
            sessionIdGenerator: () => randomUUID(),
            onsessioninitialized: (sid) => {
              streamable.set(sid, created);
            },
          });
          transport = created;
          await make().connect(transport);
        }
        await transport.handleRequest(req, res);
      }
    };
    run().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    for (const server of servers) await server.close();
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
  });
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, servers };
}

function collect(transport: Transport) {
  const messages: unknown[] = [];
  transport.messages$.subscribe((m) => messages.push(m));
  return messages;
}

describe('mcp-mux clients against SDK servers', () => {
  it('StreamableHttpClientTransport: initialize, list, server notification on the GET stream', async () => {
    const { url, servers } = await sdkServer();
    const client = new StreamableHttpClientTransport(`${url}/mcp`);
    cleanups.push(() => client.close());
    const messages = collect(client);
    client.send(initialize());
    await until(() => messages.length === 1);
    expect(messages[0]).toMatchObject({ id: 1, result: { serverInfo: { name: 'sdk' } } });
    client.setProtocolVersion('2025-06-18');
    client.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    client.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    await until(() => messages.length === 2);
    expect(messages[1]).toMatchObject({ id: 2, result: { tools: [{ name: 'echo' }] } });
    await new Promise((resolve) => setTimeout(resolve, 50)); // let the GET stream open
    await servers[0]!.sendToolListChanged();
    await until(() => messages.length === 3);
    expect(messages[2]).toMatchObject({ method: 'notifications/tools/list_changed' });
  });

  it('SseClientTransport: endpoint event, POSTs, replies', async () => {
    const { url } = await sdkServer();
    const client = new SseClientTransport(`${url}/sse`);
    cleanups.push(() => client.close());
    const messages = collect(client);
    await client.start();
    client.send(initialize());
    client.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    client.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    await until(() => messages.length === 2);
    expect(messages[1]).toMatchObject({ id: 2, result: { tools: [{ name: 'echo' }] } });
  });
});
