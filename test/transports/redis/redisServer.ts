/**
 * The Redis tests' redis-server, in the shape they were written against (`RedisServer.start`,
 * `kill`, `restart`): a thin face over the one launcher the tests share, the deployment
 * harness's `startRedis` (test/deploy/harness/redis.ts: unprivileged, loopback, no
 * persistence). Missing binary: the tests skip with a message (`apt-get install
 * redis-server`), unless MCP_MUX_REQUIRE_DEPLOY_TOOLS=1 (CI), where they fail.
 */
import {
  findTool,
  type RedisServer as HarnessRedis,
  startRedis,
} from '../../deploy/harness/index.js';

export { freePort } from '../../deploy/harness/index.js';

export const REDIS_BINARY = findTool('redis-server');

if (REDIS_BINARY === undefined) {
  const message = 'redis-server not found: apt-get install redis-server to run the Redis tests';
  if (process.env.MCP_MUX_REQUIRE_DEPLOY_TOOLS === '1') throw new Error(message);
  console.warn(`skipped: ${message}`);
}

export class RedisServer {
  readonly #inner: HarnessRedis;

  private constructor(inner: HarnessRedis) {
    this.#inner = inner;
  }

  get port(): number {
    return this.#inner.port;
  }

  get url(): string {
    return this.#inner.url;
  }

  static async start(port?: number): Promise<RedisServer> {
    return new RedisServer(await startRedis(REDIS_BINARY ?? 'redis-server', port));
  }

  /** Starts again on the same port (after `kill`); resolves once it accepts connections. */
  restart(): Promise<void> {
    return this.#inner.start();
  }

  /** SIGKILL, then waits for the exit. */
  kill(): Promise<void> {
    return this.#inner.stop({ crash: true });
  }
}
