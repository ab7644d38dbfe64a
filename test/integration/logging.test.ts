/**
 * Logging through the real CLI with three sessions on one router (stdio + two over HTTP):
 * each session's `logging/setLevel` filters only what that session receives; the shared
 * upstreams are asked for the most verbose level any session wants, and again whenever that
 * changes; `logger` names the upstream. server-everything's simulated logging and its
 * subscribe acknowledgement, and a fixture that logs once at every level.
 */
import type { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectCliWithHttp,
  connectHttpSession,
  eventually,
  httpUrlOf,
  jsonOf,
  notificationsOf,
  type RecordedClient,
} from './cliSessions.js';
import { type CliClient, everything, fixturePath, writeConfig } from './harness.js';
import { expectSchemaValid } from './schema.js';

const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

type Log = { level: string; logger?: string; data?: unknown };
const logsOf = (wire: readonly unknown[], logger?: string): Log[] =>
  notificationsOf(wire, 'notifications/message')
    .map((n) => n.params as Log)
    .filter((p) => logger === undefined || p.logger === logger);

describe('logging through the CLI', () => {
  let cli: CliClient; // A: debug
  let b: RecordedClient; // B: error
  let c: RecordedClient; // C: never sets a level (default info)

  const setLevels = async () => {
    const all = jsonOf(await cli.client.callTool({ name: 's__recorded', arguments: {} })) as {
      kind: string;
      level?: string;
    }[];
    return all.filter((r) => r.kind === 'setLevel').map((r) => r.level);
  };

  beforeAll(async () => {
    const config = writeConfig({
      mcpServers: {
        ev: everything(),
        s: { command: process.execPath, args: [fixturePath('surfaceServer')] },
      },
    });
    cli = await connectCliWithHttp(config);
    const url = httpUrlOf(cli);
    b = await connectHttpSession(url, { name: 'b' });
    c = await connectHttpSession(url, { name: 'c' });
  }, 60_000);

  afterAll(async () => {
    await c?.close();
    await b?.close();
    await cli?.close();
  });

  it('asks the shared upstream for the default level (info) before any session sets one', async () => {
    expect(cli.client.getServerCapabilities()?.logging).toEqual({});
    expect(await setLevels()).toEqual(['info']);
  });

  it('filters per session, and asks the upstream for the most verbose level wanted', async () => {
    await cli.client.setLoggingLevel('debug');
    await b.client.setLoggingLevel('error');
    expect(await setLevels()).toEqual(['info', 'debug']);

    await cli.client.callTool({ name: 's__log', arguments: {} });
    const levelsOf = (wire: readonly unknown[]) => logsOf(wire, 's/fixture').map((l) => l.level);
    expect(await eventually(() => levelsOf(cli.wire).length === 8)).toBe(true);
    expect(await eventually(() => levelsOf(b.wire).length === 4)).toBe(true);
    expect(await eventually(() => levelsOf(c.wire).length === 7)).toBe(true);
    expect(levelsOf(cli.wire)).toEqual(LEVELS);
    expect(levelsOf(b.wire)).toEqual(LEVELS.slice(4));
    expect(levelsOf(c.wire)).toEqual(LEVELS.slice(1));
    expect(logsOf(cli.wire, 's/fixture')[0]?.data).toBe('debug message');
  });

  it('names the upstream in logger for messages without a logger of their own', async () => {
    // server-everything acknowledges a subscription with an info message (no logger).
    const { resources } = await cli.client.listResources();
    const uri = resources.find((r) => r.uri.startsWith('demo://'))?.uri as string;
    await cli.client.subscribeResource({ uri });
    await cli.client.unsubscribeResource({ uri });
    const acks = (wire: readonly unknown[]) =>
      logsOf(wire, 'ev').filter((l) => String(l.data).includes('Subscribe Resource request'));
    expect(await eventually(() => acks(cli.wire).length > 0 && acks(c.wire).length > 0)).toBe(true);
    expect(acks(cli.wire)[0]?.level).toBe('info');
    expect(acks(b.wire)).toEqual([]);
  });

  it("relays server-everything's simulated logging to each session at its own level", async () => {
    const toggle = () =>
      cli.client.callTool({ name: 'ev__toggle-simulated-logging', arguments: {} });
    await toggle();
    try {
      const simulated = (wire: readonly unknown[]) =>
        logsOf(wire, 'ev').filter((l) => /-level message|level-message/.test(String(l.data)));
      // One message at once, then one every 5 s with a random level.
      expect(await eventually(() => simulated(cli.wire).length > 0, 3_000)).toBe(true);
      const severe = new Set(LEVELS.slice(4));
      expect(simulated(b.wire).every((l) => severe.has(l.level))).toBe(true);
      expect(simulated(c.wire).every((l) => l.level !== 'debug')).toBe(true);
      const first = simulated(cli.wire)[0] as Log;
      if (severe.has(first.level)) {
        expect(await eventually(() => simulated(b.wire).length > 0)).toBe(true);
      }
    } finally {
      await toggle();
    }
  });

  it('asks again when the most verbose level changes: a level raised, a session gone', async () => {
    await cli.client.setLoggingLevel('warning'); // A warning, B error, C info (default)
    expect(await setLevels()).toEqual(['info', 'debug', 'info']);
    await c.close(); // A warning, B error
    let levels: unknown[] = [];
    for (let i = 0; i < 40 && levels.length < 4; i++) {
      levels = await setLevels();
      if (levels.length < 4) await new Promise((r) => setTimeout(r, 50));
    }
    expect(levels).toEqual(['info', 'debug', 'info', 'warning']);
    await b.client.setLoggingLevel('critical'); // still warning: no request
    expect(await setLevels()).toEqual(['info', 'debug', 'info', 'warning']);
  });

  it('answers an unknown level with -32602', async () => {
    const error = await cli.client.setLoggingLevel('loud' as never).then(
      () => undefined,
      (e: unknown) => e as McpError,
    );
    expect(error?.code).toBe(-32602);
  });

  it('sent only messages valid under 2025-11-25, to every session', () => {
    expectSchemaValid('2025-11-25', cli);
    expectSchemaValid('2025-11-25', b);
    expectSchemaValid('2025-11-25', c);
  });
});
