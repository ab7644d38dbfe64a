/**
 * stdout carries only protocol messages: `npm start --silent` (what the
 * README tells clients to use from a clone) and the CLI with a config that makes it warn
 * (ignored client keys) answer `initialize` and `tools/list` with nothing else on stdout; all
 * the log goes to stderr.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cliPath, everything, root, writeConfig } from './harness.js';

const REQUESTS = [
  {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'clean-stdout', version: '1.0.0' },
    },
  },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/list' },
];

/** Runs `command`, sends the requests, waits for the `tools/list` answer, then ends stdin. */
function talk(command: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no tools/list answer within 60 s; stderr: ${stderr}`));
    }, 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      if (stdout.includes('"id":2')) child.stdin.end();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('close', () => {
      clearTimeout(timer);
      resolve({ stdout, stderr });
    });
    for (const request of REQUESTS) child.stdin.write(`${JSON.stringify(request)}\n`);
  });
}

function expectOnlyMessages(stdout: string): void {
  const lines = stdout.split('\n').filter((line) => line !== '');
  expect(lines.length).toBeGreaterThanOrEqual(2);
  for (const line of lines) {
    const message = JSON.parse(line) as { jsonrpc?: string };
    expect(message.jsonrpc).toBe('2.0');
  }
}

describe('stdout carries only protocol messages', () => {
  it('npm start --silent', async () => {
    const { stdout, stderr } = await talk('npm', ['start', '--silent']);
    expectOnlyMessages(stdout);
    expect(stderr).toContain('mcp-mux info ready:');
  }, 90_000);

  it('the CLI, with config warnings', async () => {
    const config = writeConfig({
      mcpServers: { e: everything({ autoApprove: ['echo'] }) },
      globalShortcut: 'Ctrl+Space',
    });
    const { stdout, stderr } = await talk(process.execPath, [cliPath, '--config', config]);
    expectOnlyMessages(stdout);
    expect(stderr).toContain('ignored 2 key(s) that MCP clients write');
  }, 90_000);
});
