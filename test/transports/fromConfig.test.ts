/**
 * Opening a configured upstream's transport (transports/fromConfig.ts): a real stdio child
 * (the raw echo fixture) with payloads kept raw as the router reads them, aborting before and
 * after the open, and a network upstream that refuses the connection (loopback).
 */
import { createServer } from 'node:net';
import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { parseConfig, type UpstreamConfig } from '../../core/config/config.js';
import { silentLogger } from '../../core/log/log.js';
import { RawJson } from '../../core/rpc/envelopeScan.js';
import { openUpstreamTransport } from '../../transports/fromConfig.js';
import { fixturePath } from '../integration/harness.js';

const upstream = (entry: Record<string, unknown>): UpstreamConfig => {
  const config = parseConfig({ mcpServers: { u: entry } });
  const found = config.upstreams[0];
  if (!found) throw new Error('no upstream');
  return found;
};

const echo = () => upstream({ command: process.execPath, args: [fixturePath('rawEchoServer')] });

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('openUpstreamTransport', () => {
  it('starts a stdio child and reads its answers with payloads kept raw (as the router routes them)', async () => {
    const transport = await openUpstreamTransport(echo(), { log: silentLogger });
    try {
      const answer = firstValueFrom(transport.messages$);
      transport.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'small' } });
      const message = (await answer) as { id: number; result: unknown };
      expect(message.id).toBe(1);
      expect(message.result).toBeInstanceOf(RawJson);
      expect((message.result as RawJson).text).toContain('12345678901234567890123');
    } finally {
      await transport.close();
    }
  });

  it('refuses to open when its signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      openUpstreamTransport(echo(), { log: silentLogger, signal: controller.signal }),
    ).rejects.toThrow('upstream u: opening was aborted');
  });

  it('closes the transport when its signal aborts after the open', async () => {
    const controller = new AbortController();
    const transport = await openUpstreamTransport(echo(), {
      log: silentLogger,
      signal: controller.signal,
    });
    const closed = firstValueFrom(transport.closed$);
    controller.abort();
    expect((await closed).kind).toBe('local');
  });

  it('rejects at once when a WebSocket or SSE upstream refuses the connection', async () => {
    const port = await closedPort();
    for (const entry of [
      { url: `ws://127.0.0.1:${port}/mcp` },
      { url: `http://127.0.0.1:${port}/sse`, transport: 'sse' },
    ]) {
      await expect(openUpstreamTransport(upstream(entry), { log: silentLogger })).rejects.toThrow();
    }
  });
});
