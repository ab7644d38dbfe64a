/**
 * Ping in both directions through the real CLI: the facade answers a client's ping (also
 * before `initialize`), the router answers an upstream's ping, and keepalive pings reach an
 * upstream configured with `keepalive.intervalMs` (the supervisor sends them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonOf } from './cliSessions.js';
import { type CliClient, connectCli, fixturePath, writeConfig } from './harness.js';
import { RawClient } from './rawClient.js';
import { expectSchemaValid } from './schema.js';

const surface = (...flags: string[]) => ({
  command: process.execPath,
  args: [fixturePath('surfaceServer'), ...flags],
});

describe('ping through the CLI', () => {
  let cli: CliClient;
  let file: string;

  const pingsOf = async (upstream: string) => {
    const recorded = jsonOf(
      await cli.client.callTool({ name: `${upstream}__recorded`, arguments: {} }),
    ) as { kind: string }[];
    return recorded.filter((r) => r.kind === 'ping').length;
  };

  beforeAll(async () => {
    file = writeConfig({
      mcpServers: {
        s: surface(),
        k: { ...surface('--name', 'k'), keepalive: { intervalMs: 200, timeoutMs: 1_000 } },
      },
    });
    cli = await connectCli(file);
  }, 60_000);

  afterAll(async () => {
    await cli?.close();
  });

  it('answers a client ping', async () => {
    expect(await cli.client.ping()).toEqual({});
  });

  it("answers an upstream's ping", async () => {
    const result = await cli.client.callTool({ name: 's__ping-router', arguments: {} });
    expect(jsonOf(result)).toEqual({});
  });

  it('pings an upstream with keepalive on, and not one without', async () => {
    let pings = 0;
    for (let i = 0; i < 40 && pings < 2; i++) {
      pings = await pingsOf('k');
      if (pings < 2) await new Promise((r) => setTimeout(r, 100));
    }
    expect(pings).toBeGreaterThanOrEqual(2);
    expect(await pingsOf('s')).toBe(0);
  });

  it('answers a ping before initialize', async () => {
    const raw = new RawClient(file);
    try {
      raw.send({ jsonrpc: '2.0', id: 'p', method: 'ping' });
      expect(await raw.next((m) => (m as { id?: unknown }).id === 'p', 30_000)).toEqual({
        jsonrpc: '2.0',
        id: 'p',
        result: {},
      });
    } finally {
      await raw.close();
    }
  });

  it('sent only messages valid under 2025-11-25: its ping and tool results included', async () => {
    const from = cli.sent.length;
    expect(await cli.client.ping()).toEqual({});
    await cli.client.callTool({ name: 's__ping-router', arguments: {} });
    // The requests this test sent, and the responses the facade gave them, are on the record.
    const ids = cli.sent.slice(from).flatMap((m) => ('method' in m && 'id' in m ? [m.id] : []));
    expect(ids).toHaveLength(2);
    const answered = cli.wire.filter((m) => 'result' in m && ids.includes(m.id));
    expect(answered).toHaveLength(2);
    expectSchemaValid('2025-11-25', cli);
  });
});
