/**
 * The `cluster` scenario's load generator against a plain node:http server on loopback: what
 * it sends for each kind of worker, what it counts, and that its keep-alive connections are
 * reused within a run and closed after it.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { MODERN_VERSION, runMixedLoad } from '../../bench/client/mixedHttpLoad.js';

interface Seen {
  headers: IncomingMessage['headers'];
  body: { method?: string; params?: { name?: string; _meta?: Record<string, unknown> } };
}

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** Answers a JSON-RPC result, except 404 to the session `gone`; records every call. */
async function startServer() {
  const seen: Seen[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
    });
    req.on('end', () => {
      const body = JSON.parse(text) as Seen['body'] & { id: number };
      seen.push({ headers: req.headers, body });
      if (req.headers['mcp-session-id'] === 'gone') {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: body.id, result: { content: [] } }));
    });
  });
  server.on('connection', (socket: Socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server!.address() as AddressInfo).port}/mcp`;
  return { url, seen, open: () => sockets.size, connections: () => connections };
}

describe('runMixedLoad', () => {
  it('sends legacy calls on their session and stateless calls with the modern headers and _meta', async () => {
    const { url, seen } = await startServer();
    const out = await runMixedLoad({
      legacy: [{ sessionId: 's1', url }],
      statelessUrl: url,
      statelessWorkers: 1,
      tool: 'e0__echo',
      arguments: { payload: 'x' },
      durationMs: 100,
    });
    expect(out.completed).toBe(seen.length);
    expect(out.errors).toBe(0);
    const legacy = seen.filter((s) => s.headers['mcp-session-id'] === 's1');
    const modern = seen.filter((s) => s.headers['mcp-session-id'] === undefined);
    expect(legacy.length).toBe(out.legacyCompleted);
    expect(legacy.length).toBeGreaterThan(0);
    expect(modern.length).toBeGreaterThan(0);
    for (const s of legacy) {
      expect(s.body.method).toBe('tools/call');
      expect(s.body.params?._meta).toBeUndefined();
    }
    for (const s of modern) {
      expect(s.headers['mcp-protocol-version']).toBe(MODERN_VERSION);
      expect(s.headers['mcp-method']).toBe('tools/call');
      expect(s.headers['mcp-name']).toBe('e0__echo');
      expect(s.body.params?._meta?.['io.modelcontextprotocol/protocolVersion']).toBe(
        MODERN_VERSION,
      );
    }
  });

  it('counts a call answered without a result as an error, not as completed', async () => {
    const { url, seen } = await startServer();
    const out = await runMixedLoad({
      legacy: [{ sessionId: 'gone', url }],
      statelessUrl: url,
      statelessWorkers: 0,
      tool: 'e0__echo',
      arguments: {},
      durationMs: 100,
    });
    expect(out.completed).toBe(0);
    expect(out.errors).toBe(seen.length);
    expect(out.errors).toBeGreaterThan(0);
  });

  it('keeps one connection per worker through a run and closes them after it', async () => {
    const { url, seen, open, connections } = await startServer();
    const out = await runMixedLoad({
      legacy: [
        { sessionId: 'a', url },
        { sessionId: 'b', url },
      ],
      statelessUrl: url,
      statelessWorkers: 2,
      tool: 'e0__echo',
      arguments: {},
      durationMs: 150,
    });
    expect(out.completed).toBe(seen.length);
    // Many calls, four workers: connections are reused, at most one per worker.
    expect(seen.length).toBeGreaterThan(20);
    expect(connections()).toBeLessThanOrEqual(4);
    for (let i = 0; i < 100 && open() > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(open()).toBe(0);
  });
});
