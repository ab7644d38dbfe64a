/**
 * A stdio client that stops reading the real CLI's stdout while asking for large results:
 * past `mcpMux.maxSessionBufferBytes` the CLI drops the client (`slow-reader`), cancels its
 * requests and shuts down; its resident memory stays far below what the upstream produced.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliPath, fixture, writeConfig } from './harness.js';
import { descendants, eventually, isGone } from './processes.js';

/** Resident set size of `pid` in bytes (Linux). */
function rss(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

const MiB = 1024 * 1024;

describe('a stdio client that stops reading', () => {
  it('is dropped at the bound; memory stays bounded', async () => {
    const config = writeConfig({
      mcpServers: { life: fixture('lifecycleServer', { concurrency: 4, maxQueue: 1000 }) },
      mcpMux: { maxSessionBufferBytes: MiB },
    });
    const child = spawn(process.execPath, [cliPath, '--config', config], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const pid = child.pid as number;
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    // Read the initialize answer, then stop reading stdout for good.
    const answered = new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
    send({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 't', version: '1' },
      },
    });
    await answered;
    child.stdout.pause();
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    const upstreams = await eventually(() => {
      const pids = descendants(pid);
      return pids.length > 0 ? pids : undefined;
    }, 10_000);
    const baseline = rss(pid);
    // 400 results of 512 KiB: 200 MiB the client never reads.
    for (let i = 1; i <= 400; i++) {
      send({
        jsonrpc: '2.0',
        id: i,
        method: 'tools/call',
        params: { name: 'life__big', arguments: { bytes: 512 * 1024 } },
      });
    }
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rss(pid));
    }, 20);
    const code = await Promise.race([
      exited,
      new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 30_000)),
    ]);
    clearInterval(sampler);
    if (code === 'timeout') child.kill('SIGKILL');
    expect(code).toBe(0);
    expect(stderr).toMatch(/the stdio client is not reading our output: closing/);
    expect(stderr).toMatch(/shutting down \(the client stopped reading\)/);
    // The bound is 1 MiB; allow the runtime's own growth, far below 200 MiB.
    expect(peak - baseline).toBeLessThan(64 * MiB);
    expect(await eventually(() => (upstreams ?? []).every(isGone), 10_000)).toBe(true);
  }, 60_000);
});
