/**
 * Fairness between downstream sessions through a real Router (in-process upstream): a session
 * flooding an upstream neither delays another session's requests behind its backlog nor
 * locks it out of a full queue.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Router } from '../../actors/router/router.js';
import { connectClient, rejection, startRouter, until } from './inProcess.js';

let router: Router | undefined;
afterEach(async () => {
  await router?.close();
  router = undefined;
});

describe('fairness between sessions', () => {
  it('serves a calm session between the requests of a flooding one', async () => {
    const started = await startRouter({ u: { command: 'x', concurrency: 2, maxQueue: 200 } });
    router = started.router;
    const server = started.fakes.latest('u');
    server.recordCalls = true;
    const flood = await connectClient(router);
    const calm = await connectClient(router);
    const floodCalls = Array.from({ length: 80 }, (_, i) =>
      flood.call('u__slow', { ms: 5, who: 'flood', i }),
    );
    await until(() => server.calls.length >= 2);
    const calmCalls = Array.from({ length: 5 }, (_, i) =>
      calm.call('u__slow', { ms: 5, who: 'calm', i }),
    );
    await Promise.all(calmCalls);
    // Calls the upstream had received when the calm session was done (order, not wall time).
    const seenWhenCalmDone = server.calls.length;
    const order = server.calls.map((c) => c.who);
    const lastCalm = order.lastIndexOf('calm');
    // Round-robin: after the 2 running flood calls, calm and flood alternate.
    expect(lastCalm).toBeLessThanOrEqual(2 + 2 * 5);
    expect(order.slice(0, 12).filter((w) => w === 'calm')).toHaveLength(5);
    // The flood's backlog (80 calls over 2 slots) is not in the calm session's way: the calm
    // session is done after about 2 + 2 × 5 calls, not after the flood's 80 (FIFO).
    expect(seenWhenCalmDone).toBeLessThanOrEqual(2 + 2 * 5 + 2);
    await Promise.all(floodCalls);
    expect(router.upstreams.get('u')?.queueStats()).toEqual({
      waiting: 0,
      running: 0,
      lanes: 0,
      slotsQueued: 0,
      slotsRunning: 0,
    });
  });

  it('lets a calm session into a queue the flood has filled (the flood pays)', async () => {
    const started = await startRouter({ u: { command: 'x', concurrency: 1, maxQueue: 10 } });
    router = started.router;
    const flood = await connectClient(router);
    const calm = await connectClient(router);
    const outcomes = Array.from({ length: 30 }, (_, i) =>
      flood.call('u__slow', { ms: 20, i }).then(
        () => 'ok',
        (e: { code: number }) => e.code,
      ),
    );
    await until(() => router?.upstreams.get('u')?.load.queued === 10);
    const calmCalls = Array.from({ length: 3 }, () => calm.call('u__slow', { ms: 1 }));
    const results = await Promise.all(calmCalls);
    expect(results).toHaveLength(3);
    const flooded = await Promise.all(outcomes);
    // 1 running + 10 queued were admitted; 3 of them were pushed out for the calm session.
    expect(flooded.filter((o) => o === 'ok')).toHaveLength(11 - 3);
    expect(flooded.filter((o) => o === -32010)).toHaveLength(30 - 8);
  });

  it('refuses a lone session past concurrency + maxQueue at once', async () => {
    const started = await startRouter({ u: { command: 'x', concurrency: 1, maxQueue: 2 } });
    router = started.router;
    const client = await connectClient(router);
    const admitted = [1, 2, 3].map(() => client.call('u__slow', { ms: 30 }));
    const error = await rejection(client.call('u__slow', { ms: 30 }));
    expect(error.code).toBe(-32010);
    expect(error.data).toEqual({ upstream: 'u', maxQueue: 2 });
    await Promise.all(admitted);
  });
});
