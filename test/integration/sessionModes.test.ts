/**
 * Session modes with two clients on one router (HTTP facade, real upstream processes):
 * isolated upstreams give each session its own connection (own state, mirrored capabilities
 * and clientInfo, server-initiated requests to exactly that session, closed with the session);
 * shared upstreams send a server-initiated request to the session whose request caused it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ALL_FEATURES, eventually, textOf } from './clientFeatures.js';
import { everything, fixture } from './harness.js';
import {
  connectHttpClient,
  type HttpClient,
  type HttpRouter,
  startHttpRouter,
} from './httpRouter.js';

const json = (result: unknown) => JSON.parse(textOf(result));
const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const settle = <T>(promise: Promise<T>) => promise.catch((e: unknown) => e);

describe('isolated upstreams', () => {
  let mux: HttpRouter;
  let a: HttpClient;
  let b: HttpClient;

  beforeAll(async () => {
    mux = await startHttpRouter({
      mcpServers: {
        iso: fixture('sessionServer', { sessionMode: 'isolated' }),
        sh: fixture('sessionServer'),
      },
    });
    a = await connectHttpClient(mux.facade.url, 'A', ALL_FEATURES);
    b = await connectHttpClient(mux.facade.url, 'B', { sampling: {} });
  }, 60_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await mux?.close();
  });

  it('lists the catalog of an isolated upstream, and opens each session’s own connection once it has initialized', async () => {
    const names = (await a.client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('iso__increment');
    // Opened at `notifications/initialized`, before any call (its roots/list reaches the client).
    expect(mux.router.stats().isolatedSessions).toBe(2);
  });

  it('gives each session its own connection and state; shared state is common', async () => {
    expect(json(await a.client.callTool({ name: 'iso__increment' })).counter).toBe(1);
    expect(json(await a.client.callTool({ name: 'iso__increment' })).counter).toBe(2);
    expect(json(await b.client.callTool({ name: 'iso__increment' })).counter).toBe(1);
    expect(json(await a.client.callTool({ name: 'iso__increment' })).counter).toBe(3);
    const shared1 = json(await a.client.callTool({ name: 'sh__increment' }));
    const shared2 = json(await b.client.callTool({ name: 'sh__increment' }));
    expect(shared2.counter).toBe(shared1.counter + 1);
    expect(shared2.pid).toBe(shared1.pid);
    expect(mux.router.stats().isolatedSessions).toBe(2);
  });

  it('mirrors the session capabilities and clientInfo exactly', async () => {
    const whoA = json(await a.client.callTool({ name: 'iso__whoami' }));
    const whoB = json(await b.client.callTool({ name: 'iso__whoami' }));
    expect(whoA.capabilities).toEqual(ALL_FEATURES);
    expect(whoA.clientInfo).toEqual({ name: 'client-A', version: '2.0.0' });
    expect(whoB.capabilities).toEqual({ sampling: {} });
    expect(whoB.clientInfo).toEqual({ name: 'client-B', version: '2.0.0' });
    expect(whoA.pid).not.toBe(whoB.pid);
    // The shared connection shows the router itself.
    const shared = json(await a.client.callTool({ name: 'sh__whoami' }));
    expect(shared.clientInfo.name).toBe('mcp-mux');
  });

  it('sends server-initiated requests to exactly their session, even concurrently', async () => {
    const before = { a: a.seen.sampling.length, b: b.seen.sampling.length };
    const [ra, rb] = await Promise.all([
      a.client.callTool({ name: 'iso__sample', arguments: { text: 'from A', delayMs: 200 } }),
      b.client.callTool({ name: 'iso__sample', arguments: { text: 'from B', delayMs: 200 } }),
    ]);
    expect(json(ra).answer).toBe('answer from A');
    expect(json(rb).answer).toBe('answer from B');
    expect(a.seen.sampling.slice(before.a).map((s) => s.text)).toEqual(['from A']);
    expect(b.seen.sampling.slice(before.b).map((s) => s.text)).toEqual(['from B']);
  });

  it('refuses what the session did not declare on its own connection', async () => {
    const error = (await settle(b.client.callTool({ name: 'iso__roots' }))) as { code?: number };
    expect(error.code).toBe(-32601);
  });

  it('sends a roots change to the session’s isolated connection', async () => {
    expect(json(await a.client.callTool({ name: 'iso__roots-changes' })).rootsChanges).toBe(0);
    await a.client.sendRootsListChanged();
    await eventually(async () =>
      json(await a.client.callTool({ name: 'iso__roots-changes' })).rootsChanges === 1
        ? true
        : undefined,
    );
  });

  it('closes the isolated connection when its session closes', async () => {
    const pid = json(await b.client.callTool({ name: 'iso__whoami' })).pid as number;
    expect(alive(pid)).toBe(true);
    await b.close();
    await eventually(() => (alive(pid) ? undefined : true));
    await eventually(() => (mux.router.stats().isolatedSessions === 1 ? true : undefined));
    // Its usage entry goes too: nothing about a closed session is kept.
    await eventually(() => (mux.router.stats().sessionsSeen === 1 ? true : undefined));
  });
});

describe('shared upstreams: a server-initiated request goes to the session that caused it', () => {
  let mux: HttpRouter;
  let a: HttpClient;
  let b: HttpClient;

  beforeAll(async () => {
    mux = await startHttpRouter({
      mcpServers: { a: everything(), sh: fixture('sessionServer') },
    });
    a = await connectHttpClient(mux.facade.url, 'A', ALL_FEATURES);
    b = await connectHttpClient(mux.facade.url, 'B', ALL_FEATURES);
  }, 60_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await mux?.close();
  });

  afterEach(() => {
    // Nothing stays marked in flight once every call has settled.
    expect(mux.router.stats().inflight).toBe(0);
  });

  it('each client gets its own sampling request and the result holds its own answer', async () => {
    const ra = await a.client.callTool({
      name: 'a__trigger-sampling-request',
      arguments: { prompt: 'prompt of A' },
    });
    const rb = await b.client.callTool({
      name: 'a__trigger-sampling-request',
      arguments: { prompt: 'prompt of B' },
    });
    expect(textOf(ra)).toContain('answer from A');
    expect(textOf(rb)).toContain('answer from B');
    expect(a.seen.sampling.map((s) => s.text).join()).toContain('prompt of A');
    expect(a.seen.sampling.map((s) => s.text).join()).not.toContain('prompt of B');
    expect(b.seen.sampling.map((s) => s.text).join()).toContain('prompt of B');
    expect(b.seen.sampling.map((s) => s.text).join()).not.toContain('prompt of A');
  });

  it('the only session with a request in flight wins over a more recently active one', async () => {
    const before = b.seen.sampling.length;
    const call = a.client.callTool({
      name: 'sh__sample',
      arguments: { text: 'delayed A', delayMs: 400 },
    });
    await new Promise((r) => setTimeout(r, 100));
    await b.client.callTool({ name: 'sh__increment' }); // B is now the most recently active
    expect(json(await call).answer).toBe('answer from A');
    expect(b.seen.sampling.length).toBe(before);
  });

  it('with several sessions in flight, the most recent one that can take it', async () => {
    // A's long call is in flight when B calls: B's request is the most recent.
    const long = a.client.callTool({
      name: 'a__trigger-long-running-operation',
      arguments: { duration: 1, steps: 1 },
    });
    await new Promise((r) => setTimeout(r, 100));
    const rb = await b.client.callTool({
      name: 'a__trigger-sampling-request',
      arguments: { prompt: 'while A waits' },
    });
    expect(textOf(rb)).toContain('answer from B');
    expect(a.seen.sampling.map((s) => s.text).join()).not.toContain('while A waits');
    await long;
  });

  it('skips a more recent in-flight session that cannot take the request', async () => {
    const c = await connectHttpClient(mux.facade.url, 'C', {});
    try {
      const call = a.client.callTool({
        name: 'sh__sample',
        arguments: { text: 'A despite C', delayMs: 400 },
      });
      await new Promise((r) => setTimeout(r, 100));
      const sleeping = c.client.callTool({ name: 'sh__sleep', arguments: { ms: 1000 } });
      expect(json(await call).answer).toBe('answer from A');
      await sleeping;
    } finally {
      await c.close();
    }
  });
});
