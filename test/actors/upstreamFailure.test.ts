/**
 * A supervised upstream failing under a real Router (in-process upstreams): in-flight requests
 * fail at once with an error naming the upstream and the reason, its tools leave the catalog
 * with list_changed and come back after the backoff restart, keepalive failures restart it,
 * an initialize that never answers is retried, and the others are never disturbed.
 */
import { VirtualTimeScheduler } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from '../../actors/router/router.js';
import { parseConfig } from '../../core/config/config.js';
import { advanceTo } from '../core/rpc/connectionHarness.js';
import { connectClient, FakeUpstreams, rejection, startRouter, until } from './inProcess.js';

let router: Router | undefined;
afterEach(async () => {
  await router?.close();
  router = undefined;
});

/** Moves virtual time on 10 ms at a time until `check` holds (bounded: 200 steps). */
async function advanceUntil(scheduler: VirtualTimeScheduler, check: () => boolean) {
  for (let step = 0; step < 200 && !check(); step++) {
    advanceTo(scheduler, scheduler.now() + 10);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return check();
}

const fastRestart = { restart: { initialDelayMs: 30, maxDelayMs: 30, jitter: 'none' } };

describe('an upstream that dies', () => {
  it('fails its in-flight requests at once, naming the upstream and the reason', async () => {
    // Virtual time that the test never advances: "at once" means no timer (request timeout,
    // backoff) is involved in failing the request.
    const scheduler = new VirtualTimeScheduler();
    const started = await startRouter(
      { a: { command: 'x', ...fastRestart }, b: { command: 'x' } },
      { router: { scheduler } },
    );
    router = started.router;
    const client = await connectClient(router);
    const call = client.call('a__hang');
    const other = client.call('b__slow', { ms: 50 });
    await until(() => started.fakes.latest('a').seen.get('tools/call') === 1);
    started.fakes.latest('a').kill();
    const error = await rejection(call);
    expect(scheduler.now()).toBe(0);
    expect(error.code).toBe(-32011);
    expect(error.message).toContain('Upstream "a"');
    expect(error.data).toMatchObject({
      upstream: 'a',
      reason: 'the upstream process was killed by SIGKILL',
      method: 'tools/call',
    });
    // The other upstream's request is not disturbed.
    expect(await other).toMatchObject({ content: [{ text: 'slow done' }] });
  });

  it('leaves the catalog with list_changed and comes back with another after the restart', async () => {
    // Virtual time: the restart (30 ms backoff) cannot happen before the test looks at the gap.
    const scheduler = new VirtualTimeScheduler();
    const started = await startRouter(
      { a: { command: 'x', ...fastRestart }, b: { command: 'x' } },
      { router: { scheduler } },
    );
    router = started.router;
    const client = await connectClient(router);
    expect(await client.listTools()).toContain('a__echo');
    started.fakes.latest('a').kill();
    expect(await until(() => router?.upstreams.get('a')?.state === 'failed')).toBe(true);
    advanceTo(scheduler, 10); // the list_changed coalescing window
    expect(
      await until(() => client.notifications.includes('notifications/tools/list_changed')),
    ).toBe(true);
    const during = await client.listTools();
    expect(during.some((t) => t.startsWith('a__'))).toBe(false);
    expect(during).toContain('b__echo');
    expect(router.status().find((s) => s.name === 'a')).toMatchObject({
      health: 'down',
      state: 'failed',
      restarts: 1,
    });
    const changes = () =>
      client.notifications.filter((m) => m === 'notifications/tools/list_changed').length;
    const first = changes();
    expect(started.fakes.opens('a')).toBe(1);
    // The backoff ends (30 ms), it restarts, its tools come back with one more list_changed.
    expect(
      await advanceUntil(scheduler, () => started.fakes.opens('a') === 2 && changes() > first),
    ).toBe(true);
    expect(await client.listTools()).toContain('a__echo');
    expect(await client.call('a__echo', { n: 1 })).toMatchObject({
      content: [{ text: '{"n":1}' }],
    });
    // Restarted less than stableAfterMs ago: degraded, not ready.
    expect(router.status().find((s) => s.name === 'a')?.health).toBe('degraded');
    expect(started.fakes.opens('b')).toBe(1);
  });

  it('fails requests at once while it is down, with the reason', async () => {
    const started = await startRouter({
      a: { command: 'x', restart: { initialDelayMs: 10_000 } },
    });
    router = started.router;
    const client = await connectClient(router);
    started.fakes.latest('a').kill();
    await until(() => router?.upstreams.get('a')?.state === 'failed');
    // Its tools are gone from the catalog: -32011 naming it at once, not a wait.
    const error = await rejection(client.call('a__echo'));
    expect(error.code).toBe(-32011);
    expect(error.data).toMatchObject({ upstream: 'a' });
    let direct: unknown;
    router.upstreams
      .get('a')
      ?.request$('tools/call', { name: 'echo' }, {})
      .subscribe({ error: (e) => (direct = e) });
    expect(direct).toMatchObject({ code: -32011, data: { upstream: 'a' } });
  });
});

describe('keepalive', () => {
  it('restarts an upstream after N pings in a row go unanswered, failing its requests', async () => {
    const started = await startRouter({
      a: {
        command: 'x',
        ...fastRestart,
        keepalive: { intervalMs: 20, timeoutMs: 20, failureThreshold: 3 },
      },
    });
    router = started.router;
    const client = await connectClient(router);
    const call = client.call('a__hang');
    await until(() => started.fakes.latest('a').seen.get('tools/call') === 1);
    await until(() => (started.fakes.latest('a').seen.get('ping') ?? 0) >= 2);
    expect(router.status()[0]?.health).toBe('ready');
    started.fakes.latest('a').answerPings = false;
    await until(() => router?.status()[0]?.health === 'degraded', 1000);
    const error = await rejection(call);
    expect(error.data).toMatchObject({ upstream: 'a' });
    expect(String((error.data as { reason: string }).reason)).toContain(
      'keepalive: 3 pings in a row failed',
    );
    expect(
      await until(() => started.fakes.opens('a') === 2 && router?.status()[0]?.state === 'ready'),
    ).toBe(true);
    expect(await client.call('a__echo')).toBeDefined();
  });
});

describe('keepalive and invalid answers', () => {
  it('counts a ping answered with an invalid response as alive (the upstream answered)', async () => {
    const started = await startRouter({
      a: {
        command: 'x',
        ...fastRestart,
        keepalive: { intervalMs: 20, timeoutMs: 20, failureThreshold: 2 },
      },
    });
    router = started.router;
    const fake = started.fakes.latest('a');
    fake.invalidPings = true;
    const before = fake.seen.get('ping') ?? 0;
    expect(await until(() => (fake.seen.get('ping') ?? 0) >= before + 5)).toBe(true);
    expect(router.status()[0]?.health).toBe('ready');
    expect(started.fakes.opens('a')).toBe(1);
  });
});

describe('start-up', () => {
  it('never waits on an upstream whose initialize hangs; it is retried with backoff', async () => {
    const fakes = new FakeUpstreams({
      answerInitialize: (name, attempt) => name !== 'stuck' || attempt >= 3,
    });
    // A start-up wait far longer than the test's own timeout: start-up can only settle
    // because `stuck` failed once (its initialize timeout), never because the wait ended.
    const started = await startRouter(
      {
        stuck: { command: 'x', initializeTimeoutMs: 100, ...fastRestart },
        ok: { command: 'x' },
      },
      { fakes, mcpMux: { startupTimeoutMs: 3_600_000 } },
    );
    router = started.router;
    const client = await connectClient(router);
    expect(await client.listTools()).toContain('ok__echo');
    expect(
      await until(
        () => fakes.opens('stuck') === 3 && router?.upstreams.get('stuck')?.state === 'ready',
      ),
    ).toBe(true);
    expect(await client.listTools()).toContain('stuck__echo');
    expect(fakes.opens('ok')).toBe(1);
  });

  it('ends the start-up wait at mcpMux.startupTimeoutMs (virtual time)', async () => {
    const fakes = new FakeUpstreams({ answerInitialize: (name) => name !== 'stuck' });
    const scheduler = new VirtualTimeScheduler();
    const config = parseConfig({
      mcpServers: { stuck: { command: 'x' }, ok: { command: 'x' } },
      mcpMux: { startupTimeoutMs: 150 },
    });
    router = new Router(config, { openTransport: fakes.openTransport, scheduler });
    void router.start();
    expect(await until(() => router?.upstreams.get('ok')?.state === 'ready')).toBe(true);
    advanceTo(scheduler, 149);
    expect(router.isStarted).toBe(false);
    advanceTo(scheduler, 150);
    expect(router.isStarted).toBe(true);
    await router.whenStarted();
    expect(router.upstreams.get('stuck')?.state).toBe('initializing');
    expect(router.upstreams.get('ok')?.state).toBe('ready');
  });
});
