/**
 * A real redis-server as an unprivileged child process on a free loopback port, for tests.
 * Missing binary: the tests skip with a message (`apt-get install redis-server`), unless
 * MCP_MUX_REQUIRE_DEPLOY_TOOLS=1 (CI), where they fail.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

const CANDIDATES = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'];

export const REDIS_BINARY = CANDIDATES.find((path) => existsSync(path));

if (REDIS_BINARY === undefined) {
  const message = 'redis-server not found: apt-get install redis-server to run the Redis tests';
  if (process.env.MCP_MUX_REQUIRE_DEPLOY_TOOLS === '1') throw new Error(message);
  console.warn(`skipped: ${message}`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export class RedisServer {
  #child: ChildProcess | undefined;

  private constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(port?: number): Promise<RedisServer> {
    const server = new RedisServer(port ?? (await freePort()));
    await server.restart();
    return server;
  }

  /** Starts (again) on the same port; resolves once it accepts connections. */
  restart(): Promise<void> {
    const child = spawn(
      REDIS_BINARY ?? 'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.#child = child;
    return new Promise((resolve, reject) => {
      let out = '';
      const timer = setTimeout(
        () => reject(new Error(`redis-server did not start: ${out}`)),
        10_000,
      );
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited (${code}): ${out}`));
      });
    });
  }

  /** SIGKILL, then waits for the exit. */
  async kill(): Promise<void> {
    const child = this.#child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}
