/**
 * Three real mcp-mux processes as one cluster on loopback with one real redis-server: SDK
 * clients whose requests land on the wrong instance still work (the v1 client's POSTs, GET
 * stream and DELETE; a legacy HTTP+SSE client's POSTs; the v2 client's bridged round retried
 * elsewhere), forged ids and hops are
 * refused, and a `kill -9` of an owner gives its clients a 404 (they re-initialize elsewhere)
 * and its rounds -32602 "retry from the start".
 */
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernTransport,
} from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_BINARY, RedisServer } from '../transports/redis/redisServer.js';
import { freePort, type Proc, startCli, until } from './cliNetwork.js';
import { fixture, fixturePath, writeConfig } from './harness.js';

const KEY = 'cluster-test-key-0123456789abcdef';
const TOKENS = 'tok-a,tok-b';
const ACCEPT = 'application/json, text/event-stream';
const auth = (token = 'tok-a') => ({ authorization: `Bearer ${token}` });

interface Instance {
  id: string;
  base: string;
  mcp: string;
  proc: Proc;
}

let redis: RedisServer;
const instances: Instance[] = [];

/** An instance on `port` whose membership is Redis, or the static `peers` when given. */
async function startInstance(id: string, port?: number, peers?: string[]): Promise<Instance> {
  port ??= await freePort();
  const base = `http://127.0.0.1:${port}`;
  const members = peers ? { peers } : { redis: redis.url };
  const config = writeConfig({
    mcpServers: {
      churn: fixture('churnServer', { args: [fixturePath('churnServer'), '--times', '2'] }),
      ask: fixture('askingServer'),
    },
    mcpMux: { cluster: { instanceId: id, advertiseUrl: base, ...members } },
  });
  const proc = await startCli(config, ['--http', `127.0.0.1:${port}`], {
    MCP_MUX_CLUSTER_KEY: KEY,
    MCP_MUX_TOKENS: TOKENS,
  });
  return { id, base, mcp: `${base}/mcp`, proc };
}

const readyz = async (i: Instance) =>
  (await (await fetch(`${i.base}/readyz`, { headers: auth() })).json()) as {
    cluster?: { storeAvailable: boolean; instances: { id: string; self: boolean }[] };
  };

const forwarded = async (i: Instance, kind: string, method = ''): Promise<number> => {
  const text = await (await fetch(`${i.base}/metrics`, { headers: auth() })).text();
  let sum = 0;
  for (const [, labels, value] of text.matchAll(
    /^mcp_mux_cluster_forwarded_total\{([^}]*)\} (\d+)/gm,
  )) {
    if (!labels?.includes(`kind="${kind}"`) || !labels.includes('outcome="answered"')) continue;
    if (method === '' || labels.includes(`method="${method}"`)) sum += Number(value);
  }
  return sum;
};

/** A fetch that sends the first request to `first` and all others to `rest`. */
function misrouting(first: string, rest: string): typeof fetch {
  let n = 0;
  return (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    return fetch(n++ === 0 ? url : url.replace(first, rest), init);
  };
}

async function legacyClient(init: Instance, rest: Instance, token = 'tok-a') {
  const transport = new StreamableHTTPClientTransport(new URL(init.mcp), {
    requestInit: { headers: auth(token) },
    fetch: misrouting(init.base, rest.base),
  });
  const client = new Client({ name: 'cluster-v1', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport };
}

const post = (i: Instance, headers: Record<string, string>, body: unknown) =>
  fetch(i.mcp, {
    method: 'POST',
    headers: { accept: ACCEPT, 'content-type': 'application/json', ...auth(), ...headers },
    body: JSON.stringify(body),
  });

const PING = { jsonrpc: '2.0', id: 7, method: 'ping' };

describe.skipIf(REDIS_BINARY === undefined)('three instances, one Redis', () => {
  beforeAll(async () => {
    redis = await RedisServer.start();
    for (const id of ['mux-a', 'mux-b', 'mux-c']) instances.push(await startInstance(id));
    for (const i of instances) {
      await until(
        async () => (await readyz(i)).cluster?.instances.length === 3,
        15_000,
        `${i.id} sees 3`,
      );
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.all(instances.map((i) => i.proc.stop()));
    await redis?.kill();
  });

  // A failure here depends on what three processes did: their logs go with it.
  afterEach((context) => {
    if (context.task.result?.state !== 'fail') return;
    for (const i of instances) {
      console.error(`--- ${i.id} (last 4,000 characters)\n${i.proc.output().slice(-4_000)}`);
    }
  });

  it('status shows the cluster, self marked', async () => {
    const [a] = instances as [Instance];
    const view = (await readyz(a)).cluster;
    expect(view?.instances.map((m) => [m.id, m.self])).toEqual([
      ['mux-a', true],
      ['mux-b', false],
      ['mux-c', false],
    ]);
  });

  it('a v1 client whose requests land on another instance: POST, GET stream, DELETE', async () => {
    const [a, b] = instances as [Instance, Instance];
    const before = await forwarded(b, 'session');
    const getsBefore = await forwarded(b, 'session', 'GET');
    const { client, transport } = await legacyClient(a, b);
    expect(transport.sessionId).toMatch(/^1\.mux-a\./);
    const changed = new Promise<void>((resolve) =>
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
    );
    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name)).toContain('churn__churn');
    // The tool changes its upstream's list: the notification comes on the GET stream, which
    // the client opened on mux-b and mux-b streams through from mux-a.
    const result = await client.callTool({ name: 'churn__churn', arguments: {} });
    expect(JSON.stringify(result.content)).toContain('"done\\":2');
    await changed;
    expect(await forwarded(b, 'session')).toBeGreaterThanOrEqual(before + 3);
    const id = transport.sessionId ?? '';
    await transport.terminateSession();
    const after = await post(
      b,
      { 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' },
      PING,
    );
    expect(after.status).toBe(404);
    // The GET stream went through mux-b too, and ended with the session.
    await until(async () => (await forwarded(b, 'session', 'GET')) > getsBefore, 5_000, 'GET');
    await client.close();
  });

  it('a legacy HTTP+SSE client whose POSTs land where its stream is not', async () => {
    const [a, b] = instances as [Instance, Instance];
    const before = await forwarded(b, 'session', 'POST');
    // The stream opens on mux-a; every POST goes to mux-b.
    let posted = '';
    const transport = new SSEClientTransport(new URL(`${a.base}/sse`), {
      requestInit: { headers: auth() },
      eventSourceInit: {
        fetch: (url, init) => fetch(url, { ...init, headers: { ...auth(), ...init?.headers } }),
      },
      fetch: (input, init) => {
        posted = String(input instanceof Request ? input.url : input);
        return fetch(posted.replace(a.base, b.base), init);
      },
    });
    const client = new Client({ name: 'cluster-sse', version: '1.0.0' });
    await client.connect(transport);
    const sessionId = new URL(posted).searchParams.get('sessionId') ?? '';
    expect(sessionId).toMatch(/^1\.mux-a\./);
    const tools = await client.listTools();
    expect(tools.tools.some((t) => t.name.startsWith('ask__'))).toBe(true);
    // initialize, notifications/initialized and tools/list, each through mux-b to mux-a (the
    // count is taken once the hop's answer ended, which may be after the result came back).
    await until(
      async () => (await forwarded(b, 'session', 'POST')) >= before + 3,
      5_000,
      'three POSTs forwarded',
    );
    // Another principal's POST for that session: 404 from the owner, as for an unknown id.
    const stolen = await fetch(`${b.base}/messages?sessionId=${sessionId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth('tok-b') },
      body: JSON.stringify(PING),
    });
    expect(stolen.status).toBe(404);
    await client.close();
  });

  it('a forged or altered session id, or another principal, is 404 without forwarding', async () => {
    const [a, b] = instances as [Instance, Instance];
    const { client, transport } = await legacyClient(a, a);
    const id = transport.sessionId ?? '';
    const before = await forwarded(b, 'session');
    const parts = id.split('.');
    const altered = [parts[0], 'mux-c', parts[2], parts[3]].join('.');
    const headers = { 'mcp-protocol-version': '2025-11-25' };
    for (const [sid, token] of [
      [altered, 'tok-a'],
      [`${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}`, 'tok-a'],
      [id, 'tok-b'],
      [crypto.randomUUID(), 'tok-a'],
    ] as const) {
      const res = await post(b, { ...headers, 'mcp-session-id': sid, ...auth(token) }, PING);
      expect(res.status, sid).toBe(404);
    }
    expect(await forwarded(b, 'session')).toBe(before);
    // The genuine id with its own token still works from mux-b.
    const ok = await post(b, { ...headers, 'mcp-session-id': id }, PING);
    expect(ok.status).toBe(200);
    await client.close();
  });

  it('an internal hop without the key is refused', async () => {
    const [a] = instances as [Instance];
    const forged = `1.mux-b.${Date.now()}.${'x'.repeat(43)}`;
    const res = await post(
      a,
      { 'mcp-mux-hop': forged, 'mcp-protocol-version': '2025-11-25' },
      PING,
    );
    expect(res.status).toBe(403);
    const probe = await fetch(`${a.base}/.mcp-mux/instance`);
    expect(probe.status).toBe(403);
  });

  it('a bridged round whose retry lands on another instance is routed to its owner', async () => {
    const [a, b] = instances as [Instance, Instance];
    const before = await forwarded(b, 'round');
    const client = modernClient(async () => undefined);
    await client.connect(modernTransport(a, b));
    const result = await client.callTool({ name: 'ask__ask_url', arguments: {} });
    expect(JSON.stringify(result.content)).toContain('url: accept');
    expect(await forwarded(b, 'round')).toBe(before + 1);
    await client.close();
  });

  it('Redis killed: forwarding goes on with the last view; Redis back: the registry recovers', async () => {
    const [a, b] = instances as [Instance, Instance];
    await redis.kill();
    await until(async () => (await readyz(a)).cluster?.storeAvailable === false, 5_000, 'down');
    const { client } = await legacyClient(a, b);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
    await redis.restart();
    for (const i of instances) {
      await until(
        async () => {
          const view = (await readyz(i)).cluster;
          return view?.storeAvailable === true && view.instances.length === 3;
        },
        15_000,
        `${i.id} back on Redis`,
      );
    }
  });

  it('owner killed (-9): its session is 404, the client re-initializes elsewhere; its round is -32602', async () => {
    const [a, , c] = instances as [Instance, Instance, Instance];
    // Forwarding needs mux-a's view to name mux-c: after the Redis restart above, wait for it
    // again here so this test does not depend on how long that one waited.
    await until(
      async () => (await readyz(a)).cluster?.instances.some((m) => m.id === 'mux-c') === true,
      15_000,
      'mux-a sees mux-c',
    );
    const { client, transport } = await legacyClient(c, a);
    expect(transport.sessionId).toMatch(/^1\.mux-c\./);
    await client.listTools();
    // A round issued by mux-c; mux-c dies before the client retries on mux-a.
    const modern = modernClient(async () => {
      c.proc.child.kill('SIGKILL');
      await until(() => c.proc.child.signalCode !== null, 5_000, 'mux-c gone');
    });
    await modern.connect(modernTransport(c, a));
    await expect(modern.callTool({ name: 'ask__ask_url', arguments: {} })).rejects.toThrow(
      /issued by an instance that is gone: retry the original request from the start/,
    );
    await expect(client.listTools()).rejects.toThrow(/404|Session not found/);
    const again = await legacyClient(a, a);
    expect(again.transport.sessionId).toMatch(/^1\.mux-a\./);
    expect((await again.client.listTools()).tools.length).toBeGreaterThan(0);
    await again.client.close();
    await modern.close().catch(() => {});
    await client.close().catch(() => {});
  });

  it('a clean shutdown leaves the registry at once; a killed instance expires with its TTL', async () => {
    const [a, b] = instances as [Instance, Instance];
    await b.proc.stop();
    const ids = async () => (await readyz(a)).cluster?.instances.map((m) => m.id) ?? [];
    // One beat (1 s) after b left, well inside the 5 s TTL a silent b would have kept.
    await until(async () => !(await ids()).includes('mux-b'), 2_500, 'mux-b gone');

    await until(async () => (await ids()).join() === 'mux-a', 8_000, 'mux-c expired');
  });
});

/** A v2 client pinned to 2026-07-28 that accepts URL elicitations (after `before`). */
function modernClient(before: () => Promise<void>) {
  const client = new ModernClient(
    { name: 'cluster-v2', version: '1.0.0' },
    {
      versionNegotiation: { mode: { pin: '2026-07-28' } },
      capabilities: { elicitation: { url: {} } },
    },
  );
  client.setRequestHandler('elicitation/create', async () => {
    await before();
    return { action: 'accept' };
  });
  return client;
}

/** Requests to `first`, except retries (they carry a `requestState`), which go to `retry`. */
function modernTransport(first: Instance, retry: Instance) {
  return new ModernTransport(new URL(first.mcp), {
    requestInit: { headers: auth() },
    fetch: (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      const body = typeof init?.body === 'string' ? init.body : '';
      return fetch(
        body.includes('"requestState"') ? url.replace(first.base, retry.base) : url,
        init,
      );
    },
  });
}

describe('two instances with static peers, no Redis', () => {
  const pair: Instance[] = [];

  beforeAll(async () => {
    const ports = [await freePort(), await freePort()];
    const urls = ports.map((p) => `http://127.0.0.1:${p}`);
    pair.push(await startInstance('peer-a', ports[0], [urls[1] ?? '']));
    pair.push(await startInstance('peer-b', ports[1], [urls[0] ?? '']));
    for (const i of pair) {
      await until(async () => (await readyz(i)).cluster?.instances.length === 2, 15_000, i.id);
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.all(pair.map((i) => i.proc.stop()));
  });

  it('peers find each other by a signed probe, and a misrouted session is forwarded', async () => {
    const [a, b] = pair as [Instance, Instance];
    const view = (await readyz(a)).cluster as unknown as {
      store: string;
      instances: { source: string }[];
    };
    expect(view.store).toBe('memory');
    expect(view.instances.map((m) => m.source)).toEqual(['self', 'peers']);
    const { client } = await legacyClient(a, b);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    expect(await forwarded(b, 'session')).toBeGreaterThan(0);
    await client.close();
  });
});
