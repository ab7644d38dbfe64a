/**
 * `RouterOptions.cluster` and `mcpMux.rateLimits`: two routers (two instances) sharing one
 * `MemoryClusterStore`, each with an SDK upstream that counts the calls it received, an SDK
 * client on each. The shared burst is spent across both; a refused call is -32010 with
 * `retryAfterMs` and never reaches an upstream. Without a cluster the check stays synchronous.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { VirtualTimeScheduler } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Caller } from '../../../actors/downstream/host.js';
import { rateLimitsOf } from '../../../actors/router/rateLimits.js';
import { MemoryClusterStore } from '../../../core/cluster/index.js';
import type { RouterObserver } from '../../../core/observe/index.js';
import {
  type ClusterStore,
  createMemoryPair,
  createRouter,
  fromSdkTransport,
  type Router,
  silentLogger,
  toSdkTransport,
} from '../../../index.js';

const routers: Router[] = [];
afterEach(async () => {
  await Promise.all(routers.splice(0).map((r) => r.close()));
});

/** One instance: a router whose upstream `up` counts its `tools/call`s; a client on it. */
async function instance(cluster: ClusterStore, received: { calls: number }): Promise<Client> {
  const router = createRouter(
    {
      mcpServers: { up: { command: 'unused' } },
      mcpMux: { rateLimits: [{ principals: ['*'], tools: ['up__*'], perMinute: 1, burst: 3 }] },
    },
    {
      cluster,
      log: silentLogger,
      openTransport: async () => {
        const server = new Server(
          { name: 'counter', version: '1' },
          { capabilities: { tools: {} } },
        );
        server.setRequestHandler(ListToolsRequestSchema, async () => ({
          tools: [{ name: 'count', inputSchema: { type: 'object' as const } }],
        }));
        server.setRequestHandler(CallToolRequestSchema, async () => {
          received.calls += 1;
          return { content: [{ type: 'text', text: String(received.calls) }] };
        });
        const [routerEnd, serverEnd] = InMemoryTransport.createLinkedPair();
        await server.connect(serverEnd);
        return fromSdkTransport(routerEnd);
      },
    },
  );
  routers.push(router);
  await router.start();
  const [clientEnd, routerEnd] = createMemoryPair();
  router.connect(routerEnd);
  const client = new Client({ name: 't', version: '1' });
  await client.connect(toSdkTransport(clientEnd));
  return client;
}

describe('mcpMux.rateLimits across instances', () => {
  it('spends one burst across two routers and refuses before any upstream', async () => {
    const shared = new MemoryClusterStore();
    const received = { calls: 0 };
    const a = await instance(shared, received);
    const b = await instance(shared, received);
    await a.callTool({ name: 'up__count', arguments: {} });
    await b.callTool({ name: 'up__count', arguments: {} });
    await a.callTool({ name: 'up__count', arguments: {} });
    expect(received.calls).toBe(3);
    for (const client of [a, b]) {
      const refused = await client.callTool({ name: 'up__count', arguments: {} }).catch((e) => e);
      expect(refused).toBeInstanceOf(McpError);
      expect((refused as McpError).code).toBe(-32010);
      const data = (refused as McpError).data as { retryAfterMs: number; rule: number };
      expect(data.rule).toBe(0);
      expect(data.retryAfterMs).toBeGreaterThan(50_000);
    }
    expect(received.calls).toBe(3);
  });
});

describe('rateLimitsOf with and without a cluster store', () => {
  const alice = {
    context: {
      protocolVersion: '2025-06-18',
      clientCapabilities: {},
      clientInfo: undefined,
      sessionId: '1',
    },
    session: undefined,
    inbound: { id: 1, signal: new AbortController().signal },
    identity: { id: 'token:alice', tokenName: 'alice', scopes: [] },
  } as Caller;
  const rules = [{ principals: ['*'], perMinute: 1, burst: 1 }];

  it('is a synchronous call that returns nothing without a cluster', () => {
    const check = rateLimitsOf(() => rules, new VirtualTimeScheduler(), undefined)();
    expect(check?.(alice, 'gh', 'gh__x')).toBeUndefined();
    expect(() => check?.(alice, 'gh', 'gh__x')).toThrow(/Rate limit/);
  });

  it('resolves, then rejects with the -32010, with one', async () => {
    const scheduler = new VirtualTimeScheduler();
    const counted: number[] = [];
    const observer = {
      rateLimited: (_: string, rule: number) => counted.push(rule),
    } as unknown as RouterObserver;
    const shared = new MemoryClusterStore(() => scheduler.now());
    const check = rateLimitsOf(() => rules, scheduler, observer, shared)();
    await expect(check?.(alice, 'gh', 'gh__x')).resolves.toBeUndefined();
    await expect(check?.(alice, 'gh', 'gh__x')).rejects.toMatchObject({
      code: -32010,
      data: { retryAfterMs: 60_000, rule: 0 },
    });
    expect(counted).toEqual([0]);
  });
});
