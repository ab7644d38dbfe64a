/**
 * The stdio client transport against REAL child processes (`node -e` scripts), and the stdio
 * server transport over in-process streams. Grace periods are short so the escalation paths
 * (SIGTERM, SIGKILL) run in well under a second each.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { firstValueFrom, take, timeout, toArray } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, type Logger } from '../../core/log/log.js';
import type { CloseReason } from '../../core/rpc/transport.js';
import { killTrackedGroups } from '../../transports/processGroup.js';
import {
  DEFAULT_INHERITED_ENV,
  type StdioClientOptions,
  StdioClientTransport,
} from '../../transports/stdioClient.js';

const open: StdioClientTransport[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()));
});

function capture(): { log: Logger; lines: string[] } {
  const lines: string[] = [];
  return { log: createLogger({ level: 'debug', sink: (line) => lines.push(line) }), lines };
}

/** Runs `script` with node as an upstream, with short grace periods. */
function node(script: string, options: Partial<StdioClientOptions> = {}): StdioClientTransport {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['-e', script],
    name: 'test-server',
    stdinCloseGraceMs: 300,
    sigtermGraceMs: 300,
    ...options,
  });
  open.push(transport);
  return transport;
}

const next = (t: StdioClientTransport, n = 1): Promise<unknown[]> =>
  firstValueFrom(t.messages$.pipe(take(n), toArray(), timeout(10_000)));
const closed = (t: StdioClientTransport): Promise<CloseReason> =>
  firstValueFrom(t.closed$.pipe(timeout(10_000)));

/** Dead, or a zombie waiting for init to reap it (killed, not the router's to reap). */
function isGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

async function eventuallyGone(pid: number, withinMs = 5000): Promise<boolean> {
  for (const deadline = Date.now() + withinMs; Date.now() < deadline; ) {
    if (isGone(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return isGone(pid);
}

const ECHO = `
  const rl = require('readline').createInterface({ input: process.stdin });
  rl.on('line', (line) => { if (line.trim()) process.stdout.write(line + '\\n'); });
  rl.on('close', () => process.exit(0));
`;
/** Stays alive after stdin closes; says `ready` once its handlers are in place. */
const STUBBORN = (ignoreSigterm: boolean) => `
  ${ignoreSigterm ? "process.on('SIGTERM', () => {});" : ''}
  process.stdin.resume();
  setInterval(() => {}, 1000);
  process.stdout.write(JSON.stringify({ ready: true }) + '\\n');
`;

describe('StdioClientTransport messages', () => {
  it('round-trips messages, in order, including multi-byte text and a 1 MiB message', async () => {
    const t = node(ECHO);
    const sent = [
      { jsonrpc: '2.0', id: 0, method: 'ping' },
      { jsonrpc: '2.0', id: 'é𝄞', result: { text: 'a\nb' } },
      { jsonrpc: '2.0', method: 'n', params: { blob: 'x'.repeat(1024 * 1024) } },
      { jsonrpc: '2.0', id: 3, method: 'last' },
    ];
    const received = next(t, sent.length);
    for (const message of sent) t.send(message);
    expect(await received).toEqual(sent);
  });

  it('keeps order through backpressure: 4 MiB sent in one tick arrives complete', async () => {
    const t = node(ECHO);
    const count = 4000;
    const received = next(t, count);
    let maxBuffered = 0;
    for (let i = 0; i < count; i += 1) {
      t.send({ i, pad: 'p'.repeat(1000) });
      maxBuffered = Math.max(maxBuffered, t.bufferedBytes);
    }
    expect(maxBuffered).toBeGreaterThan(64 * 1024); // more than a pipe holds: we waited for drain
    const values = (await received) as { i: number }[];
    expect(values.map((v) => v.i)).toEqual(Array.from({ length: count }, (_, i) => i));
    expect(t.bufferedBytes).toBe(0);
  });

  it('reports non-JSON stdout lines on errors$ and keeps reading', async () => {
    const t = node(
      `process.stdout.write('oops, a log line on stdout\\n{"ok":true}\\n'); setTimeout(() => {}, 5000);`,
    );
    const error = firstValueFrom(t.errors$.pipe(timeout(10_000)));
    expect(await next(t)).toEqual([{ ok: true }]);
    expect((await error).kind).toBe('parse');
  });

  it('with inheritEnv, merges env over process.env (undefined removes a variable) and honours cwd', async () => {
    process.env.MUX_TEST_INHERITED = 'inherited';
    process.env.MUX_TEST_REMOVED = 'should-vanish';
    try {
      const cwd = realpathSync(tmpdir());
      const t = node(
        `process.stdout.write(JSON.stringify({ cwd: process.cwd(), set: process.env.MUX_TEST_SET,
           inherited: process.env.MUX_TEST_INHERITED, removed: process.env.MUX_TEST_REMOVED ?? null }) + '\\n');
         setTimeout(() => {}, 5000);`,
        { cwd, env: { MUX_TEST_SET: 'set', MUX_TEST_REMOVED: undefined }, inheritEnv: true },
      );
      expect(await next(t)).toEqual([{ cwd, set: 'set', inherited: 'inherited', removed: null }]);
    } finally {
      delete process.env.MUX_TEST_INHERITED;
      delete process.env.MUX_TEST_REMOVED;
    }
  });

  it('logs stderr lines with the server name, never on stdout or as messages', async () => {
    const { log, lines } = capture();
    const stdoutWrite = vi.spyOn(process.stdout, 'write');
    try {
      const t = node(
        `process.stderr.write('starting up\\r\\nsecond li'); process.stderr.write('ne\\n');
         process.stdout.write('{"hello":1}\\n'); setTimeout(() => process.exit(0), 100);`,
        { log },
      );
      const errors: unknown[] = [];
      t.errors$.subscribe((e) => errors.push(e));
      const messages = next(t);
      expect(await closed(t)).toEqual({ kind: 'exit', code: 0, signal: null });
      expect(await messages).toEqual([{ hello: 1 }]);
      expect(errors).toEqual([]);
      const stderrLines = lines.filter((l) => l.includes('stream=stderr'));
      expect(stderrLines).toEqual([
        'mcp-mux info starting up server=test-server stream=stderr',
        'mcp-mux info second line server=test-server stream=stderr',
      ]);
      const written = stdoutWrite.mock.calls.map((c) => String(c[0])).join('');
      expect(written).not.toContain('starting up');
    } finally {
      stdoutWrite.mockRestore();
    }
  });
});

describe('StdioClientTransport exit and start failures', () => {
  it('emits exit with code after delivering what the child wrote before exiting', async () => {
    const t = node(`process.stdout.write('{"last":"words"}\\n', () => process.exit(3));`);
    const messages: unknown[] = [];
    t.messages$.subscribe((m) => messages.push(m));
    expect(await closed(t)).toEqual({ kind: 'exit', code: 3, signal: null });
    expect(messages).toEqual([{ last: 'words' }]);
  });

  it('reports a missing command as closed$ error, without throwing', async () => {
    const { log, lines } = capture();
    const t = new StdioClientTransport({
      command: 'mcp-mux-no-such-command-xyz',
      name: 'ghost',
      log,
    });
    open.push(t);
    t.send({ jsonrpc: '2.0', id: 1, method: 'ping' }); // a quiet no-op, no EPIPE crash
    const reason = await closed(t);
    expect(reason.kind).toBe('error');
    const message = reason.kind === 'error' ? reason.error.message : '';
    expect(message).toContain('upstream "ghost": cannot start "mcp-mux-no-such-command-xyz"');
    expect(message).toContain('command not found (ENOENT)');
    expect(lines.some((l) => l.startsWith('mcp-mux error') && l.includes('ENOENT'))).toBe(true);
    await t.close();
  });

  it('names a missing working directory', async () => {
    const t = node(ECHO, { cwd: '/nonexistent/mcp-mux-dir' });
    const reason = await closed(t);
    expect(reason.kind === 'error' && reason.error.message).toContain(
      'the working directory "/nonexistent/mcp-mux-dir" does not exist',
    );
  });

  it('survives writes to a child that closed its stdin (EPIPE), then reports its exit', async () => {
    const { log, lines } = capture();
    const t = node(
      `require('fs').closeSync(0); process.stdout.write('{"closed":true}\\n');
       setTimeout(() => process.exit(4), 200);`,
      { log, stdinCloseGraceMs: 5000 },
    );
    const reason = closed(t);
    await next(t);
    for (let i = 0; i < 50; i += 1) {
      t.send({ i, pad: 'z'.repeat(4096) });
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await reason).toEqual({ kind: 'exit', code: 4, signal: null });
    expect(
      lines.some((l) => l.includes('writing to upstream process failed') && l.includes('EPIPE')),
    ).toBe(true);
  });
});

describe('StdioClientTransport shutdown', () => {
  it('closes stdin and a well-behaved child exits without signals', async () => {
    const { log, lines } = capture();
    const t = node(ECHO, { log, stdinCloseGraceMs: 5000 });
    t.send({ ping: 1 });
    await next(t);
    const started = Date.now();
    await t.close();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(lines.join('\n')).not.toContain('SIGTERM');
    expect(await closed(t)).toEqual({ kind: 'local' });
    expect(isGone(t.pid!)).toBe(true);
  });

  it('sends SIGTERM to a child that ignores its stdin closing', async () => {
    const { log, lines } = capture();
    const t = node(STUBBORN(false), { log, sigtermGraceMs: 5000 });
    await next(t);
    await t.close();
    expect(isGone(t.pid!)).toBe(true);
    expect(lines.some((l) => l.includes('sending SIGTERM'))).toBe(true);
    expect(lines.some((l) => l.includes('sending SIGKILL'))).toBe(false);
  });

  it('SIGKILLs a child that ignores SIGTERM, and close() resolves', async () => {
    const { log, lines } = capture();
    const t = node(STUBBORN(true), { log });
    await next(t);
    const started = Date.now();
    await t.close();
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(550); // both grace periods ran
    expect(took).toBeLessThan(5000);
    expect(isGone(t.pid!)).toBe(true);
    expect(lines.some((l) => l.includes('sending SIGKILL'))).toBe(true);
  });

  it('kills a grandchild left in the process group on close', async () => {
    const t = node(`
      const g = require('child_process').spawn('sleep', ['30'], { stdio: 'ignore' });
      process.stdout.write(JSON.stringify({ grandchild: g.pid }) + '\\n');
      process.stdin.resume(); process.stdin.on('end', () => process.exit(0));`);
    const [hello] = (await next(t)) as [{ grandchild: number }];
    expect(isGone(hello.grandchild)).toBe(false);
    await t.close();
    expect(await eventuallyGone(hello.grandchild)).toBe(true);
  });

  it('finishes when the child exits on its own while a grandchild holds its stdout', async () => {
    const t = node(`
      const g = require('child_process').spawn('sleep', ['30'], { stdio: ['ignore', 'inherit', 'ignore'] });
      process.stdout.write(JSON.stringify({ grandchild: g.pid }) + '\\n', () => process.exit(7));`);
    const [hello] = (await next(t)) as [{ grandchild: number }];
    expect(await closed(t)).toEqual({ kind: 'exit', code: 7, signal: null });
    expect(await eventuallyGone(hello.grandchild)).toBe(true);
  });

  it('closes with slow-reader when the child never reads, then terminates it', async () => {
    const { log, lines } = capture();
    const t = node(STUBBORN(false).replace('process.stdin.resume();', ''), {
      log,
      maxBufferedBytes: 256 * 1024,
    });
    await next(t);
    const reasons: CloseReason[] = [];
    t.closed$.subscribe((r) => reasons.push(r));
    const seen: number[] = [];
    for (let i = 0; i < 2000 && reasons.length === 0; i += 1) {
      t.send({ i, pad: 'q'.repeat(1024) });
      seen.push(t.bufferedBytes);
      if (i % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(reasons).toHaveLength(1);
    const reason = reasons[0]!;
    expect(reason.kind).toBe('slow-reader');
    expect(reason.kind === 'slow-reader' && reason.bufferedBytes).toBeGreaterThan(256 * 1024);
    expect(Math.max(...seen)).toBeGreaterThan(128 * 1024); // it grew before the bound hit
    expect(lines.some((l) => l.includes('not reading its stdin'))).toBe(true);
    await t.close();
    expect(isGone(t.pid!)).toBe(true);
  });

  it('kills tracked process groups from the process exit hook', async () => {
    const t = node(STUBBORN(true));
    await next(t);
    expect(process.listeners('exit')).toContain(killTrackedGroups);
    killTrackedGroups();
    expect(await closed(t)).toEqual({ kind: 'exit', code: null, signal: 'SIGKILL' });
  });
});

describe('StdioClientTransport environment', () => {
  it('passes only the default set plus env, unless inheritEnv', async () => {
    process.env.MUX_TEST_SECRET = 'secret';
    try {
      const script = `process.stdout.write(JSON.stringify({ keys: Object.keys(process.env).sort(),
         secret: process.env.MUX_TEST_SECRET ?? null, own: process.env.MUX_TEST_OWN ?? null }) + '\\n');
         setTimeout(() => {}, 5000);`;
      const minimal = node(script, { env: { MUX_TEST_OWN: 'own' } });
      const [seen] = (await next(minimal)) as { keys: string[]; secret: unknown; own: unknown }[];
      expect(seen?.secret).toBeNull();
      expect(seen?.own).toBe('own');
      const allowed = new Set([...DEFAULT_INHERITED_ENV, 'MUX_TEST_OWN']);
      // node itself may add a few variables of its own; none of the router's others.
      const leaked = (seen?.keys ?? []).filter((key) => !allowed.has(key) && key in process.env);
      expect(leaked).toEqual([]);
      const all = node(script, { inheritEnv: true });
      const [inherited] = (await next(all)) as { secret: unknown }[];
      expect(inherited?.secret).toBe('secret');
    } finally {
      delete process.env.MUX_TEST_SECRET;
    }
  });
});
