import { afterEach, describe, expect, it } from 'vitest';
import type { CloseReason } from '../../../core/rpc/transport.js';
import {
  connectHttpUpstream,
  type HttpUpstreamTransport,
} from '../../../transports/http/connectHttpUpstream.js';
import { type EchoFacade, initialize, startEchoFacade, until } from './fixtures.js';

let running: EchoFacade | undefined;
let upstream: HttpUpstreamTransport | undefined;
afterEach(async () => {
  await upstream?.close();
  await running?.facade.close();
  running = upstream = undefined;
});

function collect(transport: HttpUpstreamTransport) {
  const messages: unknown[] = [];
  const reasons: CloseReason[] = [];
  transport.messages$.subscribe((m) => messages.push(m));
  transport.closed$.subscribe((r) => reasons.push(r));
  return { messages, reasons };
}

describe('connectHttpUpstream', () => {
  it('speaks Streamable HTTP when the first POST succeeds', async () => {
    running = await startEchoFacade();
    upstream = connectHttpUpstream(running.facade.url);
    const { messages } = collect(upstream);
    upstream.send(initialize());
    upstream.send({ jsonrpc: '2.0', id: 2, method: 'second' });
    await until(() => messages.length === 2);
    expect(upstream.mode).toBe('streamable');
    expect(messages).toEqual([
      expect.objectContaining({ id: 1 }),
      expect.objectContaining({ id: 2, result: expect.objectContaining({ echo: 'second' }) }),
    ]);
  });

  it('falls back to legacy HTTP+SSE when the POST gets 405, keeping the message order', async () => {
    running = await startEchoFacade();
    const sseUrl = running.facade.url.replace(/\/mcp$/, '/sse');
    upstream = connectHttpUpstream(sseUrl);
    const { messages } = collect(upstream);
    upstream.send(initialize());
    upstream.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    upstream.send({ jsonrpc: '2.0', id: 2, method: 'second' });
    await until(() => messages.length === 2);
    expect(upstream.mode).toBe('sse');
    expect(running.sessions).toHaveLength(1);
    expect(running.received[0]!.map((m) => (m as { method: string }).method)).toEqual([
      'initialize',
      'notifications/initialized',
      'second',
    ]);
  });

  it('does not fall back on 401, it closes with an error', async () => {
    running = await startEchoFacade({ bearerTokens: ['t'] });
    upstream = connectHttpUpstream(running.facade.url);
    const { reasons } = collect(upstream);
    upstream.send(initialize());
    await until(() => reasons.length === 1);
    expect(reasons[0]!.kind).toBe('error');
    expect(upstream.mode).toBe('streamable');
  });

  it('sends the configured headers (a bearer token)', async () => {
    running = await startEchoFacade({ bearerTokens: ['t0k'] });
    upstream = connectHttpUpstream(running.facade.url, {
      headers: { authorization: 'Bearer t0k' },
    });
    const { messages } = collect(upstream);
    upstream.send(initialize());
    await until(() => messages.length === 1);
    expect(messages[0]).toMatchObject({ id: 1, result: {} });
  });
});

/**
 * A server that answers modern POSTs (those with `Mcp-Method`) by `modern(count)` and
 * anything else (the legacy probe, GETs) with 405; records the requests it saw.
 */
async function startModernServer(
  modern: (count: number, body: { id?: unknown }) => { status: number; body?: unknown },
) {
  const { createServer } = await import('node:http');
  const seen: { method: string; mcpMethod: string | undefined; name: string | undefined }[] = [];
  let count = 0;
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    req.on('end', () => {
      const mcpMethod = req.headers['mcp-method'] as string | undefined;
      seen.push({ method: req.method ?? '', mcpMethod, name: req.headers['mcp-name'] as string });
      if (req.method !== 'POST' || mcpMethod === undefined) {
        res.writeHead(405).end();
        return;
      }
      const answer = modern(++count, JSON.parse(text) as { id?: unknown });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}/mcp`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('connectHttpUpstream, modern POSTs (2026-07-28)', () => {
  const modernSend = (transport: HttpUpstreamTransport, id: number) =>
    transport.send(
      { jsonrpc: '2.0', id, method: 'server/discover', params: {} },
      { headers: { 'mcp-method': 'server/discover', 'mcp-protocol-version': '2026-07-28' } },
    );

  it('passes a modern error in a 400 up and never falls back to HTTP+SSE', async () => {
    const server = await startModernServer((count, body) =>
      count === 1
        ? {
            status: 400,
            body: {
              jsonrpc: '2.0',
              id: body.id,
              error: { code: -32022, message: 'no', data: { supported: ['2026-07-28'] } },
            },
          }
        : { status: 200, body: { jsonrpc: '2.0', id: body.id, result: { ok: true } } },
    );
    try {
      upstream = connectHttpUpstream(server.url);
      const { messages } = collect(upstream);
      modernSend(upstream, 1);
      await until(() => messages.length === 1);
      expect(messages[0]).toMatchObject({ id: 1, error: { code: -32022 } });
      expect(upstream.mode).toBe('unknown');
      modernSend(upstream, 2);
      await until(() => messages.length === 2);
      expect(upstream.mode).toBe('streamable');
      // A message without headers now goes to the same Streamable HTTP endpoint.
      upstream.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: {} });
      await until(() => server.seen.length === 3);
      expect(server.seen.map((s) => s.method)).toEqual(['POST', 'POST', 'POST']);
      expect(server.seen[0]?.mcpMethod).toBe('server/discover');
    } finally {
      await upstream?.close();
      await server.close();
    }
  });

  it('leaves the HTTP+SSE fallback to the legacy POST after a non-modern failure', async () => {
    const server = await startModernServer(() => ({ status: 404 }));
    try {
      upstream = connectHttpUpstream(server.url);
      const { messages } = collect(upstream);
      modernSend(upstream, 1);
      await until(() => messages.length === 1);
      // No JSON-RPC body: answered locally, the mode still open.
      expect(messages[0]).toMatchObject({ id: 1, error: { code: -32011 } });
      expect(upstream.mode).toBe('unknown');
      upstream.send(initialize());
      await until(() => server.seen.some((s) => s.method === 'GET'));
      expect(upstream.mode).toBe('sse');
    } finally {
      await upstream?.close();
      await server.close();
    }
  });
});
