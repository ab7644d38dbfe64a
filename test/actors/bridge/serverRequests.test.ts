/**
 * Server-initiated requests through a real Router on in-memory transports: the upstream is a
 * hand-driven `Connection` (so the test decides when it sends what), the clients are
 * `Connection`s too. Covers what the integration tests cannot see: `relatedRequestId` on the
 * router's send, the cancellation chain, errors when no session can take a request, the
 * catalog connection of an isolated upstream, the access rules (a session whose principal may
 * not use an upstream never gets its requests), and leaks.
 */
import {
  filter,
  firstValueFrom,
  lastValueFrom,
  map,
  type Observable,
  of,
  Observable as Rx,
} from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from '../../../actors/router/router.js';
import type { Principal } from '../../../core/auth/index.js';
import { parseConfig } from '../../../core/config/config.js';
import { RpcError } from '../../../core/errors/errors.js';
import { Connection, type InboundEvent } from '../../../core/rpc/connection.js';
import type { JsonObject, JsonRpcId, JsonRpcRequest } from '../../../core/rpc/jsonrpc.js';
import type { SendOptions } from '../../../core/rpc/transport.js';
import { createMemoryPair } from '../../../transports/memory.js';

const result = (value: JsonObject): Observable<InboundEvent> =>
  of({ kind: 'result', result: value });

/** A fake upstream: answers the handshake and lists; `ask` sends `arguments.method` to the client. */
function fakeUpstream(connectionEnd: ReturnType<typeof createMemoryPair>[1]) {
  const notifications: string[] = [];
  const initialize: JsonObject[] = [];
  const server: Connection = new Connection(connectionEnd, {
    handlers: {
      request: (request: JsonRpcRequest) => {
        const params = request.params ?? {};
        switch (request.method) {
          case 'initialize':
            initialize.push(params);
            return result({
              protocolVersion: params.protocolVersion as string,
              capabilities: { tools: {} },
              serverInfo: { name: 'fake', version: '1' },
            });
          case 'tools/list':
            return result({ tools: [{ name: 'ask', inputSchema: { type: 'object' } }] });
          case 'tools/call': {
            const args = (params.arguments ?? {}) as JsonObject;
            return server
              .request$(String(args.method), (args.params as JsonObject | undefined) ?? {})
              .pipe(
                filter((e) => e.kind === 'result'),
                map((e) => ({
                  kind: 'result' as const,
                  result: { content: [{ type: 'text', text: JSON.stringify(e.result) }] },
                })),
              );
          }
          default:
            throw new RpcError(-32601, `fake: ${request.method}`);
        }
      },
      notification: (n) => notifications.push(n.method),
    },
  });
  return { server, notifications, initialize };
}

interface TestClient {
  connection: Connection;
  /** What the router sent to this client, with the transport options it gave. */
  received: { message: JsonObject; options: SendOptions | undefined }[];
  close: () => Promise<void>;
}

async function connectClient(
  router: Router,
  capabilities: JsonObject,
  onRequest: (request: JsonRpcRequest) => Observable<InboundEvent>,
  principal?: Principal,
): Promise<TestClient> {
  const [clientEnd, routerEnd] = createMemoryPair();
  (routerEnd as { principal: Principal | undefined }).principal = principal;
  const received: TestClient['received'] = [];
  const send = routerEnd.send.bind(routerEnd);
  routerEnd.send = (message: unknown, options?: SendOptions) => {
    received.push({ message: message as JsonObject, options });
    send(message, options);
  };
  router.connect(routerEnd);
  const connection = new Connection(clientEnd, { handlers: { request: onRequest } });
  await lastValueFrom(
    connection.request$('initialize', {
      protocolVersion: '2025-11-25',
      capabilities,
      clientInfo: { name: 'test', version: '1' },
    }),
  );
  connection.notify('notifications/initialized');
  return { connection, received, close: () => connection.close() };
}

const answer = (text: string) => () =>
  result({ role: 'assistant', content: { type: 'text', text }, model: 'm' });

const call$ = (client: TestClient, method: string, params: JsonObject = {}, tool = 'up__ask') =>
  client.connection.request$('tools/call', {
    name: tool,
    arguments: { method, params },
  });

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
}

describe('server-initiated requests through the router', () => {
  let router: Router;
  const upstreams: { name: string; fake: ReturnType<typeof fakeUpstream> }[] = [];

  const start = async (servers: Record<string, JsonObject>, mcpMux: JsonObject = {}) => {
    upstreams.length = 0;
    router = new Router(parseConfig({ mcpServers: servers, mcpMux }), {
      openTransport: async (config) => {
        const [routerEnd, upstreamEnd] = createMemoryPair();
        upstreams.push({ name: config.name, fake: fakeUpstream(upstreamEnd) });
        return routerEnd;
      },
    });
    await router.start();
  };

  afterEach(async () => {
    await router?.close();
  });

  it('sends the request with relatedRequestId = the client request that caused it', async () => {
    await start({ up: { command: 'fake' } });
    const client = await connectClient(router, { sampling: {} }, answer('hi'));
    const outcome = await firstValueFrom(call$(client, 'sampling/createMessage'));
    expect(JSON.stringify(outcome)).toContain('hi');
    const sampling = client.received.find((r) => r.message.method === 'sampling/createMessage');
    // The client's ids: initialize = 0, tools/call = 1.
    expect(sampling?.options?.relatedRequestId).toBe(1 satisfies JsonRpcId);
    expect(router.stats().inflight).toBe(0);
  });

  it('cancels the client request when the upstream cancels its own', async () => {
    await start({ up: { command: 'fake' } });
    let unsubscribed = 0;
    const client = await connectClient(
      router,
      { sampling: {} },
      () => new Rx<InboundEvent>(() => () => void unsubscribed++),
    );
    const controller = new AbortController();
    const pending = lastValueFrom(
      client.connection.request$(
        'tools/call',
        { name: 'up__ask', arguments: { method: 'sampling/createMessage', params: {} } },
        { signal: controller.signal },
      ),
    ).catch((e: unknown) => e);
    await until(() => client.received.some((r) => r.message.method === 'sampling/createMessage'));
    // Client cancels tools/call → router cancels upstream tools/call → the upstream drops its
    // sampling request (notifications/cancelled) → the router cancels the client's copy.
    controller.abort();
    await pending;
    await until(() => unsubscribed === 1);
    expect(
      client.received.some(
        (r) =>
          r.message.method === 'notifications/cancelled' &&
          (r.message.params as JsonObject).requestId !== undefined,
      ),
    ).toBe(true);
    await until(() => router.stats().inflight === 0);
    const [session] = router.sessions;
    expect(session?.connection.stats()).toEqual({ outbound: 0, inbound: 0 });
  });

  it('answers the upstream with an error when no session can take the request', async () => {
    await start({ up: { command: 'fake' } });
    const upstream = upstreams[0]?.fake.server as Connection;
    const sample = () =>
      lastValueFrom(upstream.request$('sampling/createMessage', { messages: [] })).catch(
        (e: unknown) => e,
      );
    const none = await sample();
    expect(none).toMatchObject({ code: -32601 });
    expect((none as Error).message).toContain('no client session is active');
    // A session that did not declare sampling is active: still -32601, with the reason.
    const client = await connectClient(router, { roots: {} }, answer('x'));
    await lastValueFrom(call$(client, 'ping')).catch(() => {}); // makes the session active
    const gap = await sample();
    expect(gap).toMatchObject({ code: -32601 });
    expect((gap as Error).message).toContain('"sampling" capability');
  });

  it('answers a shared upstream’s roots/list from the config, never from a client', async () => {
    await start({
      up: { command: 'fake', roots: ['/srv/shared', { uri: 'file:///data', name: 'data' }] },
      bare: { command: 'fake' },
    });
    const client = await connectClient(router, { roots: { listChanged: true } }, answer('x'));
    await lastValueFrom(call$(client, 'ping')).catch(() => {}); // makes the session active
    const of = (name: string) => upstreams.find((u) => u.name === name)?.fake.server as Connection;
    const roots = await lastValueFrom(of('up').request$('roots/list'));
    expect(roots).toMatchObject({
      kind: 'result',
      result: { roots: [{ uri: 'file:///srv/shared' }, { uri: 'file:///data', name: 'data' }] },
    });
    const none = await lastValueFrom(of('bare').request$('roots/list'));
    expect(none).toMatchObject({ kind: 'result', result: { roots: [] } });
    expect(client.received.some((r) => r.message.method === 'roots/list')).toBe(false);
  });

  it('fails the upstream request at once when the client session closes', async () => {
    await start({ up: { command: 'fake' } });
    const client = await connectClient(router, { sampling: {} }, () => new Rx<InboundEvent>());
    await lastValueFrom(call$(client, 'ping')).catch(() => {}); // makes the session active
    const upstream = upstreams[0]?.fake.server as Connection;
    const pending = lastValueFrom(
      upstream.request$('sampling/createMessage', { messages: [] }),
    ).catch((e: unknown) => e);
    await until(() => client.received.some((r) => r.message.method === 'sampling/createMessage'));
    await client.close();
    const error = await pending;
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toMatchObject({ code: -32012 });
    expect((error as Error).message).toContain('closed before answering sampling/createMessage');
    await until(() => router.stats().sessionsSeen === 0);
  });

  it('sends elicitation/complete only to the session that saw the elicitation', async () => {
    await start({ up: { command: 'fake' } });
    const caps = { elicitation: { form: {}, url: {} } };
    const a = await connectClient(router, caps, () => result({ action: 'accept' }));
    const b = await connectClient(router, caps, () => result({ action: 'accept' }));
    await firstValueFrom(
      call$(a, 'elicitation/create', {
        mode: 'url',
        elicitationId: 'e-1',
        url: 'https://example.com',
        message: 'm',
      }),
    );
    await firstValueFrom(call$(b, 'ping')).catch(() => {}); // B is the most recently active
    const upstream = upstreams[0]?.fake.server as Connection;
    upstream.notify('notifications/elicitation/complete', { elicitationId: 'e-1' });
    upstream.notify('notifications/elicitation/complete', { elicitationId: 'unknown' });
    const completes = (c: TestClient) =>
      c.received
        .filter((r) => r.message.method === 'notifications/elicitation/complete')
        .map((r) => (r.message.params as JsonObject).elicitationId);
    await until(() => completes(a).length === 1);
    expect(completes(a)).toEqual(['e-1']);
    expect(completes(b)).toEqual([]);
  });

  it('refuses server requests on the catalog connection of an isolated upstream', async () => {
    await start({ iso: { command: 'fake', sessionMode: 'isolated' } });
    await connectClient(router, { sampling: {} }, answer('x'));
    const template = upstreams[0]?.fake.server as Connection;
    const refused = await lastValueFrom(
      template.request$('sampling/createMessage', { messages: [], maxTokens: 1 }),
    ).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: -32601 });
    expect((refused as Error).message).toContain('catalog connection');
  });

  it('routes an isolated connection’s request to its session and mirrors the capabilities', async () => {
    await start({ iso: { command: 'fake', sessionMode: 'isolated' } });
    const a = await connectClient(router, { sampling: {} }, answer('from a'));
    const b = await connectClient(router, { sampling: {} }, answer('from b'));
    const [ra, rb] = await Promise.all([
      firstValueFrom(call$(a, 'sampling/createMessage', {}, 'iso__ask')),
      firstValueFrom(call$(b, 'sampling/createMessage', {}, 'iso__ask')),
    ]);
    expect(JSON.stringify(ra)).toContain('from a');
    expect(JSON.stringify(rb)).toContain('from b');
    expect(upstreams.map((u) => u.name)).toEqual(['iso', 'iso', 'iso']);
    expect(upstreams[0]?.fake.initialize[0]?.capabilities).toEqual({
      roots: { listChanged: true },
      sampling: {},
      elicitation: { form: {}, url: {} },
    });
    expect(upstreams[1]?.fake.initialize[0]).toEqual({
      protocolVersion: '2025-11-25',
      capabilities: { sampling: {} },
      clientInfo: { name: 'test', version: '1' },
    });
    expect(router.stats().isolatedSessions).toBe(2);
    await a.close();
    await until(() => router.stats().isolatedSessions === 1);
  });

  describe('with access rules (alice: a and b; bob: b only)', () => {
    const alice: Principal = { id: 'token:alice', tokenName: 'alice', scopes: [] };
    const bob: Principal = { id: 'token:bob', tokenName: 'bob', scopes: [] };
    const access = {
      access: [
        { principals: ['token:alice'], upstreams: ['a', 'b', 'iso'] },
        { principals: ['token:bob'], upstreams: ['b'] },
      ],
    };
    const asked = (client: TestClient) =>
      client.received.filter((r) => r.message.method === 'sampling/createMessage');

    it('never chooses a session that may not use the upstream, even the most recently active', async () => {
      await start({ a: { command: 'fake' }, b: { command: 'fake' } }, access);
      const a = upstreams.find((u) => u.name === 'a')?.fake.server as Connection;
      const sample = () =>
        lastValueFrom(a.request$('sampling/createMessage', { messages: [] })).catch(
          (e: unknown) => e,
        );
      const b = await connectClient(router, { sampling: {} }, answer('bob'), bob);
      await lastValueFrom(call$(b, 'ping', {}, 'b__ask')).catch(() => {});
      const none = await sample();
      expect(none).toMatchObject({ code: -32601 });
      expect((none as Error).message).toContain('no client session is active');
      const al = await connectClient(router, { sampling: {} }, answer('alice'), alice);
      await lastValueFrom(call$(al, 'ping', {}, 'b__ask')).catch(() => {});
      await lastValueFrom(call$(b, 'ping', {}, 'b__ask')).catch(() => {}); // bob: latest active
      expect(JSON.stringify(await sample())).toContain('alice');
      expect(asked(b)).toEqual([]);
      expect(asked(al)).toHaveLength(1);
    });

    it('opens no isolated connection for a session that may not use the upstream', async () => {
      await start({ iso: { command: 'fake', sessionMode: 'isolated' } }, access);
      const b = await connectClient(router, { sampling: {} }, answer('bob'), bob);
      const al = await connectClient(router, { sampling: {} }, answer('alice'), alice);
      await until(() => router.stats().isolatedSessions === 1);
      expect(upstreams.map((u) => u.name)).toEqual(['iso', 'iso']);
      expect(
        JSON.stringify(await firstValueFrom(call$(al, 'sampling/createMessage', {}, 'iso__ask'))),
      ).toContain('alice');
      expect(asked(b)).toEqual([]);
    });
  });
});
