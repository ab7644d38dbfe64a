/**
 * Fairness through the real CLI (Streamable HTTP facade, two client sessions, one real stdio
 * upstream that serves one call at a time): a session flooding the upstream does not hold
 * another session's calls behind its backlog, and a full queue still lets the other in.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { clientTransport, type Proc, startCli, until } from './cliNetwork.js';
import { fixture, writeConfig } from './harness.js';

const running: Proc[] = [];
const clients: Client[] = [];
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((c) => c.close()));
  await Promise.allSettled(running.splice(0).map((p) => p.stop()));
});

async function connect(url: string, name: string): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(clientTransport('http', url));
  clients.push(client);
  return client;
}

describe('fairness between client sessions (real CLI, real upstream)', () => {
  it('serves a calm session between the calls of a flooding one', async () => {
    const cli = await startCli(
      writeConfig({
        mcpServers: { slow: fixture('lifecycleServer', { concurrency: 1, maxQueue: 100 }) },
      }),
      ['--http', '127.0.0.1:0'],
    );
    running.push(cli);
    const url = cli.listeners.http as string;
    const flood = await connect(url, 'flood');
    const calm = await connect(url, 'calm');
    const wait = (client: Client) =>
      client.callTool({ name: 'slow__wait', arguments: { ms: 30 } }, undefined, {
        timeout: 60_000,
      });

    const t0 = Date.now();
    const floodCalls = Array.from({ length: 40 }, () => wait(flood));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const calmStart = Date.now();
    await Promise.all([wait(calm), wait(calm), wait(calm)]);
    const calmElapsed = Date.now() - calmStart;
    await Promise.all(floodCalls);
    const floodElapsed = Date.now() - t0;
    // Serially, the flood alone takes 40 × 30 ms; the calm session waits for about one flood
    // call per own call, not for the backlog.
    expect(floodElapsed).toBeGreaterThan(1200);
    expect(calmElapsed).toBeLessThan(floodElapsed / 3);
  }, 60_000);

  it('lets the calm session into a queue the flood has filled; the flood pays', async () => {
    const cli = await startCli(
      writeConfig({
        mcpServers: { slow: fixture('lifecycleServer', { concurrency: 1, maxQueue: 5 }) },
      }),
      ['--http', '127.0.0.1:0'],
    );
    running.push(cli);
    const url = cli.listeners.http as string;
    const flood = await connect(url, 'flood');
    const calm = await connect(url, 'calm');
    const settled: unknown[] = [];
    const outcome = (p: Promise<unknown>) =>
      p
        .then(
          () => 'ok',
          (e: unknown) => (e instanceof McpError ? e.code : String(e)),
        )
        .then((o) => {
          settled.push(o);
          return o;
        });
    const floodCalls = Array.from({ length: 12 }, () =>
      outcome(flood.callTool({ name: 'slow__wait', arguments: { ms: 800 } })),
    );
    // The queue is full: 1 flood call running + 5 queued, the other 6 refused at once. Waiting
    // for those refusals, not a fixed time: on a loaded machine the 12 POSTs arrive slowly.
    await until(
      () => settled.filter((o) => o === -32010).length >= 6,
      20_000,
      'the flood calls past the full queue refused',
    );
    const calmCalls = await Promise.all(
      [1, 2].map(() => outcome(calm.callTool({ name: 'slow__wait', arguments: { ms: 10 } }))),
    );
    expect(calmCalls).toEqual(['ok', 'ok']);
    const flooded = await Promise.all(floodCalls);
    // 1 running + 5 queued admitted, 6 refused; then 2 of the queued pushed out for `calm`.
    expect(flooded.filter((o) => o === 'ok')).toHaveLength(4);
    expect(flooded.filter((o) => o === -32010)).toHaveLength(8);
  }, 60_000);
});
