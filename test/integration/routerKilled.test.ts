/**
 * A router killed outright (SIGKILL: no exit hook runs) still takes its stdio upstreams with
 * it: the watchdog (transports/reaper.ts) sees the router's pipe close and
 * ends their process groups. The upstream here ignores its stdin closing and SIGTERM, and has
 * a grandchild of its own: the worst case short of leaving its process group.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cliPath, writeConfig } from './harness.js';
import { eventually, isGone } from './processes.js';

const leftovers: number[] = [];
afterEach(() => {
  for (const pid of leftovers.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
  }
});

const STUBBORN = `
const { spawn } = require('node:child_process');
const { writeFileSync } = require('node:fs');
process.on('SIGTERM', () => {});
process.stdin.on('data', () => {});
process.stdin.on('end', () => {});
const g = spawn(process.execPath, ['-e', 'process.on("SIGTERM", () => {}); setInterval(() => {}, 1000)'], { stdio: 'ignore' });
writeFileSync(process.env.PIDS_FILE, JSON.stringify({ child: process.pid, grandchild: g.pid }));
setInterval(() => {}, 1000);
`;

describe('router killed with SIGKILL', () => {
  it('its stdio upstreams and their children do not survive it', async () => {
    const pidsFile = join(mkdtempSync(join(tmpdir(), 'mcp-mux-kill-')), 'pids.json');
    const config = writeConfig({
      mcpServers: {
        stubborn: {
          command: process.execPath,
          args: ['-e', STUBBORN],
          env: { PIDS_FILE: pidsFile },
          initializeTimeoutMs: 60_000,
        },
      },
    });
    const router = spawn(process.execPath, [cliPath, '--config', config], {
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    const pids = await eventually(
      () =>
        existsSync(pidsFile)
          ? (JSON.parse(readFileSync(pidsFile, 'utf8')) as { child: number; grandchild: number })
          : undefined,
      10_000,
    );
    expect(pids).toBeDefined();
    if (!pids) return;
    leftovers.push(pids.child, pids.grandchild);
    router.kill('SIGKILL');
    const gone = await eventually(() => isGone(pids.child) && isGone(pids.grandchild), 10_000);
    expect(gone).toBe(true);
  });
});
