/**
 * What observation costs the router per request, in process (no sockets, no other process):
 * a client `Connection` → `Router` → an echo upstream `Connection`, over memory pairs, with
 * and without the metrics observer, in interleaved rounds. Everything runs on one thread, so
 * the difference of CPU time per request between the two is the observer's own cost.
 *
 *   node dist/bench/observeCost.js [--requests N] [--rounds N] [--in-flight N] [--time-every N]
 *
 * Issue 15 reports this with the process-level `metrics-*` scenarios of `run.ts`.
 */
import { parseArgs } from 'node:util';
import { lastValueFrom, of } from 'rxjs';
import { Router } from '../actors/router/router.js';
import { parseConfig } from '../core/config/config.js';
import { MuxMetrics } from '../core/observe/metrics.js';
import { Connection } from '../core/rpc/connection.js';
import { createMemoryPair } from '../transports/memory.js';

async function setup(observed: boolean, timeEvery = 1) {
  const config = parseConfig({
    mcpServers: { e: { command: 'unused' } },
    mcpMux: { concurrency: 256, maxQueue: 4096 },
  });
  const router = new Router(config, {
    openTransport: async () => {
      const [routerEnd, serverEnd] = createMemoryPair();
      new Connection(serverEnd, {
        handlers: {
          request: (request) => {
            const params = request.params ?? {};
            if (request.method === 'initialize') {
              return of({
                kind: 'result' as const,
                result: {
                  protocolVersion: params.protocolVersion as string,
                  capabilities: { tools: {} },
                  serverInfo: { name: 'echo', version: '1' },
                },
              });
            }
            if (request.method === 'tools/list') {
              return of({
                kind: 'result' as const,
                result: { tools: [{ name: 'echo', inputSchema: { type: 'object' } }] },
              });
            }
            return of({ kind: 'result' as const, result: { content: [] } });
          },
        },
      });
      return routerEnd;
    },
    ...(observed ? { observer: new MuxMetrics({ processMetrics: false, timeEvery }) } : {}),
  });
  await router.start();
  const [clientEnd, routerEnd] = createMemoryPair();
  router.connect(routerEnd, 'memory');
  const client = new Connection(clientEnd, {});
  await lastValueFrom(
    client.request$('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'bench', version: '1' },
    }),
  );
  client.notify('notifications/initialized');
  return { router, client };
}

async function round(client: Connection, requests: number, inFlight: number): Promise<number> {
  const params = { name: 'e__echo', arguments: { text: 'x'.repeat(100) } };
  let sent = 0;
  const started = process.cpuUsage();
  const worker = async () => {
    while (sent < requests) {
      sent++;
      await lastValueFrom(client.request$('tools/call', params));
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  const used = process.cpuUsage(started);
  return (used.user + used.system) / requests; // µs per request
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      requests: { type: 'string', default: '20000' },
      rounds: { type: 'string', default: '7' },
      'in-flight': { type: 'string', default: '32' },
      'time-every': { type: 'string', default: '1' },
    },
  });
  const requests = Number(values.requests);
  const inFlight = Number(values['in-flight']);
  const off = await setup(false);
  const on = await setup(true, Number(values['time-every']));
  await round(off.client, requests, inFlight); // warm-up
  await round(on.client, requests, inFlight);
  const offs: number[] = [];
  const ons: number[] = [];
  for (let i = 0; i < Number(values.rounds); i++) {
    offs.push(await round(off.client, requests, inFlight));
    ons.push(await round(on.client, requests, inFlight));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const a = median(offs);
  const b = median(ons);
  process.stdout.write(
    `${JSON.stringify({
      requests,
      inFlight,
      timeEvery: Number(values['time-every']),
      offCpuUsPerRequest: Number(a.toFixed(2)),
      onCpuUsPerRequest: Number(b.toFixed(2)),
      observerUsPerRequest: Number((b - a).toFixed(2)),
      throughputRatio: Number((a / b).toFixed(3)),
    })}\n`,
  );
  await Promise.all([off.router.close(), on.router.close()]);
}

void main();
