/**
 * The Forwarder, the one call path of a routed request, through a real Router over in-process
 * upstreams: what it refuses (shutting down, unknown upstream), the deadlines it takes from the
 * upstream's config, the in-flight record it opens, and what it tells an observer.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Router } from '../../../actors/router/router.js';
import type { RequestObservation, RouterObserver } from '../../../core/observe/observer.js';
import { connectClient, rejection, startRouter, until } from '../inProcess.js';

let router: Router | undefined;
afterEach(async () => {
  await router?.close();
  router = undefined;
});

describe('Forwarder', () => {
  it('refuses new requests once the router stops accepting, with the retryable -32011', async () => {
    ({ router } = await startRouter({ a: { command: 'x' } }));
    const client = await connectClient(router);
    expect(await client.call('a__echo', { n: 1 })).toBeDefined();
    router.stopAccepting();
    const error = await rejection(client.call('a__echo', { n: 2 }));
    expect(error.code).toBe(-32011);
    expect(error.data).toMatchObject({ upstream: 'a', reason: 'shutdown' });
  });

  it("takes the request's idle timeout from the upstream's config, and cancels it upstream", async () => {
    const started = await startRouter({ a: { command: 'x', timeoutMs: 50 } });
    router = started.router;
    const client = await connectClient(router);
    const error = await rejection(client.call('a__hang'));
    expect(error.code).toBe(-31001);
    expect(error.message).toMatch(/timed out/);
    expect(await until(() => started.fakes.latest('a').cancelled.length === 1)).toBe(true);
    expect(router.stats().inflight).toBe(0);
  });

  it('opens one in-flight record, named by the id the request got upstream', async () => {
    ({ router } = await startRouter({ a: { command: 'x' } }));
    const client = await connectClient(router);
    const stop = new AbortController();
    const call = client.call('a__hang', {}, { signal: stop.signal }).catch(() => 'cancelled');
    expect(await until(() => router?.requests()[0]?.state === 'running')).toBe(true);
    const [record, ...rest] = router.requests();
    expect(rest).toEqual([]);
    expect(record).toMatchObject({ upstream: 'a', method: 'tools/call' });
    expect(typeof record?.upstreamId).toBe('number');
    stop.abort();
    expect(await call).toBe('cancelled');
    expect(await until(() => router?.stats().inflight === 0)).toBe(true);
  });

  it('tells the observer each milestone of a routed request, and its end', async () => {
    const seen: string[] = [];
    const observer: RouterObserver = {
      request(upstream, method, name, params) {
        seen.push(`request ${upstream} ${method} ${name}`);
        const watch: RequestObservation = {
          params,
          admitted: () => seen.push('admitted'),
          sent: () => seen.push('sent'),
          answered: () => seen.push('answered'),
          end: (outcome) => seen.push(`end ${outcome}`),
        };
        return watch;
      },
      sessionOpened: () => {},
      sessionClosed: () => {},
    };
    ({ router } = await startRouter({ a: { command: 'x' } }, { router: { observer } }));
    const client = await connectClient(router);
    // `slow` answers on a later tick, as an upstream behind a real transport does.
    await client.call('a__slow', { ms: 1 });
    // With a free slot the queue starts the request inside admission: sent, then admitted.
    expect(seen).toEqual(['request a tools/call slow', 'sent', 'admitted', 'answered', 'end ok']);
  });
});
