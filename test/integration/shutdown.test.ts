/**
 * Graceful shutdown of the real CLI: SIGTERM leaves no child process behind (upstreams, their
 * helpers, one that ignores SIGTERM), requests in flight finish within the deadline and the
 * rest are cancelled (error to the client, notifications/cancelled to the upstream), and
 * after a SIGKILL of mcp-mux its stdio upstreams see stdin EOF and exit.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { cliPath, connectCli, everything, fixture, writeConfig } from './harness.js';
import { descendants, eventually, isGone, lifecycleLog, readLifecycle } from './processes.js';

const textOf = (result: unknown): string =>
  (result as { content: { text: string }[] }).content[0]?.text ?? '';

const started: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Spawns the CLI as a stdio server (stdin kept open) and waits for its "ready:" line. */
async function startCli(config: unknown) {
  const child = spawn(process.execPath, [cliPath, '--config', writeConfig(config)], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  started.push(child);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  child.stdout.resume();
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const ready = await eventually(() => /mcp-mux info ready: /.test(stderr), 30_000);
  if (!ready) throw new Error(`mcp-mux did not get ready:\n${stderr}`);
  return { child, exited, stderr: () => stderr };
}

/** Ignores stdin EOF and SIGTERM: only SIGKILL ends it. Never answers. */
const STUBBORN = `process.on('SIGTERM', () => {}); process.stdin.resume(); setInterval(() => {}, 1000);`;

describe('shutdown', () => {
  it('leaves no child process behind after SIGTERM', async () => {
    const cli = await startCli({
      mcpServers: {
        life: fixture('lifecycleServer', { env: { GRANDCHILD: '1' } }),
        everything: everything(),
        stubborn: {
          command: process.execPath,
          args: ['-e', STUBBORN],
          initializeTimeoutMs: 60_000,
        },
      },
      mcpMux: { startupTimeoutMs: 1000 },
    });
    const pid = cli.child.pid as number;
    // life, its helper, everything, stubborn (at least).
    const family = await eventually(() => {
      const pids = descendants(pid);
      return pids.length >= 4 ? pids : undefined;
    }, 10_000);
    expect(family?.length).toBeGreaterThanOrEqual(4);
    cli.child.kill('SIGTERM');
    const exit = await Promise.race([
      cli.exited,
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 25_000)),
    ]);
    expect(exit).toEqual({ code: 0, signal: null });
    const allGone = await eventually(() => (family ?? []).every(isGone), 5_000);
    expect(allGone, `left running: ${(family ?? []).filter((p) => !isGone(p))}`).toBe(true);
    expect(cli.stderr()).toMatch(/shutting down \(SIGTERM\)/);
    expect(cli.stderr()).toMatch(/did not exit after SIGTERM: sending SIGKILL/);
    expect(cli.stderr()).toMatch(/mcp-mux info shut down/);
  }, 60_000);

  it('lets requests finish within the deadline and cancels the rest', async () => {
    const log = lifecycleLog();
    const cli = await connectCli(
      writeConfig({
        mcpServers: { life: fixture('lifecycleServer', { env: { LIFECYCLE_LOG: log } }) },
        mcpMux: { shutdownTimeoutMs: 1000 },
      }),
    );
    const { client } = cli;
    const quick = client.callTool({ name: 'life__wait', arguments: { ms: 400 } });
    const slow = client.callTool({ name: 'life__wait', arguments: { ms: 30_000 } });
    // Both calls are at the upstream (not a fixed sleep: a loaded machine may be slower).
    const waiting = () => readLifecycle(log).filter((e) => e.event === 'waiting').length === 2;
    expect(await eventually(waiting, 10_000)).toBe(true);
    const signalledAt = Date.now();
    process.kill(cli.transport.pid as number, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const refused = await client.callTool({ name: 'life__echo' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(McpError);
    expect((refused as McpError).message).toContain('shutting down');

    expect(JSON.parse(textOf(await quick))).toEqual({ waited: 400 });
    const error = await slow.then(
      () => undefined,
      (e: unknown) => e,
    );
    const cancelledAfter = Date.now() - signalledAt;
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(-32012);
    expect((error as McpError).data).toMatchObject({
      upstream: 'life',
      reason: 'mcp-mux is shutting down',
    });
    expect(cancelledAfter).toBeGreaterThanOrEqual(900);
    expect(cancelledAfter).toBeLessThan(5000);
    const cancelled = await eventually(
      () => readLifecycle(log).find((e) => e.event === 'cancelled'),
      5000,
    );
    expect(cancelled).toBeDefined();
    await cli.close().catch(() => {});
  }, 60_000);

  it('after a SIGKILL of mcp-mux, its stdio upstreams see stdin EOF and exit', async () => {
    const log = lifecycleLog();
    const cli = await startCli({
      mcpServers: { life: fixture('lifecycleServer', { env: { LIFECYCLE_LOG: log } }) },
    });
    const upstream = readLifecycle(log).find((e) => e.event === 'start')?.pid as number;
    expect(isGone(upstream)).toBe(false);
    cli.child.kill('SIGKILL');
    await cli.exited;
    expect(await eventually(() => isGone(upstream), 5000)).toBe(true);
    expect(readLifecycle(log).some((e) => e.event === 'stdin-end')).toBe(true);
  }, 60_000);
});
