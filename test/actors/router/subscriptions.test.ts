/**
 * `Subscriptions`: reference counting toward the upstream, ordering of subscribe and
 * unsubscribe, failures, session close, reconnects, and delivery to subscribers only.
 */
import { describe, expect, it } from 'vitest';
import {
  SUBSCRIPTION_SENDS_PER_UPSTREAM,
  type Subscriber,
  Subscriptions,
} from '../../../actors/router/subscriptions.js';
import { silentLogger } from '../../../core/log/log.js';
import type { JsonObject } from '../../../core/rpc/jsonrpc.js';

interface Sent {
  upstream: string;
  method: string;
  uri: unknown;
  resolve: () => void;
  reject: (error: Error) => void;
}

/** A table whose upstream requests wait until the test settles them (or settle at once). */
function setup(options: { auto?: boolean } = {}) {
  const sent: Sent[] = [];
  const table = new Subscriptions({
    send: (upstream, method, params) =>
      new Promise<unknown>((resolve, reject) => {
        sent.push({ upstream, method, uri: params.uri, resolve: () => resolve({}), reject });
        if (options.auto !== false) resolve({});
      }),
    log: () => silentLogger,
  });
  const requests = () => sent.map((s) => `${s.method} ${s.upstream} ${String(s.uri)}`);
  return { table, sent, requests };
}

function session(name: string) {
  const received: JsonObject[] = [];
  const subscriber: Subscriber & { name: string; received: JsonObject[] } = {
    name,
    received,
    notifyIfReady: (_method, params) => {
      received.push(params ?? {});
    },
  };
  return subscriber;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('Subscriptions', () => {
  it('subscribes upstream for the first session and unsubscribes for the last', async () => {
    const { table, requests } = setup();
    const a = session('a');
    const b = session('b');
    await table.subscribe(a, 'u', 'file:///x', 'file:///x');
    await table.subscribe(b, 'u', 'file:///x', 'file:///x');
    await table.subscribe(b, 'u', 'file:///x', 'file:///x');
    expect(requests()).toEqual(['resources/subscribe u file:///x']);
    expect(await table.unsubscribe(a, 'file:///x')).toBe(true);
    expect(requests()).toHaveLength(1);
    expect(await table.unsubscribe(b, 'file:///x')).toBe(true);
    expect(requests()).toEqual([
      'resources/subscribe u file:///x',
      'resources/unsubscribe u file:///x',
    ]);
    expect(table.size).toBe(0);
  });

  it('makes a second subscriber wait for the pending upstream subscribe, sending one request', async () => {
    const { table, sent, requests } = setup({ auto: false });
    const a = session('a');
    const b = session('b');
    let bDone = false;
    const pa = table.subscribe(a, 'u', 'x', 'x');
    const pb = table.subscribe(b, 'u', 'x', 'x').then(() => {
      bDone = true;
    });
    await flush();
    expect(requests()).toEqual(['resources/subscribe u x']);
    expect(bDone).toBe(false);
    sent[0]?.resolve();
    await Promise.all([pa, pb]);
    expect(requests()).toHaveLength(1);
    expect(table.of(b)).toEqual(['x']);
  });

  it('reports an upstream failure to the subscriber, holds nothing, and retries next time', async () => {
    const { table, sent, requests } = setup({ auto: false });
    const a = session('a');
    const failing = table.subscribe(a, 'u', 'x', 'x');
    await flush();
    sent[0]?.reject(new Error('nope'));
    await expect(failing).rejects.toThrow('nope');
    expect(table.of(a)).toEqual([]);
    await flush();
    expect(table.size).toBe(0);
    const retry = table.subscribe(a, 'u', 'x', 'x');
    await flush();
    sent[1]?.resolve();
    await retry;
    expect(requests()).toEqual(['resources/subscribe u x', 'resources/subscribe u x']);
  });

  it('keeps the upstream order when an unsubscribe follows a pending subscribe', async () => {
    const { table, sent, requests } = setup({ auto: false });
    const a = session('a');
    const subscribed = table.subscribe(a, 'u', 'x', 'x');
    await flush();
    const unsubscribed = table.unsubscribe(a, 'x');
    await flush();
    expect(requests()).toEqual(['resources/subscribe u x']);
    sent[0]?.resolve();
    await subscribed;
    await flush();
    expect(requests()).toEqual(['resources/subscribe u x', 'resources/unsubscribe u x']);
    sent[1]?.resolve();
    expect(await unsubscribed).toBe(true);
    await flush();
    expect(table.size).toBe(0);
  });

  it('ends a closed session subscriptions, telling the upstream only where it was the last', async () => {
    const { table, requests } = setup();
    const a = session('a');
    const b = session('b');
    await table.subscribe(a, 'u', 'x', 'x');
    await table.subscribe(a, 'u', 'y', 'y');
    await table.subscribe(b, 'u', 'y', 'y');
    table.dropSession(a);
    await flush();
    expect(requests().slice(2)).toEqual(['resources/unsubscribe u x']);
    expect(table.of(b)).toEqual(['y']);
  });

  it('re-subscribes on a new upstream connection, for URIs that still have subscribers', async () => {
    const { table, requests } = setup();
    const a = session('a');
    await table.subscribe(a, 'u', 'x', 'x');
    await table.subscribe(a, 'v', 'z', 'z');
    table.upstreamState('u', 'failed');
    table.upstreamState('u', 'ready');
    await flush();
    expect(requests()).toEqual([
      'resources/subscribe u x',
      'resources/subscribe v z',
      'resources/subscribe u x',
    ]);
    // The old connection's subscription died with it: nothing to unsubscribe after a loss.
    table.upstreamState('u', 'closed');
    await table.unsubscribe(a, 'x');
    expect(requests()).toHaveLength(3);
  });

  it('delivers an update to the sessions subscribed to that URI of that upstream only', async () => {
    const { table } = setup();
    const a = session('a');
    const b = session('b');
    const c = session('c');
    await table.subscribe(a, 'u', 'file:///x', 'file:///x');
    await table.subscribe(b, 'u', 'file:///x', 'file:///x');
    await table.subscribe(c, 'v', 'file:///x', 'file:///x');
    expect(table.deliver('u', { uri: 'file:///x', _meta: { k: 1 } })).toBe(2);
    expect(a.received).toEqual([{ uri: 'file:///x', _meta: { k: 1 } }]);
    expect(b.received).toHaveLength(1);
    expect(c.received).toEqual([]);
    expect(table.deliver('u', { uri: 'file:///other' })).toBe(0);
    expect(table.deliver('u', {})).toBe(0);
  });

  it('answers false, sending nothing, for a URI the session does not hold', async () => {
    const { table, requests } = setup();
    expect(await table.unsubscribe(session('a'), 'x')).toBe(false);
    expect(requests()).toEqual([]);
  });

  it('keeps a few of its requests in flight per upstream, so a burst never floods its queue', async () => {
    const { table, sent } = setup({ auto: false });
    const listen = session('listen');
    const done = Array.from({ length: 30 }, (_, i) =>
      table.subscribe(listen, 'u', `file:///${i}`, `file:///${i}`),
    );
    void table.subscribe(session('other'), 'v', 'file:///v', 'file:///v');
    await flush();
    const toU = () => sent.filter((s) => s.upstream === 'u');
    expect(toU()).toHaveLength(SUBSCRIPTION_SENDS_PER_UPSTREAM);
    expect(sent.filter((s) => s.upstream === 'v')).toHaveLength(1); // another upstream is not held
    expect(table.sends('u')).toEqual({ running: SUBSCRIPTION_SENDS_PER_UPSTREAM, waiting: 22 });
    for (let round = 0; round < 10 && toU().length < 30; round++) {
      for (const s of toU()) s.resolve();
      await flush();
    }
    for (const s of toU()) s.resolve();
    await Promise.all(done);
    expect(toU()).toHaveLength(30);
    // Its end: O(its entries), every one unsubscribed upstream, nothing left behind.
    table.dropSession(listen);
    for (let round = 0; round < 10 && toU().length < 60; round++) {
      for (const s of toU()) s.resolve();
      await flush();
    }
    expect(toU().filter((s) => s.method === 'resources/unsubscribe')).toHaveLength(30);
    expect(table.of(listen)).toEqual([]);
  });
});
