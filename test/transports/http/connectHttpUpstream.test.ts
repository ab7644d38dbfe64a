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
