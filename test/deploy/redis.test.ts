/**
 * The harness's redis-server, for the cluster store's tests: it starts on a loopback port, a
 * real client (ioredis) talks to it, and `restart({ crash: true })` kills it with SIGKILL and
 * brings back an empty one on the same port, which the client reconnects to by itself.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithTools, type RedisServer, startRedis, waitFor } from './harness/index.js';

describeWithTools('the harness redis-server', ['redis-server'], (tools) => {
  let redis: RedisServer;
  let client: Redis;

  beforeAll(async () => {
    redis = await startRedis(tools['redis-server']);
    client = new Redis(redis.url, { maxRetriesPerRequest: 1, retryStrategy: () => 50 });
    const refusals: unknown[] = [];
    client.on('error', (error) => refusals.push(error)); // while it is down: expected
  });
  afterAll(async () => {
    client?.disconnect();
    await redis?.stop();
  });

  it('serves a real client, survives a crash-restart on the same port, and comes back empty', async () => {
    await client.set('k', 'v');
    expect(await client.get('k')).toBe('v');
    const before = redis.process().child.pid;
    await redis.restart({ crash: true, downMs: 200 });
    expect(redis.process().child.pid).not.toBe(before);
    await waitFor(async () => (await client.ping()) === 'PONG', 5_000, 'the client to reconnect');
    expect(await client.get('k')).toBeNull();
  });
});
