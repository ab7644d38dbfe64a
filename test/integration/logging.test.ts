/**
 * Logging through the real CLI with three sessions on one router (stdio + two over HTTP):
 * a shared upstream's message goes to the one session with a call in flight to it, else only
 * to sessions that set a level (one client never sees the logs another's
 * call caused); each session's `logging/setLevel` filters only what that session receives;
 * the shared upstreams are asked for the most verbose level any session wants, and again
 * whenever that changes; `logger` names the upstream. server-everything's simulated logging
 * and its subscribe acknowledgement, and a fixture that logs once at every level.
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

  const levelsOf = (wire: readonly unknown[]) => logsOf(wire, 's/fixture').map((l) => l.level);
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("sends a shared upstream's messages to the session whose call caused them, at its level", async () => {
    await cli.client.setLoggingLevel('debug');
    await b.client.setLoggingLevel('error');
    expect(await setLevels()).toEqual(['info', 'debug']);

    await cli.client.callTool({ name: 's__log', arguments: {} });
    expect(await eventually(() => levelsOf(cli.wire).length === 8)).toBe(true);
    expect(levelsOf(cli.wire)).toEqual(LEVELS);
    expect(logsOf(cli.wire, 's/fixture')[0]?.data).toBe('debug message');
    await pause(300);
    expect(levelsOf(b.wire)).toEqual([]); // B set a level, but A's call caused these
    expect(levelsOf(c.wire)).toEqual([]);

    // C never set a level: the messages its own call causes reach it at the default (info).
    await c.client.callTool({ name: 's__log', arguments: {} });
    expect(await eventually(() => levelsOf(c.wire).length === 7)).toBe(true);
    expect(levelsOf(c.wire)).toEqual(LEVELS.slice(1));
    await pause(300);
    expect(levelsOf(cli.wire)).toHaveLength(8);
    expect(levelsOf(b.wire)).toEqual([]);
  });

  it('sends messages no call in flight caused to the sessions that set a level, each at its own', async () => {
    await cli.client.callTool({ name: 's__log', arguments: { afterMs: 300 } });
    expect(await eventually(() => levelsOf(cli.wire).length === 16)).toBe(true);
    expect(await eventually(() => levelsOf(b.wire).length === 4)).toBe(true);
    expect(levelsOf(cli.wire).slice(8)).toEqual(LEVELS);
    expect(levelsOf(b.wire)).toEqual(LEVELS.slice(4));
    await pause(300);
    expect(levelsOf(c.wire)).toHaveLength(7); // C set no level: nothing of these
  });

  it('names the upstream in logger for messages without a logger of their own', async () => {
    // server-everything acknowledges a subscription with an info message (no logger).
    const { resources } = await cli.client.listResources();
    const uri = resources.find((r) => r.uri.startsWith('demo://'))?.uri as string;
    await cli.client.subscribeResource({ uri });
    await cli.client.unsubscribeResource({ uri });
    const acks = (wire: readonly unknown[]) =>
      logsOf(wire, 'ev').filter((l) => String(l.data).includes('Subscribe Resource request'));
    expect(await eventually(() => acks(cli.wire).length > 0)).toBe(true);
    expect(acks(cli.wire)[0]?.level).toBe('info');
    await pause(300);
    expect(acks(b.wire)).toEqual([]);
    expect(acks(c.wire)).toEqual([]); // A's subscribe caused it
  });

  it("relays server-everything's simulated logging to the sessions that set a level", async () => {
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
      expect(simulated(c.wire)).toEqual([]);
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

  it('answers an unknown level with -32602 naming the level and the valid ones', async () => {
    const error = await cli.client.setLoggingLevel('loud' as never).then(
      () => undefined,
      (e: unknown) => e as McpError,
    );
    expect(error?.code).toBe(-32602);
    expect(error?.message).toContain('params.level must be one of debug, info');
    expect(error?.data).toEqual({ level: 'loud' });
  });

  it('sent only messages valid under 2025-11-25, to every session', () => {
    expectSchemaValid('2025-11-25', cli);
    expectSchemaValid('2025-11-25', b);
    expectSchemaValid('2025-11-25', c);
  });
});

describe('two SDK clients on one shared upstream', () => {
  let cli: CliClient;
  let a: RecordedClient;
  let b: RecordedClient;

  beforeAll(async () => {
    const config = writeConfig({
      mcpServers: { s: { command: process.execPath, args: [fixturePath('surfaceServer')] } },
    });
    cli = await connectCliWithHttp(config);
    const url = httpUrlOf(cli);
    a = await connectHttpSession(url, { name: 'a' });
    b = await connectHttpSession(url, { name: 'b' });
  }, 60_000);

  afterAll(async () => {
    await b?.close();
    await a?.close();
    await cli?.close();
  });

  it("client B, at debug too, receives none of the logs client A's call caused, and back", async () => {
    await a.client.setLoggingLevel('debug');
    await b.client.setLoggingLevel('debug');
    const fixtureLogs = (client: RecordedClient) => logsOf(client.wire, 's/fixture');

    await a.client.callTool({ name: 's__log', arguments: {} });
    expect(await eventually(() => fixtureLogs(a).length === 8)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fixtureLogs(b)).toEqual([]);

    await b.client.callTool({ name: 's__log', arguments: { levels: ['warning'] } });
    expect(await eventually(() => fixtureLogs(b).length === 1)).toBe(true);
    expect(fixtureLogs(b)[0]).toMatchObject({ level: 'warning', data: 'warning message' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fixtureLogs(a)).toHaveLength(8);
  });
});
