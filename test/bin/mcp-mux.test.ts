/**
 * The CLI says what happened, run as a real process (dist/bin/mcp-mux.js):
 * `--help` on stdout explaining `inspect`, `--version`, an invalid `--log-level` refused, an
 * unknown flag with mcp-mux's own message, a port in use in one line without a stack (and an
 * exit, even when another listener had started).
 */
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { cliPath, writeConfig } from '../integration/harness.js';

interface Run {
  code: number;
  /** Set when `execFile` killed it (its timeout), null when it exited by itself. */
  signal: string | null;
  stdout: string;
  stderr: string;
}

const run = (args: string[]): Promise<Run> =>
  new Promise((resolve) => {
    execFile(process.execPath, [cliPath, ...args], { timeout: 20_000 }, (error, stdout, stderr) => {
      const code = error ? Number((error as { code?: unknown }).code ?? 1) : 0;
      const signal = (error as { signal?: string | null } | null)?.signal ?? null;
      resolve({ code, signal, stdout, stderr });
    });
  });

const empty = () => writeConfig({ mcpServers: {} });

describe('mcp-mux CLI usage', () => {
  it('prints --help on stdout, explaining inspect, and exits 0', async () => {
    const { code, stdout, stderr } = await run(['--help']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toContain('mcp-mux inspect --config FILE');
    expect(stdout).toContain('print the merged');
    expect(stdout).toContain('--log-level');
  });

  it('prints --version on stdout', async () => {
    const { code, stdout } = await run(['--version']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^mcp-mux \d+\.\d+\.\d+\n$/);
  });

  it('refuses an invalid --log-level instead of silently logging nothing', async () => {
    const { code, stderr, stdout } = await run(['--config', empty(), '--log-level', 'verbose']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n')[0]).toBe(
      'mcp-mux: --log-level expects one of debug, info, warn, error, got "verbose"',
    );
  });

  it('names an unknown flag in its own words, with a suggestion', async () => {
    const { code, stderr } = await run(['--config', empty(), '--htp', ':0']);
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toBe('mcp-mux: unknown option --htp (did you mean --http?)');
    expect(stderr).toContain('mcp-mux --help');
  });

  it('reports a port in use in one line, without a stack', async () => {
    const server: Server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const { code, stderr } = await run(['--config', empty(), '--http', `127.0.0.1:${port}`]);
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(
        `mcp-mux: listen EADDRINUSE: address already in use 127.0.0.1:${port}`,
      );
    } finally {
      server.close();
    }
  });

  it('exits when a port is in use after another listener started (the facade kept it alive)', async () => {
    const server: Server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      // The facade binds first; the metrics listener then fails. Without the exit, the open
      // facade kept the process running until execFile's timeout killed it.
      const { code, signal, stderr } = await run([
        '--config',
        empty(),
        '--http',
        '127.0.0.1:0',
        '--metrics',
        `127.0.0.1:${port}`,
      ]);
      expect(signal).toBeNull();
      expect(code).toBe(1);
      expect(stderr.trim().split('\n').at(-1)).toBe(
        `mcp-mux: listen EADDRINUSE: address already in use 127.0.0.1:${port}`,
      );
    } finally {
      server.close();
    }
  });
});
