/**
 * A tool of an upstream that is down (restarting) answers the retryable -32011 naming the
 * upstream and when it is expected back, not -32602 "Unknown tool"; a name
 * nobody ever exposed is still -32602. In-process upstreams, virtual time for the backoff.
 */
import { VirtualTimeScheduler } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Router } from '../../../actors/router/router.js';
import { connectClient, rejection, startRouter, until } from '../inProcess.js';

let router: Router | undefined;
afterEach(async () => {
  await router?.close();
  router = undefined;
});

describe('calls to a down upstream', () => {
  it('answer -32011 with the upstream, its state and the time to its restart', async () => {
    const scheduler = new VirtualTimeScheduler();
    const started = await startRouter(
      {
        a: { command: 'x', restart: { initialDelayMs: 5000, maxDelayMs: 5000, jitter: 'none' } },
        long: { command: 'x', prefix: '' },
      },
      { router: { scheduler } },
    );
    router = started.router;
    const client = await connectClient(router);
    expect(await client.listTools()).toContain('a__slow');
    started.fakes.latest('a').kill();
    await until(() => !router?.catalog.resolve('tools', 'a__slow'));
    const error = await rejection(client.call('a__slow', { ms: 1 }));
    expect(error.code).toBe(-32011);
    expect(error.message).toContain('Upstream "a" is unavailable');
    expect(error.message).toContain('a restart is due in 5000 ms');
    expect(error.data).toMatchObject({ upstream: 'a', name: 'a__slow', retryAfterMs: 5000 });
    // A name no upstream ever exposed stays "Unknown tool".
    const unknown = await rejection(client.call('nobody__here'));
    expect(unknown.code).toBe(-32602);
    expect(unknown.message).toBe('Unknown tool: nobody__here');
  });
});

describe('calls to a down upstream outside the caller profile', () => {
  it('answer "Unknown tool" without naming the upstream', async () => {
    const scheduler = new VirtualTimeScheduler();
    const started = await startRouter(
      {
        a: { command: 'x', restart: { initialDelayMs: 5000, maxDelayMs: 5000, jitter: 'none' } },
        b: { command: 'x' },
      },
      { router: { scheduler }, mcpMux: { profiles: { onlyB: { upstreams: ['b'] } } } },
    );
    router = started.router;
    const client = await connectClient(router, undefined, { profile: 'onlyB' });
    expect(await client.listTools()).not.toContain('a__slow');
    started.fakes.latest('a').kill();
    await until(() => !router?.catalog.resolve('tools', 'a__slow'));
    const error = await rejection(client.call('a__slow', { ms: 1 }));
    expect(error.code).toBe(-32602);
    expect(error.message).toBe('Unknown tool: a__slow');
  });
});
