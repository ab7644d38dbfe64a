/**
 * The audit trail through the CLI (`--audit FILE`): one JSON line per routed `tools/call` with
 * who, what, the arguments' digest, the approval decision and the outcome; the file is reopened
 * on SIGHUP (logrotate moves it away first), and secrets never appear in it; a client in a
 * profile (`--profile` over stdio, `/mcp/<name>` over HTTP) has it named in its lines.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors/errors.js';
import { startCli } from './cliNetwork.js';
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
let server: Awaited<ReturnType<typeof startCli>> | undefined;
afterEach(async () => {
  await cli?.close();
  cli = undefined;
  await server?.stop();
  server = undefined;
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

  it('names the profile the client is in: --profile over stdio, /mcp/<name> over HTTP', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-mux-audit-'));
    const file = join(dir, 'audit.jsonl');
    const config = writeConfig({
      mcpServers: { g: fixture('guardedServer') },
      mcpMux: { profiles: { reader: { tools: ['g__read_note'] } }, audit: { file } },
    });
    cli = await connectCli(config, { args: ['--profile', 'reader'] });
    await cli.client.callTool({ name: 'g__read_note', arguments: { n: 1 } });
    await cli.close();
    cli = undefined;
    server = await startCli(config, ['--http', '127.0.0.1:0']);
    const base = server.listeners.http as string;
    const post = (path: string, id: number) =>
      fetch(path, {
        method: 'POST',
        headers: {
          accept: 'application/json, text/event-stream',
          'content-type': 'application/json',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'tools/call',
          'mcp-name': 'g__read_note',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: {
            name: 'g__read_note',
            arguments: { n: id },
            _meta: {
              'io.modelcontextprotocol/protocolVersion': '2026-07-28',
              'io.modelcontextprotocol/clientCapabilities': {},
            },
          },
        }),
      });
    expect((await post(`${base}/reader`, 2)).status).toBe(200);
    expect((await post(base, 3)).status).toBe(200);
    const lines = await until(
      () => linesOf(file),
      (l) => l.length >= 3,
    );
    expect(lines.map((l) => [l.bytesIn, l.profile, l.outcome])).toEqual([
      [JSON.stringify({ n: 1 }).length, 'reader', 'ok'],
      [JSON.stringify({ n: 2 }).length, 'reader', 'ok'],
      [JSON.stringify({ n: 3 }).length, undefined, 'ok'],
    ]);
  });
});
