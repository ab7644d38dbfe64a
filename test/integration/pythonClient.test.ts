/**
 * The Python SDK (`mcp` 2.3.0, `Client(..., mode="2026-07-28")`) through mcp-mux over stdio and
 * HTTP, in front of server-everything (legacy) and a 2026-07-28-only v2 SDK fixture. Skipped when `python3` cannot import `mcp` (CI installs
 * it in `.ci/run`; `MCP_PYTHONPATH` points at a `pip install --target` directory if needed).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Proc, startCli } from './cliNetwork.js';
import { cliPath, everything, fixture, fixturePath, root, writeConfig } from './harness.js';

const env = { ...process.env, PYTHONPATH: process.env.MCP_PYTHONPATH ?? '' };
const hasPythonMcp = spawnSync('python3', ['-c', 'import mcp.client.client'], { env }).status === 0;
const script = join(root, 'test/integration/python/modern_client.py');

function runPython(args: string[]): Record<string, unknown> {
  const run = spawnSync('python3', [script, ...args], { env, encoding: 'utf8', timeout: 60_000 });
  const line = run.stdout.trim().split('\n').at(-1) ?? '';
  if (run.status !== 0) throw new Error(`python client failed: ${run.stderr.slice(-2000)}`);
  return JSON.parse(line) as Record<string, unknown>;
}

const expectWorked = (out: Record<string, unknown>) => {
  expect(out.tools).toContain('ev__echo');
  expect(out.echo).toEqual(['Echo: py']);
  expect(out.prompts).toContain('ev__simple-prompt');
  expect(out.promptMessages).toBeGreaterThan(0);
  expect(out.read).toBe(1);
  expect(out.completion).toEqual(['Engineering']);
  expect(out.honored).toEqual({ toolsListChanged: true });
  // The modern-only upstream, spoken to in 2026-07-28 by mcp-mux.
  expect(out.tools).toContain('md__test_simple_text');
  expect(out.modernText).toEqual(['This is a simple text response for testing.']);
};

describe.skipIf(!hasPythonMcp)('the Python SDK pinned to 2026-07-28 through mcp-mux', () => {
  const config = () =>
    writeConfig({
      mcpServers: {
        ev: everything(),
        md: fixture('modernServer', { args: [fixturePath('modernServer'), '--modern-only'] }),
      },
    });
  let cli: Proc & { listeners: { http?: string } };
  beforeAll(async () => {
    cli = (await startCli(config(), ['--http', '127.0.0.1:0'])) as typeof cli;
  }, 30_000);
  afterAll(async () => {
    await cli?.stop();
  });

  it('works over stdio', () => {
    expectWorked(runPython(['stdio', process.execPath, cliPath, config()]));
  }, 90_000);

  it('works over HTTP', () => {
    expectWorked(runPython(['http', cli.listeners.http ?? '']));
  }, 90_000);
});
