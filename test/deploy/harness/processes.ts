/**
 * Child processes of the deployment tests (mcp-mux instances, redis-server, nginx, HAProxy):
 * spawned unprivileged with their output collected, waited for with a deadline (a TCP port
 * that accepts, a line in the output), stopped politely with a bounded fallback to SIGKILL,
 * or killed with SIGKILL on purpose.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Child {
  readonly name: string;
  readonly child: ChildProcess;
  /** stdout and stderr so far, interleaved (bounded: the last 256 KiB). */
  output(): string;
  /** Whether the process has exited (or was killed). */
  exited(): boolean;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<void>;
  /** SIGKILL now (a crash: no cleanup of any kind); resolves once it has exited. */
  kill9(): Promise<void>;
}

const OUTPUT_LIMIT = 256 * 1024;

/** Polls `check` every 20 ms until it is truthy; throws after `ms` naming `what`. */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  ms: number,
  what: string,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (;;) {
    let value: T | undefined;
    try {
      value = await check();
    } catch {
      value = undefined;
    }
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Ports this process has handed out: none is handed out twice. */
const handedOut = new Set<number>();

/** A port the kernel picks for `listen(0)` on loopback, released again at once. */
function pickPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A loopback port that was free a moment ago, and not handed out before by this process: the
 * kernel may pick a released port again at once, and an instance once got the same port for
 * its HTTP and its metrics listener.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await pickPort();
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error('no loopback port that was not handed out already (50 attempts)');
}

/** Whether something accepts TCP connections on 127.0.0.1:`port` (500 ms at most). */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), 500);
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** A fresh temporary directory for one test run's configs, logs and temp files. */
export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `mcp-mux-deploy-${prefix}-`));
}

/** Spawns `command args…` with stdin ignored; output is collected for diagnostics. */
export function startChild(
  name: string,
  command: string,
  args: string[],
  options: { env?: Record<string, string>; cwd?: string } = {},
): Child {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (output.length > OUTPUT_LIMIT) output = output.slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  child.on('error', (error) => collect(Buffer.from(`\n[spawn error] ${String(error)}\n`)));
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const stop = async (graceMs = 3_000) => {
    if (exited()) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exit;
    clearTimeout(timer);
  };
  const kill9 = async () => {
    if (exited()) return;
    child.kill('SIGKILL');
    await exit;
  };
  return { name, child, output: () => output, exited, stop, kill9 };
}

/**
 * Waits until `check` holds for `child` (its own sign of readiness: a line it prints, its
 * health endpoint), failing at once, with its output, if it exits first. A port that accepts
 * is not enough: it may answer for another process that took it.
 */
export async function waitForReady(
  child: Child,
  check: () => boolean | Promise<boolean>,
  ms: number,
  what: string,
): Promise<void> {
  await waitFor(async () => child.exited() || (await check()), ms, what).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${child.output()}`);
  });
  if (child.exited()) throw new Error(`${child.name} exited before ${what}:\n${child.output()}`);
}

/**
 * Waits until `child` accepts on `port`; fails early (with its output) if it exits first.
 */
export async function waitForPort(child: Child, port: number, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await accepts(port))) {
    if (child.exited() || Date.now() > deadline) {
      const why = child.exited() ? 'it exited' : `not within ${ms} ms`;
      throw new Error(
        `${child.name} did not come up on 127.0.0.1:${port} (${why}):\n${child.output()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
