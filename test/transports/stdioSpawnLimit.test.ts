/**
 * Spawning a stdio upstream when the process is out of file descriptors (EMFILE): Node sets
 * up no pipes and reports the error a tick later. The transport must report a start failure
 * on `closed$`, never throw (this used to crash the router).
 *
 * The test lowers its own worker's soft fd limit with `prlimit --pid` (vitest runs each file
 * in a forked process) just above the descriptors already open, and restores it afterwards.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readdirSync } from 'node:fs';
import { firstValueFrom, timeout } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../core/log/log.js';
import { StdioClientTransport } from '../../transports/stdio.js';

function nofile(): { soft: string; hard: string } {
  const out = execFileSync('prlimit', [
    '--pid',
    String(process.pid),
    '--nofile',
    '--raw',
    '-o',
    'SOFT,HARD',
    '--noheadings',
  ]).toString();
  const [soft = '', hard = ''] = out.trim().split(/\s+/);
  return { soft, hard };
}

function setSoftNofile(soft: number | string, hard: string): void {
  execFileSync('prlimit', ['--pid', String(process.pid), `--nofile=${soft}:${hard}`]);
}

describe('StdioClientTransport out of file descriptors', () => {
  it('reports EMFILE on closed$ as a start failure instead of throwing', async () => {
    const before = nofile();
    const lines: string[] = [];
    const log = createLogger({ level: 'debug', sink: (line) => lines.push(line) });
    // Placeholders, closed before the limit is restored so that `prlimit` can be spawned.
    const spare = Array.from({ length: 12 }, () => openSync('/dev/null', 'r'));
    const openFds = readdirSync('/proc/self/fd').length;
    let transport: StdioClientTransport | undefined;
    // Room for one pipe end, not for three pipes.
    setSoftNofile(openFds + 1, before.hard);
    try {
      transport = new StdioClientTransport({
        command: process.execPath,
        args: ['-e', 'setTimeout(() => {}, 10000)'],
        name: 'starved',
        log,
      });
    } finally {
      for (const fd of spare) closeSync(fd);
      setSoftNofile(before.soft, before.hard);
    }
    const reason = await firstValueFrom(transport.closed$.pipe(timeout(5000)));
    expect(reason.kind).toBe('error');
    const message = reason.kind === 'error' ? reason.error.message : '';
    expect(message).toContain('upstream "starved": cannot start');
    expect(message).toMatch(/EMFILE|ENFILE|file descriptors/);
    expect(transport.pid).toBeUndefined();
    await transport.close();
  });
});
