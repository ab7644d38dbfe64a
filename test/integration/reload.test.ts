/**
 * Hot reload through the real CLI while a client stays connected: editing the config file
 * adds and removes upstreams (the client sees list_changed and the new tools), an invalid
 * file is rejected with the reason while the running config stays, and SIGHUP re-reads it.
 */
import { writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { type CliClient, connectCli, fixture, writeConfig } from './harness.js';
import { eventually, lifecycleLog, readLifecycle } from './processes.js';

let cli: CliClient | undefined;
afterEach(async () => {
  await cli?.close();
  cli = undefined;
});

const listChanged = (c: CliClient) =>
  c.wire.filter((m) => 'method' in m && m.method === 'notifications/tools/list_changed').length;

const names = async (c: CliClient) => (await c.client.listTools()).tools.map((t) => t.name);

describe('hot reload', () => {
  it('adds and removes upstreams while a client is connected', async () => {
    const keepLog = lifecycleLog();
    const keep = fixture('lifecycleServer', { env: { LIFECYCLE_LOG: keepLog } });
    const file = writeConfig({ mcpServers: { keep, old: fixture('lifecycleServer') } });
    cli = await connectCli(file);
    const c = cli;
    expect(await names(c)).toEqual(expect.arrayContaining(['keep__echo', 'old__echo']));
    const before = listChanged(c);

    writeFileSync(
      file,
      JSON.stringify({ mcpServers: { keep, added: fixture('lifecycleServer') } }, null, 2),
    );
    const tools = await eventually(async () => {
      const now = await names(c);
      return now.includes('added__echo') && !now.some((n) => n.startsWith('old__'))
        ? now
        : undefined;
    }, 15_000);
    expect(tools).toEqual(expect.arrayContaining(['keep__echo', 'added__echo']));
    expect(listChanged(c)).toBeGreaterThan(before);
    expect(await c.client.callTool({ name: 'added__echo', arguments: { x: 1 } })).toBeDefined();
    // The untouched upstream was not restarted.
    expect(readLifecycle(keepLog).filter((e) => e.event === 'start')).toHaveLength(1);
    expect(c.stderr()).toMatch(
      /config reloaded: 1 added \(added\), 1 removed \(old\), 0 restarted, 1 unchanged/,
    );
  }, 60_000);

  it('rejects an invalid config with the reason and keeps the running one; SIGHUP reloads', async () => {
    const file = writeConfig({ mcpServers: { a: fixture('lifecycleServer') } });
    cli = await connectCli(file);
    const c = cli;
    writeFileSync(file, '{ "mcpServers": { "a": { "command": 42 } } }');
    const rejected = await eventually(
      () =>
        /config reload rejected, the running config stays: .*mcpServers\.a\.command: expected a string/s.test(
          c.stderr(),
        ),
      10_000,
    );
    expect(rejected).toBe(true);
    expect(await names(c)).toContain('a__echo');
    expect(await c.client.callTool({ name: 'a__echo', arguments: {} })).toBeDefined();

    // A change the router cannot apply live is rejected too.
    writeFileSync(
      file,
      JSON.stringify({ mcpServers: { a: fixture('lifecycleServer') }, mcpMux: { separator: '.' } }),
    );
    expect(
      await eventually(
        () => /mcpMux\.separator: cannot change while mcp-mux runs/.test(c.stderr()),
        10_000,
      ),
    ).toBe(true);
    expect(await names(c)).toContain('a__echo');

    // Fix the file, then SIGHUP (the watcher may also fire; either way one reload applies it).
    writeFileSync(
      file,
      JSON.stringify({
        mcpServers: { a: fixture('lifecycleServer'), b: fixture('lifecycleServer') },
      }),
    );
    process.kill(c.transport.pid as number, 'SIGHUP');
    expect(await eventually(() => /reloading .* \(SIGHUP\)/.test(c.stderr()), 10_000)).toBe(true);
    const tools = await eventually(async () => {
      const now = await names(c);
      return now.includes('b__echo') ? now : undefined;
    }, 15_000);
    expect(tools).toEqual(expect.arrayContaining(['a__echo', 'b__echo']));
  }, 60_000);
});
