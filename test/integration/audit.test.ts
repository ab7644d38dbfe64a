/**
 * The audit trail through the CLI (`--audit FILE`): one JSON line per routed `tools/call` with
 * who, what, the arguments' digest, the approval decision and the outcome; the file is reopened
 * on SIGHUP (logrotate moves it away first), and secrets never appear in it.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors/errors.js';
import { type CliClient, connectCli, fixture, writeConfig } from './harness.js';

const linesOf = (file: string): Record<string, unknown>[] =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as Record<string, unknown>)
    : [];

async function until<T>(read: () => T, done: (value: T) => boolean, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
}

let cli: CliClient | undefined;
afterEach(async () => {
  await cli?.close();
  cli = undefined;
});

describe('--audit FILE', () => {
  it('writes one line per tools/call, with the approval decision, and reopens on SIGHUP', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-mux-audit-'));
    const file = join(dir, 'audit.jsonl');
    const config = writeConfig({
      mcpServers: { g: fixture('guardedServer') },
      mcpMux: { approveDestructive: true },
    });
    cli = await connectCli(config, {
      args: ['--audit', file],
      clientOptions: { capabilities: { elicitation: { form: {} } } },
    });
    cli.client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'decline' }));
    const secret = 'sk-live-do-not-log';
    await cli.client.callTool({ name: 'g__read_note', arguments: { token: secret } });
    await cli.client.callTool({ name: 'g__delete_file', arguments: { path: '/x' } });
    await cli.client.listTools();
    const lines = await until(
      () => linesOf(file),
      (l) => l.length >= 2,
    );
    expect(lines).toHaveLength(2);
    const [read, declined] = lines;
    expect(read).toMatchObject({
      upstream: 'g',
      method: 'tools/call',
      exposed: 'g__read_note',
      name: 'read_note',
      outcome: 'ok',
      arguments: {
        sha256: createHash('sha256')
          .update(JSON.stringify({ token: secret }))
          .digest('hex'),
      },
    });
    expect(read?.approval).toBeUndefined();
    expect(typeof read?.time).toBe('string');
    expect(typeof read?.session).toBe('string');
    expect(read?.durationMs).toBeGreaterThanOrEqual(0);
    expect(read?.bytesIn).toBe(JSON.stringify({ token: secret }).length);
    expect(read?.bytesOut).toBeGreaterThan(0);
    expect(declined).toMatchObject({
      exposed: 'g__delete_file',
      approval: 'declined',
      outcome: 'declined',
    });
    expect(readFileSync(file, 'utf8')).not.toContain(secret);

    // A client that cannot be asked: refused (fail closed), and audited with the error's code.
    const mute = await connectCli(config, { args: ['--audit', `${file}.mute`] });
    await expect(mute.client.callTool({ name: 'g__delete_file', arguments: {} })).rejects.toThrow();
    await mute.close();
    const [refused] = await until(
      () => linesOf(`${file}.mute`),
      (l) => l.length >= 1,
    );
    expect(refused).toMatchObject({
      approval: 'declined',
      outcome: 'error',
      code: ErrorCode.ApprovalUnavailable,
    });

    // logrotate: move the file, then SIGHUP; the next line goes to a new file at the path.
    renameSync(file, `${file}.1`);
    const pid = cli.transport.pid;
    expect(pid).toBeTypeOf('number');
    process.kill(pid as number, 'SIGHUP');
    await until(
      () => existsSync(file),
      (e) => e,
    );
    await cli.client.callTool({ name: 'g__read_note', arguments: {} });
    const after = await until(
      () => linesOf(file),
      (l) => l.length >= 1,
    );
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ exposed: 'g__read_note', outcome: 'ok' });
    expect(linesOf(`${file}.1`)).toHaveLength(2);
  });

  it('a clean exit (SIGTERM) writes every line first: the worker drains before the process ends', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-mux-audit-'));
    const file = join(dir, 'audit.jsonl');
    const config = writeConfig({ mcpServers: { g: fixture('guardedServer') } });
    cli = await connectCli(config, { args: ['--audit', file] });
    const calls = 200;
    await Promise.all(
      Array.from({ length: calls }, (_, i) =>
        cli?.client.callTool({ name: 'g__read_note', arguments: { n: i } }),
      ),
    );
    const pid = cli.transport.pid as number;
    const exited = new Promise<void>((resolve) => {
      // The process is the transport's child: wait for it to be gone.
      const poll = setInterval(() => {
        try {
          process.kill(pid, 0);
        } catch {
          clearInterval(poll);
          resolve();
        }
      }, 10);
    });
    // At once, while the last lines may still be gathering or on their way to the worker.
    process.kill(pid, 'SIGTERM');
    await exited;
    const lines = linesOf(file);
    expect(lines).toHaveLength(calls);
    expect(new Set(lines.map((l) => l.bytesIn)).size).toBeGreaterThan(1);
  });
});
