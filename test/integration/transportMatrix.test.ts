/**
 * The transport matrix, through ONE real CLI process: SDK clients over stdio, Streamable HTTP
 * (SSE and JSON responses), legacy HTTP+SSE and WebSocket, against upstreams over stdio,
 * Streamable HTTP, legacy SSE and WebSocket (server-everything for the first three, the SDK
 * WebSocket fixture for the last). Every pair runs a tool call with progress and a
 * server-to-client request (sampling) answered by the calling client.
 *
 * Progress cases run concurrently. Sampling cases run one client at a time per upstream: on a
 * shared upstream connection the router infers the calling session from the requests in
 * flight (actors/chooseSession.ts), and each client labels its answer, so a misrouted sampling
 * request would fail the case.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LATEST_LEGACY_VERSION } from '../../core/mcp/versions.js';
import { answerServerRequests, type Features, textOf } from './clientFeatures.js';
import {
  clientTransport,
  type FacadeKind,
  type Listeners,
  type Proc,
  recordWire,
  startCliWithStdio,
  startEverything,
  startWebSocketFixture,
  until,
} from './cliNetwork.js';
import { everything, writeConfig } from './harness.js';

const CLIENTS = ['stdio', 'http', 'http-json', 'sse', 'ws'] as const;
const UPSTREAMS = ['stdio', 'http', 'sse', 'ws'] as const;
type ClientKind = (typeof CLIENTS)[number];

interface Caller extends Features {
  client: Client;
  wire: unknown[];
}

interface Progress {
  method: string;
  params: { progressToken: unknown; progress: number; total?: number };
}

/** An SDK Streamable HTTP upstream in this process whose `headers` tool returns the HTTP headers it got. */
async function startHeadersUpstream(): Promise<{ url: string; server: HttpServer }> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const server = createServer((req, res) => {
    void (async () => {
      const id = req.headers['mcp-session-id'];
      let transport = typeof id === 'string' ? sessions.get(id) : undefined;
      if (!transport) {
        const created = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (sid) => void sessions.set(sid, created),
        });
        const mcp = new Server(
          { name: 'headers', version: '1.0.0' },
          { capabilities: { tools: {} } },
        );
        mcp.setRequestHandler(ListToolsRequestSchema, async () => ({
          tools: [{ name: 'headers', inputSchema: { type: 'object' as const } }],
        }));
        mcp.setRequestHandler(CallToolRequestSchema, async (_request, extra) => ({
          content: [
            { type: 'text' as const, text: JSON.stringify(extra.requestInfo?.headers ?? {}) },
          ],
        }));
        await mcp.connect(created);
        transport = created;
      }
      await transport.handleRequest(req, res);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, server };
}

describe('transport matrix (one CLI: stdio + --http + --http-json + --ws)', () => {
  const procs: Proc[] = [];
  const callers = new Map<ClientKind, Caller>();
  let headersUpstream: { url: string; server: HttpServer } | undefined;
  let listeners: Listeners = {};

  beforeAll(async () => {
    const [http, sse, ws, headers] = await Promise.all([
      startEverything('streamableHttp'),
      startEverything('sse'),
      startWebSocketFixture(),
      startHeadersUpstream(),
    ]);
    procs.push(http, sse, ws);
    headersUpstream = headers;
    const config = writeConfig({
      mcpServers: {
        stdio: everything(),
        http: { url: http.url },
        sse: { url: sse.url, transport: 'sse' },
        ws: { url: ws.url },
        // A Streamable HTTP config pointing at a legacy server: the client falls back to SSE.
        fallback: { url: sse.url, tools: { allow: ['trigger-long-running-operation'] } },
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the config's env substitution
        hdr: { url: headers.url, headers: { 'X-Matrix-Key': '${env:MATRIX_KEY}' } },
      },
    });
    const capabilities = { capabilities: { sampling: {} } };
    const cli = await startCliWithStdio(
      config,
      ['--http', '127.0.0.1:0', '--http-json', '127.0.0.1:0', '--ws', '127.0.0.1:0'],
      capabilities,
      { MATRIX_KEY: 'k-123' },
    );
    callers.set('stdio', {
      client: cli.client,
      wire: cli.wire,
      ...answerServerRequests(cli.client, 'stdio', capabilities.capabilities),
    });
    listeners = await until(
      () => {
        const found = cli.listeners();
        return found.http && found['http-json'] && found.ws ? found : undefined;
      },
      10_000,
      'listener URLs',
    );
    const sseUrl = (listeners.http ?? '').replace(/\/mcp$/, '/sse');
    const urls: Record<FacadeKind, string> = {
      http: listeners.http ?? '',
      'http-json': listeners['http-json'] ?? '',
      sse: sseUrl,
      ws: listeners.ws ?? '',
    };
    await Promise.all(
      (['http', 'http-json', 'sse', 'ws'] as const).map(async (kind) => {
        const client = new Client({ name: `client-${kind}`, version: '1.0.0' }, capabilities);
        const features = answerServerRequests(client, kind, capabilities.capabilities);
        const transport = clientTransport(kind, urls[kind]);
        await client.connect(transport);
        callers.set(kind, { client, wire: recordWire(transport), ...features });
      }),
    );
  }, 60_000);

  afterAll(async () => {
    await Promise.allSettled([...callers.values()].map((c) => c.client.close()));
    await Promise.allSettled(procs.map((p) => p.stop()));
    headersUpstream?.server.closeAllConnections();
    headersUpstream?.server.close();
  });

  const caller = (kind: ClientKind): Caller => {
    const found = callers.get(kind);
    if (!found) throw new Error(`no ${kind} client`);
    return found;
  };

  /** Progress is read off the wire when the result is in: all of it came before the result. */
  async function longRunning(kind: ClientKind, upstream: string): Promise<void> {
    const { client, wire } = caller(kind);
    const progressToken = `${kind}->${upstream}`;
    const result = await client.callTool({
      name: `${upstream}__trigger-long-running-operation`,
      arguments: { duration: 1, steps: 4 },
      _meta: { progressToken },
    });
    expect(textOf(result)).toContain('Long running operation completed');
    const progress = (wire as Progress[])
      .filter((m) => m.method === 'notifications/progress')
      .filter((m) => m.params.progressToken === progressToken)
      .map((m) => m.params);
    expect(progress.map((p) => [p.progress, p.total])).toEqual([
      [1, 4],
      [2, 4],
      [3, 4],
      [4, 4],
    ]);
  }

  // One test per client, its four upstreams at once: 20 calls in flight together (vitest runs
  // at most 5 concurrent tests).
  it.concurrent.each(CLIENTS)(
    '%s client → every upstream: tool call with progress',
    async (client) => {
      const results = await Promise.allSettled(UPSTREAMS.map((up) => longRunning(client, up)));
      const failed = results.flatMap((r, i) =>
        r.status === 'rejected' ? [`${UPSTREAMS[i]}: ${String(r.reason)}`] : [],
      );
      expect(failed).toEqual([]);
    },
  );

  it.concurrent.each(UPSTREAMS)(
    'every client → %s upstream: sampling reaches the calling client and its answer comes back',
    async (upstream) => {
      for (const kind of CLIENTS) {
        const { client, seen } = caller(kind);
        const result = await client.callTool({
          name: `${upstream}__trigger-sampling-request`,
          arguments: { prompt: `question of ${kind} via ${upstream}`, maxTokens: 5 },
        });
        expect(textOf(result)).toContain(`answer from ${kind}`);
        // Other upstreams' cases run at the same time: look for this question, not the last one.
        const question = `question of ${kind} via ${upstream}`;
        expect(seen.sampling.some((s) => s.text.includes(question))).toBe(true);
      }
    },
  );

  it('a Streamable HTTP upstream URL served by a legacy SSE server falls back to SSE', async () => {
    await longRunning('http', 'fallback');
  });

  it('HTTP upstreams get the configured headers and MCP-Protocol-Version after the handshake', async () => {
    const result = await caller('stdio').client.callTool({ name: 'hdr__headers' });
    const headers = JSON.parse(textOf(result)) as Record<string, string>;
    expect(headers['x-matrix-key']).toBe('k-123');
    expect(headers['mcp-protocol-version']).toBe(LATEST_LEGACY_VERSION);
  });
});
