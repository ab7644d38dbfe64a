/**
 * An HTTP upstream that never answers calls. Each call that times out or
 * is cancelled must end its POST exchange: otherwise every unanswered call holds one of the
 * agent's `maxSockets` connections, and once all are held every later request, pings
 * included, waits for a free one. The upstream here is a plain `node:http` server that
 * answers `initialize` and `ping`, and opens an SSE stream for `tools/call` that it never
 * writes to.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { firstValueFrom, lastValueFrom, VirtualTimeScheduler } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { Connection } from '../../../core/rpc/connection.js';
import { StreamableHttpClientTransport } from '../../../transports/http/streamableHttpClient.js';

const CALLS = 80;

interface HangingServer {
  url: string;
  server: Server;
  /** `tools/call` streams opened and not yet closed by the client. */
  hanging: Set<ServerResponse>;
  closedByClient: number;
  cancelled: unknown[];
}

let upstream: HangingServer | undefined;
let transport: StreamableHttpClientTransport | undefined;
afterEach(async () => {
  await transport?.close();
  upstream?.server.closeAllConnections();
  await new Promise((resolve) => (upstream ? upstream.server.close(resolve) : resolve(undefined)));
  upstream = transport = undefined;
});

function readBody(
  req: IncomingMessage,
): Promise<{ id?: unknown; method?: string; params?: unknown }> {
  return new Promise((resolve) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
    });
    req.on('end', () => resolve(JSON.parse(text)));
  });
}

async function startHangingServer(): Promise<HangingServer> {
  const state = {
    hanging: new Set<ServerResponse>(),
    closedByClient: 0,
    cancelled: [] as unknown[],
  };
  const server = createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    void readBody(req).then((message) => {
      const json = (result: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 's1' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
      };
      if (message.method === 'initialize') json({ protocolVersion: '2025-06-18' });
      else if (message.method === 'ping') json({});
      else if (message.method === 'tools/call') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.flushHeaders();
        state.hanging.add(res);
        res.on('close', () => {
          state.hanging.delete(res);
          state.closedByClient += 1;
        });
      } else {
        if (message.method === 'notifications/cancelled') state.cancelled.push(message.params);
        res.writeHead(202).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    server,
    ...state,
    get hanging() {
      return state.hanging;
    },
    get closedByClient() {
      return state.closedByClient;
    },
  };
}

async function eventually(check: () => boolean, ms = 10_000): Promise<void> {
  for (const deadline = Date.now() + ms; !check(); ) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function watchWarnings(): { warnings: string[]; stop: () => void } {
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
  process.on('warning', onWarning);
  return { warnings, stop: () => process.off('warning', onWarning) };
}

describe('HTTP upstream exchanges end with their request', () => {
  it(`frees the pool after ${CALLS} cancelled calls: the next ping is answered`, async () => {
    upstream = await startHangingServer();
    transport = new StreamableHttpClientTransport(upstream.url);
    const connection = new Connection(transport);
    const watch = watchWarnings();
    await lastValueFrom(connection.request$('initialize', {}));
    const controllers = Array.from({ length: CALLS }, () => new AbortController());
    const calls = controllers.map((controller) =>
      lastValueFrom(
        connection.request$('tools/call', { name: 'hang' }, { signal: controller.signal }),
      ).catch((error: unknown) => error),
    );
    const server = upstream;
    // 64 connections (maxSockets) carry calls; the other 16 wait in the agent's queue.
    await eventually(() => server.hanging.size === 64);
    for (const controller of controllers) controller.abort('the client gave up');
    const errors = await Promise.all(calls);
    expect(errors.every((error) => String(error).includes('aborted'))).toBe(true);
    const ping = await firstValueFrom(
      connection.request$('ping', {}, { signal: AbortSignal.timeout(5000) }),
    );
    expect(ping).toEqual({ kind: 'result', result: {} });
    await eventually(() => server.hanging.size === 0);
    expect(server.cancelled).toHaveLength(CALLS);
    const client = transport;
    await eventually(() => client.openExchanges === 0);
    watch.stop();
    expect(watch.warnings.filter((w) => w.includes('MaxListeners'))).toEqual([]);
  });

  it(`frees the pool after ${CALLS} timed-out calls (virtual time)`, async () => {
    upstream = await startHangingServer();
    transport = new StreamableHttpClientTransport(upstream.url, { maxSockets: 8 });
    const scheduler = new VirtualTimeScheduler();
    const connection = new Connection(transport, { scheduler });
    await lastValueFrom(connection.request$('initialize', {}));
    const calls = Array.from({ length: CALLS }, () =>
      lastValueFrom(connection.request$('tools/call', { name: 'hang' }, { timeout: 60_000 })).catch(
        (error: unknown) => error,
      ),
    );
    const server = upstream;
    await eventually(() => server.hanging.size === 8);
    scheduler.flush(); // every call's 60 s timeout fires
    const errors = await Promise.all(calls);
    expect(errors.every((error) => String(error).toLowerCase().includes('timed out'))).toBe(true);
    const ping = await firstValueFrom(
      connection.request$('ping', {}, { signal: AbortSignal.timeout(5000) }),
    );
    expect(ping).toEqual({ kind: 'result', result: {} });
    await eventually(() => server.hanging.size === 0);
  });
});
