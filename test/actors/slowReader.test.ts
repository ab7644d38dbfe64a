/**
 * A downstream client that stops reading: its stdio transport closes with `slow-reader` once
 * `maxBufferedBytes` is queued, and the router cleans the session up — its requests are
 * cancelled upstream and every table and queue is empty — so memory stays bounded by the
 * bound, not by what the upstreams produce.
 */
import { PassThrough, Writable } from 'node:stream';
import { firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Router } from '../../actors/router/router.js';
import type { CloseReason } from '../../core/rpc/transport.js';
import { StdioServerTransport } from '../../transports/stdio.js';
import { startRouter, until } from './inProcess.js';

let router: Router | undefined;
afterEach(async () => {
  await router?.close();
  router = undefined;
});

const MAX = 256 * 1024;

describe('a downstream that stops reading', () => {
  it('is disconnected at the bound, and its session and requests are cleaned up', async () => {
    const started = await startRouter({ u: { command: 'x', concurrency: 8, maxQueue: 500 } });
    router = started.router;
    const input = new PassThrough();
    let accepted = 0;
    // Takes 16 KiB, then never finishes a write: a client that stopped reading.
    const output = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, _callback) {
        accepted += chunk.length;
      },
    });
    const transport = new StdioServerTransport({ input, output, maxBufferedBytes: MAX });
    const closed = firstValueFrom(transport.closed$);
    router.connect(transport);
    let maxBuffered = 0;
    const watch = setInterval(() => {
      maxBuffered = Math.max(maxBuffered, transport.bufferedBytes);
    }, 1);
    const send = (message: object) => input.write(`${JSON.stringify(message)}\n`);
    send({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 't', version: '1' },
      },
    });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    const heapBefore = process.memoryUsage().heapUsed;
    for (let i = 0; i < 4; i++) {
      send({ jsonrpc: '2.0', id: `hang${i}`, method: 'tools/call', params: { name: 'u__hang' } });
    }
    // 400 × 64 KiB = 25 MiB of results for a client that reads nothing.
    for (let i = 1; i <= 400; i++) {
      send({
        jsonrpc: '2.0',
        id: i,
        method: 'tools/call',
        params: { name: 'u__big', arguments: { bytes: 64 * 1024 } },
      });
    }
    const reason: CloseReason = await closed;
    clearInterval(watch);
    expect(reason.kind).toBe('slow-reader');
    expect(maxBuffered).toBeLessThanOrEqual(MAX + 70 * 1024);
    expect(accepted).toBeLessThanOrEqual(100 * 1024); // two writes: one small, one 64 KiB result
    expect(await until(() => router?.sessions.size === 0, 2000)).toBe(true);
    const upstream = router.upstreams.get('u');
    expect(await until(() => upstream?.connection?.stats().outbound === 0, 2000)).toBe(true);
    const server = started.fakes.latest('u');
    // The hanging requests were cancelled upstream when the session went away.
    expect(await until(() => server.cancelled.length === 4, 2000)).toBe(true);
    expect(await until(() => server.connection.stats().inbound === 0, 2000)).toBe(true);
    expect(upstream?.queueStats()).toMatchObject({ waiting: 0, running: 0, lanes: 0 });
    expect(router.stats().sessionsSeen).toBe(0);
    // Far less than the 25 MiB the upstream could have produced was ever held.
    const grown = process.memoryUsage().heapUsed - heapBefore;
    expect(grown).toBeLessThan(20 * 1024 * 1024);
    // The router keeps serving other clients.
    expect(upstream?.state).toBe('ready');
  });
});
