/**
 * The modern (2026-07-28) request path of a downstream connection, in process: a raw client
 * `Connection` that never sends `initialize`, a real `Router` over fake upstreams.
 */
import { lastValueFrom, toArray } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Principal } from '../../../core/auth/index.js';
import { RpcError } from '../../../core/errors/errors.js';
import { Connection } from '../../../core/rpc/connection.js';
import type { JsonObject, JsonRpcNotification } from '../../../core/rpc/jsonrpc.js';
import { createMemoryPair } from '../../../transports/memory.js';
import { FakeUpstreams, startRouter, until } from '../inProcess.js';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'modern-test', version: '1' },
};

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0)) await step();
});

async function setup(tools?: string[]) {
  const fakes = new FakeUpstreams(tools ? { tools } : {});
  const { router } = await startRouter({ a: { command: 'x' } }, { fakes });
  const [clientEnd, routerEnd] = createMemoryPair();
  router.connect(routerEnd);
  const notifications: JsonRpcNotification[] = [];
  const client = new Connection(clientEnd, {
    handlers: { notification: (n) => notifications.push(n) },
  });
  cleanup.push(async () => {
    await client.close();
    await router.close();
  });
  return { router, fakes, client, notifications };
}

async function call(client: Connection, method: string, params: JsonObject = {}) {
  const events = await lastValueFrom(
    client
      .request$(method, { ...params, _meta: { ...META, ...(params._meta as object) } })
      .pipe(toArray()),
  );
  const last = events.at(-1);
  if (last?.kind !== 'result') throw new Error('no result');
  return last.result;
}

async function failure(promise: Promise<unknown>): Promise<RpcError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof RpcError)) throw new Error(`expected an RpcError, got ${String(error)}`);
  return error;
}

describe('modern requests on a connection that never initialized', () => {
  it('answers server/discover with versions, merged capabilities, serverInfo and caching hints', async () => {
    const { client } = await setup();
    const result = await call(client, 'server/discover');
    expect(result).toMatchObject({
      resultType: 'complete',
      supportedVersions: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'],
      capabilities: { tools: { listChanged: true } },
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'mcp-mux' } },
      ttlMs: 0,
      cacheScope: 'public',
    });
  });

  it('decorates routed results with resultType, and lists with ttlMs/cacheScope', async () => {
    const { client } = await setup();
    const list = await call(client, 'tools/list');
    expect(list).toMatchObject({ resultType: 'complete', ttlMs: 0, cacheScope: 'public' });
    expect((list.tools as { name: string }[]).map((t) => t.name)).toContain('a__echo');
    const called = await call(client, 'tools/call', { name: 'a__echo', arguments: { x: 1 } });
    expect(called.resultType).toBe('complete');
    expect(called).not.toHaveProperty('ttlMs');
  });

  it('forwards trace context and vendor _meta keys but not the modern context keys', async () => {
    const { client, fakes } = await setup();
    await call(client, 'tools/call', {
      name: 'a__echo',
      arguments: {},
      _meta: { traceparent: 'tp', tracestate: 'ts', baggage: 'b', 'com.example/x': 1 },
    });
    expect(fakes.latest('a').metas.at(-1)).toEqual({
      traceparent: 'tp',
      tracestate: 'ts',
      baggage: 'b',
      'com.example/x': 1,
    });
  });

  it('answers -32601 for the methods the modern era removed', async () => {
    const { client } = await setup();
    for (const method of [
      'ping',
      'logging/setLevel',
      'resources/subscribe',
      'resources/unsubscribe',
      'initialize',
      'no/such',
    ]) {
      const error = await failure(call(client, method, { level: 'info', uri: 'x' }));
      expect([method, error.code]).toEqual([method, -32601]);
    }
  });

  it('answers -32602 for a missing required _meta key and -32022 for an unsupported version', async () => {
    const { client } = await setup();
    const missing = await failure(
      lastValueFrom(
        client.request$('tools/list', {
          _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' },
        }),
      ),
    );
    expect(missing.code).toBe(-32602);
    expect(missing.message).toContain('clientCapabilities');
    const discoverBare = await failure(lastValueFrom(client.request$('server/discover', {})));
    expect(discoverBare.code).toBe(-32602);
    const unsupported = await failure(
      lastValueFrom(
        client.request$('tools/list', {
          _meta: { ...META, 'io.modelcontextprotocol/protocolVersion': '1900-01-01' },
        }),
      ),
    );
    expect(unsupported.code).toBe(-32022);
    expect(unsupported.data).toEqual({ supported: ['2026-07-28'], requested: '1900-01-01' });
  });

  it('keeps serving legacy initialize on the same connection (chosen per message)', async () => {
    const { client } = await setup();
    await call(client, 'tools/list');
    const init = await lastValueFrom(
      client.request$('initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'legacy', version: '1' },
      }),
    );
    expect(init.kind === 'result' && init.result.protocolVersion).toBe('2025-11-25');
  });

  it('cancels upstream when the client sends notifications/cancelled', async () => {
    const { client, fakes } = await setup();
    const controller = new AbortController();
    const pending = lastValueFrom(
      client.request$(
        'tools/call',
        { name: 'a__hang', arguments: {}, _meta: META },
        { signal: controller.signal },
      ),
    ).catch(() => undefined);
    await until(() => fakes.latest('a').seen.get('tools/call') === 1);
    controller.abort();
    await pending;
    expect(await until(() => fakes.latest('a').cancelled.length === 1)).toBe(true);
  });
});

describe('subscriptions/listen over one connection', () => {
  async function listen(client: Connection, notifications: JsonObject, signal?: AbortSignal) {
    return client
      .request$('subscriptions/listen', { notifications, _meta: META }, signal ? { signal } : {})
      .subscribe({ error: () => {} });
  }

  const ofListen = (notifications: JsonRpcNotification[], id: unknown) =>
    notifications.filter(
      (n) =>
        (n.params?._meta as JsonObject | undefined)?.['io.modelcontextprotocol/subscriptionId'] ===
        id,
    );

  it('acknowledges the honoured subset first, then tags list changes with its id', async () => {
    const tools = ['echo', 'hang'];
    const { client, fakes, notifications, router } = await setup(tools);
    await listen(client, { toolsListChanged: true, promptsListChanged: true });
    await until(() => notifications.length === 1);
    // Request ids of a fresh connection start at 0.
    expect(notifications[0]).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: {
        notifications: { toolsListChanged: true },
        _meta: { 'io.modelcontextprotocol/subscriptionId': 0 },
      },
    });
    tools.push('slow');
    fakes.latest('a').connection.notify('notifications/tools/list_changed');
    expect(await until(() => notifications.length === 2)).toBe(true);
    expect(notifications[1]?.method).toBe('notifications/tools/list_changed');
    expect(ofListen(notifications, 0)).toHaveLength(2);
    expect(router.catalog.list('tools').map((t) => t.name)).toContain('a__slow');
  });

  it('ends on notifications/cancelled: no more notifications for it', async () => {
    const tools = ['echo'];
    const { client, fakes, notifications } = await setup(tools);
    const controller = new AbortController();
    await listen(client, { toolsListChanged: true }, controller.signal); // id 0
    await until(() => notifications.length === 1);
    controller.abort();
    await listen(client, { toolsListChanged: true }); // id 1: still open, the witness
    await until(() => notifications.length === 2);
    tools.push('slow');
    fakes.latest('a').connection.notify('notifications/tools/list_changed');
    expect(await until(() => ofListen(notifications, 1).length === 2)).toBe(true);
    expect(ofListen(notifications, 0).map((n) => n.method)).toEqual([
      'notifications/subscriptions/acknowledged',
    ]);
  });

  it('answers the listen with its completion result when the router shuts down', async () => {
    const { client, notifications, router } = await setup();
    const results: JsonObject[] = [];
    client
      .request$('subscriptions/listen', { notifications: { toolsListChanged: true }, _meta: META })
      .subscribe({
        next: (event) => {
          if (event.kind === 'result') results.push(event.result);
        },
        error: () => {},
      });
    await until(() => notifications.length === 1);
    await router.close();
    expect(await until(() => results.length === 1)).toBe(true);
    expect(results[0]).toEqual({
      resultType: 'complete',
      _meta: { 'io.modelcontextprotocol/subscriptionId': 0 },
    });
  });

  it('refuses a listen without a notifications filter with -32602', async () => {
    const { client } = await setup();
    const error = await failure(
      lastValueFrom(client.request$('subscriptions/listen', { _meta: META })),
    );
    expect(error.code).toBe(-32602);
    expect(error.message).toBe('subscriptions/listen: params.notifications must be an object');
  });

  it('gets no list change caused only by an upstream its principal may not use', async () => {
    // Both upstreams serve this list: a change really changes the catalog (only those notify).
    const tools = ['echo'];
    const { router, fakes } = await startRouter(
      { a: { command: 'x' }, b: { command: 'x' } },
      {
        fakes: new FakeUpstreams({ tools }),
        mcpMux: {
          access: [
            { principals: ['token:alice'], upstreams: ['a', 'b'] },
            { principals: ['token:bob'], upstreams: ['b'] },
          ],
        },
      },
    );
    const open = async (name: string) => {
      const [clientEnd, routerEnd] = createMemoryPair();
      const principal: Principal = { id: `token:${name}`, tokenName: name, scopes: [] };
      (routerEnd as { principal: Principal | undefined }).principal = principal;
      router.connect(routerEnd);
      const notifications: JsonRpcNotification[] = [];
      const client = new Connection(clientEnd, {
        handlers: { notification: (n) => notifications.push(n) },
      });
      cleanup.push(() => client.close());
      await listen(client, { toolsListChanged: true });
      await until(() => notifications.length === 1);
      return notifications;
    };
    cleanup.push(() => router.close());
    const alice = await open('alice');
    const bob = await open('bob');
    tools.push('slow');
    fakes.latest('a').connection.notify('notifications/tools/list_changed');
    // Alice got the change of `a`: the flush that would have reached Bob is over.
    expect(await until(() => alice.length === 2)).toBe(true);
    fakes.latest('b').connection.notify('notifications/tools/list_changed');
    expect(await until(() => alice.length === 3 && bob.length === 2)).toBe(true);
    expect(bob.map((n) => n.method)).toEqual([
      'notifications/subscriptions/acknowledged',
      'notifications/tools/list_changed',
    ]);
  });
});
