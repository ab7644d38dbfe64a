/**
 * A stdio router loads only what its config uses: undici (HTTP upstreams, the cluster hop),
 * ioredis (a cluster on Redis), ws (WebSocket upstreams or `--ws`) and prom-client (metrics)
 * are loaded on first use, so the router a desktop client spawns answers sooner and smaller.
 * The real CLI runs with a preload that reports, at exit, every CommonJS module it loaded.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliPath, fixturePath, root, writeConfig } from './harness.js';

const OPTIONAL = ['undici', 'ioredis', 'ws', 'prom-client'];

/** Runs the CLI until it answered `initialize`, ends stdin, and returns the packages it loaded. */
async function packagesLoaded(config: unknown, args: string[] = []): Promise<Set<string>> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-mux-modules-'));
  const report = join(dir, 'modules.json');
  const preload = join(dir, 'preload.cjs');
  writeFileSync(
    preload,
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(report)}, JSON.stringify(Object.keys(require.cache))));\n`,
  );
  const child = spawn(
    process.execPath,
    ['--require', preload, cliPath, '--config', writeConfig(config), ...args],
    { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const answered = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no initialize answer within 30 s; stderr: ${stderr}`));
    }, 30_000);
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      if (stdout.includes('"id":1')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  child.stdin.write(
    `${JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'startup-modules', version: '1.0.0' },
      },
    })}\n`,
  );
  await answered;
  child.stdin.end();
  await closed;
  const files = JSON.parse(readFileSync(report, 'utf8')) as string[];
  const packages = new Set<string>();
  for (const file of files) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file);
    if (match?.[1]) packages.add(match[1]);
  }
  return packages;
}

const stdioUpstream = { command: process.execPath, args: [fixturePath('rawEchoServer')] };

describe('start-up loads only what the config uses', () => {
  it('a stdio-only router loads none of the optional transports nor prom-client', async () => {
    const loaded = await packagesLoaded({ mcpServers: { echo: stdioUpstream } });
    expect(loaded.has('rxjs')).toBe(true); // the preload sees CommonJS packages at all
    for (const name of OPTIONAL) expect(loaded.has(name), name).toBe(false);
  }, 60_000);

  it('an HTTP upstream and --metrics load undici and prom-client, still not ioredis', async () => {
    const loaded = await packagesLoaded(
      {
        mcpServers: {
          echo: stdioUpstream,
          // Nothing listens there: the client is made, the connection fails and is retried.
          remote: { url: 'http://127.0.0.1:9/mcp' },
        },
      },
      ['--metrics', '127.0.0.1:0'],
    );
    expect(loaded.has('undici')).toBe(true);
    expect(loaded.has('prom-client')).toBe(true);
    expect(loaded.has('ioredis')).toBe(false);
  }, 60_000);
});
