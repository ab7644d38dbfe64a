/**
 * What the instances of a cluster share through Redis, through the real CLI: two mcp-mux
 * processes with one real redis-server, v1 SDK clients each holding a session on its own
 * instance. A principal's rate-limit burst spent on one instance is spent on the other too
 * (the refused call never reaches the upstream), another principal keeps its own bucket, and
 * `maxSessionsPerPrincipal` counts the principal's sessions on both.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_BINARY, RedisServer } from '../transports/redis/redisServer.js';
import { clientTransport, freePort, type Proc, startCli, until } from './cliNetwork.js';
import { fixture, writeConfig } from './harness.js';

const KEY = 'shared-limits-key-0123456789abcdef';
const ALICE = 'alice-token-0123456789abcdef';
const BOB = 'bob-token-0123456789abcdef';

let redis: RedisServer;
const procs: { base: string; proc: Proc }[] = [];
const clients: Client[] = [];

async function startInstance(id: string): Promise<{ base: string; proc: Proc }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const config = writeConfig({
    mcpServers: { lim: fixture('bigResultServer') },
    mcpMux: {
      auth: { tokens: { alice: ALICE, bob: BOB } },
      maxSessionsPerPrincipal: 3,
      rateLimits: [{ principals: ['*'], tools: ['lim__count'], perMinute: 6, burst: 3 }],
      cluster: { instanceId: id, advertiseUrl: base, redis: redis.url },
    },
  });
  const proc = await startCli(config, ['--http', `127.0.0.1:${port}`], {
    MCP_MUX_CLUSTER_KEY: KEY,
  });
  return { base, proc };
}

async function connect(base: string, token: string): Promise<Client> {
  const client = new Client({ name: 'shared-limits', version: '1.0.0' });
  await client.connect(
    clientTransport('http', `${base}/mcp`, { authorization: `Bearer ${token}` }),
  );
  clients.push(client);
  return client;
}

type Text = { type: string; text: string };
const texts = (result: object) => (result as { content: Text[] }).content.map((c) => c.text);

describe.skipIf(REDIS_BINARY === undefined)('two instances sharing limits through Redis', () => {
  beforeAll(async () => {
    redis = await RedisServer.start();
    for (const id of ['lim-a', 'lim-b']) procs.push(await startInstance(id));
    for (const { base } of procs) {
      await until(
        async () => {
          const res = await fetch(`${base}/readyz`, {
            headers: { authorization: `Bearer ${ALICE}` },
          });
          const body = (await res.json()) as { cluster?: { instances: unknown[] } };
          return body.cluster?.instances.length === 2;
        },
        15_000,
        'both instances registered',
      );
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.allSettled(clients.map((c) => c.close()));
    await Promise.all(procs.map(({ proc }) => proc.stop()));
    await redis?.kill();
  });

  it('a burst spent on one instance is spent on the other; another principal has its own', async () => {
    const [a, b] = [procs[0]!, procs[1]!];
    const aliceOnA = await connect(a.base, ALICE);
    const aliceOnB = await connect(b.base, ALICE);
    for (const n of [1, 2, 3]) {
      expect(texts(await aliceOnA.callTool({ name: 'lim__count', arguments: {} }))).toEqual([
        String(n),
      ]);
    }
    // Alone, instance B's bucket would be full: the shared one is empty.
    const refused = await aliceOnB.callTool({ name: 'lim__count', arguments: {} }).catch((e) => e);
    expect(refused).toBeInstanceOf(McpError);
    expect(refused.code).toBe(-32010);
    expect(refused.data.retryAfterMs).toBeGreaterThan(5_000);
    // The refused call never reached B's upstream (its own counter: nothing counted yet).
    expect(texts(await aliceOnB.callTool({ name: 'lim__calls', arguments: {} }))).toEqual(['0']);
    const bobOnB = await connect(b.base, BOB);
    expect(texts(await bobOnB.callTool({ name: 'lim__count', arguments: {} }))).toEqual(['1']);
  }, 30_000);

  it('sessions per principal are counted across both instances', async () => {
    const [a, b] = [procs[0]!, procs[1]!];
    // Bob holds one session (above); two more on A make three, the cluster-wide bound.
    await connect(a.base, BOB);
    await connect(a.base, BOB);
    const fourth = await connect(b.base, BOB).catch((e: unknown) => e);
    expect(fourth).toBeInstanceOf(Error);
    expect(String(fourth)).toMatch(/429|too many|Too Many/i);
  }, 30_000);
});
