/**
 * What one `subscriptions/listen` may ask, and what it costs, on a real `Router` over fake
 * upstreams (in process): URIs per listen (`maxListenUris`, -32602 naming the limit), listens
 * per principal across connections (`maxListensPerPrincipal`, -31003) while other principals
 * and other requests are still served; URIs deduplicated, resolved in slices that let other
 * requests through, subscribed a few at a time; a listen's end releases exactly what it holds.
 */
import { asyncScheduler, lastValueFrom, type Subscription, toArray } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { Listens, SUBSCRIBE_CONCURRENCY } from '../../../actors/downstream/statelessListen.js';
import type { Router } from '../../../actors/router/router.js';
import { RpcError } from '../../../core/errors/errors.js';
import { silentLogger } from '../../../core/log/log.js';
import { Connection } from '../../../core/rpc/connection.js';
import type { JsonObject, JsonRpcNotification } from '../../../core/rpc/jsonrpc.js';
import { createMemoryPair } from '../../../transports/memory.js';
import { FakeUpstreams, startRouter, until } from '../inProcess.js';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0)) await step();
});

async function setup(mcpMux: JsonObject = {}, subscribeDelayMs = 0) {
  const fakes = new FakeUpstreams({ resources: { subscribeDelayMs } });
  const { router } = await startRouter({ a: { command: 'x' } }, { fakes, mcpMux });
  cleanup.push(() => router.close());
  return { router, fakes };
}

/** A modern client connection; `principal` as an authenticating listener would set it. */
function connect(router: Router, principal?: string) {
  const [clientEnd, routerEnd] = createMemoryPair();
  if (principal) {
    Object.defineProperty(routerEnd, 'principal', { value: { id: principal, scopes: [] } });
  }
  router.connect(routerEnd);
  const notifications: JsonRpcNotification[] = [];
  const client = new Connection(clientEnd, {
    handlers: { notification: (n) => notifications.push(n) },
  });
  cleanup.push(() => client.close());
  return { client, notifications };
}

/** Opens a listen; resolves with its subscription (unsubscribe = end it) or its error. */
function listen(client: Connection, notifications: JsonObject) {
  let error: RpcError | undefined;
  const subscription: Subscription = client
    .request$('subscriptions/listen', { notifications, _meta: META })
    .subscribe({
      error: (e: unknown) => {
        error = e as RpcError;
      },
    });
  return { subscription, error: () => error };
}

const acknowledgments = (notifications: JsonRpcNotification[]) =>
  notifications.filter((n) => n.method === 'notifications/subscriptions/acknowledged');

const toolsList = (client: Connection) =>
  lastValueFrom(client.request$('tools/list', { _meta: META }).pipe(toArray()));

const uris = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => `a://item/${from + i}`);

describe('subscriptions/listen bounds', () => {
  it('refuses more URIs than maxListenUris with -32602 naming the limit; the router keeps answering', async () => {
    const { router, fakes } = await setup({ maxListenUris: 5 });
    const { client, notifications } = connect(router);
    const refused = listen(client, { resourceSubscriptions: uris(6) });
    await until(() => refused.error() !== undefined);
    expect(refused.error()).toBeInstanceOf(RpcError);
    expect(refused.error()?.code).toBe(-32602);
    expect(refused.error()?.message).toMatch(/6 resourceSubscriptions.*5.*mcpMux\.maxListenUris/);
    expect(refused.error()?.data).toEqual({ limit: 'maxListenUris', max: 5, count: 6 });
    expect(fakes.latest('a').seen.get('resources/subscribe')).toBeUndefined();
    // The same connection and others are still served; exactly the bound is accepted.
    expect((await toolsList(client)).at(-1)?.kind).toBe('result');
    listen(client, { resourceSubscriptions: uris(5) });
    expect(await until(() => acknowledgments(notifications).length === 1)).toBe(true);
    expect(acknowledgments(notifications)[0]?.params?.notifications).toEqual({
      resourceSubscriptions: uris(5),
    });
    expect(router.stats().listens).toBe(1);
  });

  it('refuses listens past maxListensPerPrincipal with -31003, across connections; another principal still listens', async () => {
    const { router } = await setup({ maxListensPerPrincipal: 2 });
    const alice1 = connect(router, 'token:alice');
    const alice2 = connect(router, 'token:alice');
    const bob = connect(router, 'token:bob');
    const first = listen(alice1.client, { toolsListChanged: true });
    listen(alice2.client, { toolsListChanged: true });
    await until(() => router.stats().listens === 2);
    const third = listen(alice2.client, { toolsListChanged: true });
    await until(() => third.error() !== undefined);
    expect(third.error()?.code).toBe(-31003);
    expect(third.error()?.message).toMatch(/2 open listens.*mcpMux\.maxListensPerPrincipal/);
    expect(third.error()?.data).toEqual({ limit: 'maxListensPerPrincipal', max: 2 });
    // Another principal is not affected, nor alice's other requests.
    listen(bob.client, { toolsListChanged: true });
    expect(await until(() => acknowledgments(bob.notifications).length === 1)).toBe(true);
    expect((await toolsList(alice2.client)).at(-1)?.kind).toBe('result');
    // Ending one gives its place back.
    first.subscription.unsubscribe();
    await until(() => router.stats().listens === 2);
    const again = listen(alice1.client, { toolsListChanged: true });
    expect(await until(() => router.stats().listens === 3)).toBe(true);
    expect(again.error()).toBeUndefined();
  });

  it('resolves a long URI list in slices: another request is answered before the acknowledgment', async () => {
    const { router, fakes } = await setup({ maxListenUris: 4000 });
    const { client, notifications } = connect(router);
    const asked = [...uris(1000), ...uris(1000)]; // each URI twice
    const opened = listen(client, { resourceSubscriptions: asked });
    // Sent after the listen; answered while the listen is still resolving its URIs.
    const acknowledgedBeforeAnswer = await toolsList(client).then(
      () => acknowledgments(notifications).length,
    );
    expect(acknowledgedBeforeAnswer).toBe(0);
    await until(() => acknowledgments(notifications).length === 1);
    const accepted = acknowledgments(notifications)[0]?.params?.notifications as JsonObject;
    expect(accepted.resourceSubscriptions).toEqual(uris(1000));
    // Each distinct URI is subscribed upstream once, never more than a few at a time.
    const server = fakes.latest('a');
    expect(await until(() => server.seen.get('resources/subscribe') === 1000)).toBe(true);
    expect(server.maxSubscribing).toBeLessThanOrEqual(SUBSCRIBE_CONCURRENCY);
    expect(opened.error()).toBeUndefined();
  });

  it('subscribes a few at a time, so a slow upstream refuses none; its end unsubscribes exactly its URIs', async () => {
    // 300 URIs sent at once would overflow the upstream queue (16 running + 8 waiting).
    const { router, fakes } = await setup({ maxQueue: 8 }, 2);
    const { client, notifications } = connect(router);
    const opened = listen(client, { resourceSubscriptions: uris(300) });
    await until(() => acknowledgments(notifications).length === 1);
    const server = fakes.latest('a');
    expect(await until(() => server.seen.get('resources/subscribe') === 300, 10_000)).toBe(true);
    expect(server.maxSubscribing).toBeLessThanOrEqual(SUBSCRIBE_CONCURRENCY);
    await until(() => router.stats().subscriptions === 300);
    opened.subscription.unsubscribe();
    expect(await until(() => server.seen.get('resources/unsubscribe') === 300, 10_000)).toBe(true);
    expect(await until(() => router.stats().subscriptions === 0)).toBe(true);
    expect(router.stats().listens).toBe(0);
  });

  it('fails only that listen when a source throws while it starts (no unhandled rejection)', async () => {
    const [clientEnd, serverEnd] = createMemoryPair();
    let listens: Listens | undefined;
    const host = {
      log: silentLogger,
      scheduler: asyncScheduler,
      capabilities: () => ({}),
      listenSources: {
        subscribable: () => {
          throw new Error('catalog exploded');
        },
        subscribe: async () => {},
        unsubscribeAll: () => {},
      },
    };
    const server: Connection = new Connection(serverEnd, {
      handlers: { request: (request) => (listens as Listens).open(host, request, 'k') },
    });
    listens = new Listens(server);
    const notifications: JsonRpcNotification[] = [];
    const client = new Connection(clientEnd, {
      handlers: { notification: (n) => notifications.push(n) },
    });
    cleanup.push(async () => {
      await client.close();
      await server.close();
    });
    const opened = listen(client, { resourceSubscriptions: ['x://1'] });
    expect(await until(() => opened.error() !== undefined)).toBe(true);
    expect(opened.error()?.message).toMatch(/catalog exploded/);
    // The connection still serves: a listen without URIs is acknowledged.
    listen(client, { toolsListChanged: true });
    expect(await until(() => acknowledgments(notifications).length === 1)).toBe(true);
  });
});
