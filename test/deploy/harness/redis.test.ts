/**
 * The deploy harness's redis-server: a restart counts as back only when that server says it
 * is ready, not when something else answers on its port.
 */
import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
// The Redis tests' binary check: skipped with a message on a machine without it, required in CI.
import { REDIS_BINARY } from '../../transports/redis/redisServer.js';
import { startRedis } from './redis.js';

describe.skipIf(REDIS_BINARY === undefined)('startRedis', () => {
  it('fails a restart whose port another process took while it was down', async () => {
    const redis = await startRedis(REDIS_BINARY as string);
    let squatter: Server | undefined;
    try {
      await redis.stop();
      squatter = createServer((socket) => socket.destroy());
      await new Promise<void>((resolve) => squatter?.listen(redis.port, '127.0.0.1', resolve));
      await expect(redis.start()).rejects.toThrow(/exited/);
    } finally {
      squatter?.close();
      await redis.stop();
    }
  }, 30_000);
});
