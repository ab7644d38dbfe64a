/**
 * Supervision with REAL upstream processes behind the real CLI: `kill -9` of an upstream in
 * the middle of a call, an upstream that never answers `initialize`, one that writes garbage
 * on stdout, and one that exits at once (the backoff caps the restart rate).
 */
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { type CliClient, connectCli, fixture, writeConfig } from './harness.js';
import { eventually, isGone, lifecycleLog, readLifecycle } from './processes.js';

const textOf = (result: unknown): string =>
  (result as { content: { text: string }[] }).content[0]?.text ?? '';

let cli: CliClient | undefined;
afterEach(async () => {
  await cli?.close();
  cli = undefined;
});

const lifecycle = (log: string, extra: Record<string, unknown> = {}) =>
  fixture('lifecycleServer', { env: { LIFECYCLE_LOG: log }, ...extra });

describe('an upstream killed with SIGKILL in the middle of a call', () => {
  it('fails the call at once naming the upstream, comes back, and later calls succeed', async () => {
    const log = lifecycleLog();
    cli = await connectCli(
      writeConfig({
        mcpServers: {
          life: lifecycle(log, { restart: { initialDelayMs: 300, maxDelayMs: 300 } }),
          other: lifecycle(lifecycleLog()),
        },
      }),
    );
    const { client } = cli;
    const { pid } = JSON.parse(textOf(await client.callTool({ name: 'life__pid' }))) as {
      pid: number;
    };
    const call = client.callTool({ name: 'life__wait', arguments: { ms: 30_000 } });
    const other = client.callTool({ name: 'other__wait', arguments: { ms: 1000 } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const killedAt = Date.now();
    process.kill(pid, 'SIGKILL');
    const error = await call.then(
      () => undefined,
      (e: unknown) => e,
    );
    const failedAfter = Date.now() - killedAt;
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(-32011);
    expect((error as McpError).message).toContain('Upstream "life"');
    expect((error as McpError).data).toMatchObject({
      upstream: 'life',
      reason: 'the upstream process was killed by SIGKILL',
    });
    expect(failedAfter).toBeLessThan(2000);
    // The other upstream's call was not disturbed.
    expect(JSON.parse(textOf(await other))).toEqual({ waited: 1000 });

    // It comes back (a new process) and serves calls again.
    const again = await eventually(async () => {
      const result = await client.callTool({ name: 'life__pid' });
      return JSON.parse(textOf(result)) as { pid: number };
    }, 10_000);
    expect(again?.pid).toBeDefined();
    expect(again?.pid).not.toBe(pid);
    expect(isGone(pid)).toBe(true);
    expect(readLifecycle(log).filter((e) => e.event === 'start')).toHaveLength(2);
    // One list_changed when it left, another when it came back (coalesced 10 ms later).
    const c = cli;
    const listChanged = () =>
      c.wire.filter((m) => 'method' in m && m.method === 'notifications/tools/list_changed').length;
    expect(await eventually(() => listChanged() >= 2, 5000)).toBe(true);
    expect(cli.stderr()).toMatch(/upstream life: down — restart 1 in 300ms/);
    expect(cli.stderr()).toMatch(/upstream life: ready in \d+ms/);
  }, 60_000);
});

describe('broken upstreams never block the others', () => {
  it('retries an upstream that never answers initialize, with backoff', async () => {
    const log = lifecycleLog();
    const t0 = Date.now();
    cli = await connectCli(
      writeConfig({
        mcpServers: {
          silent: fixture('silentServer', {
            env: { LIFECYCLE_LOG: log },
            initializeTimeoutMs: 300,
            restart: { initialDelayMs: 700, maxDelayMs: 700, jitter: 'none' },
          }),
          ok: lifecycle(lifecycleLog()),
        },
        mcpMux: { startupTimeoutMs: 20_000 },
      }),
    );
    // Start-up did not wait for the start-up timeout: the initialize timeout ended it.
    expect(Date.now() - t0).toBeLessThan(10_000);
    const { tools } = await cli.client.listTools();
    expect(tools.map((t) => t.name)).toContain('ok__echo');
    expect(tools.some((t) => t.name.startsWith('silent__'))).toBe(false);
    expect(await cli.client.callTool({ name: 'ok__echo', arguments: { a: 1 } })).toBeDefined();
    // Each attempt: 300 ms initialize timeout + 700 ms backoff. The children stamp the time
    // their process started (not when their code ran, which a loaded machine delays by
    // hundreds of ms); the bound leaves 250 ms of slack and still fails without the backoff
    // (gap ≈ 300 ms + spawn time).
    const starts = await eventually(() => {
      const n = readLifecycle(log).filter((e) => e.event === 'start');
      return n.length >= 3 ? n : undefined;
    }, 10_000);
    expect(starts?.length).toBeGreaterThanOrEqual(3);
    const gaps = (starts ?? []).slice(1).map((s, i) => s.at - (starts?.[i]?.at ?? 0));
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(750);
    // Every attempt's process is shut down before the next (no pile-up of silent servers).
    await new Promise((resolve) => setTimeout(resolve, 500));
    const pids = readLifecycle(log).map((e) => e.pid as number);
    expect(pids.slice(0, -2).every(isGone)).toBe(true);
    expect(cli.stderr()).toMatch(/upstream silent: failed — initialize failed/);
  }, 60_000);

  it('keeps working with an upstream that writes garbage to stdout', async () => {
    cli = await connectCli(
      writeConfig({
        mcpServers: { garbage: fixture('garbageServer'), ok: lifecycle(lifecycleLog()) },
      }),
    );
    const { tools } = await cli.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['garbage__echo', 'ok__echo']));
    for (let i = 0; i < 20; i++) {
      const result = await cli.client.callTool({ name: 'garbage__echo', arguments: { i } });
      expect(JSON.parse(textOf(result))).toEqual({ i });
    }
    expect(await cli.client.callTool({ name: 'ok__echo', arguments: { b: 2 } })).toBeDefined();
    expect(cli.stderr()).not.toMatch(/upstream garbage: failed/);
  }, 60_000);

  it('caps the restart rate of an upstream that exits at once (no busy loop)', async () => {
    const log = lifecycleLog();
    cli = await connectCli(
      writeConfig({
        mcpServers: {
          crash: fixture('exitServer', {
            env: { LIFECYCLE_LOG: log },
            restart: { initialDelayMs: 100, maxDelayMs: 400, factor: 2, jitter: 'none' },
          }),
          ok: lifecycle(lifecycleLog()),
        },
      }),
    );
    const windowStart = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const starts = readLifecycle(log).filter((e) => e.event === 'start');
    const inWindow = starts.filter((s) => s.at >= windowStart);
    // Delays 100, 200, 400, 400, ...: at most 4000 / 400 + a few spawns in 4 s, never hundreds.
    expect(inWindow.length).toBeLessThanOrEqual(13);
    expect(starts.length).toBeGreaterThanOrEqual(4);
    const gaps = starts.slice(1).map((s, i) => s.at - (starts[i]?.at ?? 0));
    for (const gap of gaps.slice(3)) expect(gap).toBeGreaterThanOrEqual(400);
    expect(await cli.client.callTool({ name: 'ok__echo', arguments: {} })).toBeDefined();
    expect(cli.stderr()).toMatch(/upstream crash: down — restart \d+ in 400ms/);
  }, 60_000);
});
