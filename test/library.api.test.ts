/**
 * The embedding API (README "Embedding"): `connect(transport, { principal })`, `events$`,
 * `addUpstream` / `removeUpstream` / `reload(raw)`, `tools()`, `callTool`, `request$`, several
 * observers, `close({ timeoutMs })` and `shutdownGraceMs`. Upstreams are real: SDK servers
 * in-process (through `fromSdkTransport`) and fixture processes (test/fixtures/).
 * Also where actors/router/libraryCalls.ts, configChanges.ts and connectSession.ts are tested.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { filter, firstValueFrom, type Observable, take, toArray } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ConfigError,
  createMemoryPair,
  createRouter,
  fromSdkTransport,
  LocalError,
  openUpstreamTransport,
  type Principal,
  type RequestObservation,
  type Router,
  type RouterEvent,
  type RouterObserver,
  RpcError,
  silentLogger,
  toSdkTransport,
} from '../index.js';
import { fixture } from './integration/harness.js';

const alice: Principal = { id: 'user:alice', subject: 'alice', scopes: [] };
const bob: Principal = { id: 'user:bob', subject: 'bob', scopes: [] };

/** What the in-process SDK upstreams saw: aborted calls by name. */
const aborted: string[] = [];

function sdkServer(name: string): McpServer {
  const server = new McpServer({ name, version: '1.0.0' });
  server.registerTool('hello', { description: `hello from ${name}` }, async () => ({
    content: [{ type: 'text', text: `hello from ${name}` }],
  }));
  server.registerTool(
    'steps',
    {
      description: 'reports progress, then waits until `wait` ms or cancelled',
      inputSchema: { wait: z.number() },
    },
    async ({ wait }, extra) => {
      const token = extra._meta?.progressToken;
      for (let i = 1; i <= 3; i++) {
        if (token !== undefined) {
          await extra.sendNotification({
            method: 'notifications/progress',
            params: { progressToken: token, progress: i, total: 3 },
          });
        }
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        const stop = () => {
          clearTimeout(timer);
          aborted.push(`${name}/steps`);
          resolve();
        };
        if (extra.signal.aborted) stop();
        else extra.signal.addEventListener('abort', stop);
      });
      return { content: [{ type: 'text', text: 'done' }] };
    },
  );
  return server;
}

/** In-process SDK servers for `sdkNames`, real processes for every other upstream. */
function build(config: Record<string, unknown>, options: Parameters<typeof createRouter>[1] = {}) {
  return createRouter(config, {
    log: silentLogger,
    openTransport: async (upstream, signal) => {
      if (upstream.command !== 'sdk')
        return openUpstreamTransport(upstream, { log: silentLogger, signal });
      const [upstreamEnd, serverEnd] = InMemoryTransport.createLinkedPair();
      await sdkServer(upstream.name).connect(serverEnd);
      return fromSdkTransport(upstreamEnd);
    },
    ...options,
  });
}

const until = (events$: Observable<RouterEvent>, match: (e: RouterEvent) => boolean) =>
  firstValueFrom(events$.pipe(filter(match)));

const ACCESS = [{ principals: ['sub:alice'] }, { principals: ['sub:bob'], upstreams: ['open'] }];

let router: Router | undefined;
afterEach(async () => {
  await router?.close();
  router = undefined;
  aborted.length = 0;
});

describe('connect(transport, { principal })', () => {
  it('drives the access rules: bob over a memory pair neither sees nor calls the denied upstream', async () => {
    router = build({
      mcpServers: { open: { command: 'sdk' }, secret: { command: 'sdk' } },
      mcpMux: { access: ACCESS },
    });
    await router.start();
    const refusals = router.events$.pipe(
      filter((e) => e.type === 'call.refused'),
      take(1),
      toArray(),
    );
    const refused = firstValueFrom(refusals);
    const [clientEnd, routerEnd] = createMemoryPair();
    router.connect(routerEnd, { principal: bob, transport: 'memory' });
    const client = new Client({ name: 'bob', version: '1.0.0' });
    await client.connect(toSdkTransport(clientEnd));
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(['open__hello', 'open__steps']);
    await expect(client.callTool({ name: 'secret__hello' })).rejects.toThrow(/Access denied/);
    expect(await client.callTool({ name: 'open__hello' })).toMatchObject({
      content: [{ type: 'text', text: 'hello from open' }],
    });
    const [event] = await refused;
    expect(event).toMatchObject({
      type: 'call.refused',
      reason: 'denied',
      method: 'tools/call',
      name: 'secret__hello',
      principal: bob,
    });
    await client.close();
  });

  it('keeps the old second argument (a label) working', async () => {
    router = build({ mcpServers: { open: { command: 'sdk' } } });
    await router.start();
    const [, routerEnd] = createMemoryPair();
    const opened = until(router.events$, (e) => e.type === 'session.opened');
    router.connect(routerEnd, 'stdio');
    expect(await opened).toMatchObject({ type: 'session.opened', transport: 'stdio' });
  });
});

describe('tools() and callTool / request$ without an MCP client', () => {
  it('lists typed tools per principal and calls with the same access rules', async () => {
    router = build({
      mcpServers: { open: { command: 'sdk' }, secret: { command: 'sdk' } },
      mcpMux: { access: ACCESS },
    });
    await router.start();
    expect(router.tools({ principal: bob }).map((t) => t.name)).toEqual([
      'open__hello',
      'open__steps',
    ]);
    expect(router.tools({ principal: alice })).toHaveLength(4);
    const tool = router.tools({ principal: alice }).find((t) => t.name === 'secret__hello');
    expect(tool?.description).toBe('hello from secret');
    expect(tool?.inputSchema.type).toBe('object');
    const result = await router.callTool('secret__hello', {}, { principal: alice });
    expect(result.content[0]?.text).toBe('hello from secret');
    const denied = await router
      .callTool('secret__hello', {}, { principal: bob })
      .catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(RpcError);
    expect((denied as RpcError).message).toMatch(/Access denied/);
  });

  it('reports progress and cancels upstream when the signal aborts', async () => {
    router = build({ mcpServers: { up: { command: 'sdk' } } });
    await router.start();
    const progress: number[] = [];
    const done = await router.callTool(
      'up__steps',
      { wait: 0 },
      { onProgress: (p) => progress.push(p.progress) },
    );
    expect(done.content[0]?.text).toBe('done');
    expect(progress).toEqual([1, 2, 3]);

    const abort = new AbortController();
    const call = router.callTool(
      'up__steps',
      { wait: 30_000 },
      {
        signal: abort.signal,
        onProgress: (p) => p.progress === 3 && abort.abort(),
      },
    );
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalError);
    expect((error as LocalError).code).toBe('cancelled');
    await expect.poll(() => aborted).toEqual(['up/steps']);
    await expect.poll(() => router?.stats().inflight).toBe(0);
  });

  it('request$: progress values, and unsubscribing cancels the upstream call', async () => {
    router = build({ mcpServers: { up: { command: 'sdk' } } });
    await router.start();
    const events = router.request$('tools/call', {
      name: 'up__steps',
      arguments: { wait: 30_000 },
    });
    const firstTwo = await firstValueFrom(events.pipe(take(2), toArray()));
    expect(firstTwo.map((e) => e.kind)).toEqual(['progress', 'progress']);
    expect(firstTwo[0]?.kind === 'progress' && firstTwo[0].params.progress).toBe(1);
    // take(2) unsubscribed: notifications/cancelled to the router, then to the upstream.
    await expect.poll(() => aborted).toEqual(['up/steps']);
    await expect.poll(() => router?.stats().inflight).toBe(0);
  });
});

describe('several observers', () => {
  it('each sees every request', async () => {
    const seen: string[][] = [[], []];
    const observer = (log: string[]): RouterObserver => ({
      request(upstream, method, name, params): RequestObservation {
        log.push(`${upstream} ${method} ${name}`);
        return {
          params,
          admitted() {},
          sent() {},
          answered() {},
          end: (outcome) => log.push(outcome),
        };
      },
      sessionOpened() {},
      sessionClosed() {},
    });
    router = build(
      { mcpServers: { up: { command: 'sdk' } } },
      { observer: [observer(seen[0] ?? []), observer(seen[1] ?? [])] },
    );
    await router.start();
    await router.callTool('up__hello');
    expect(seen).toEqual([
      ['up tools/call hello', 'ok'],
      ['up tools/call hello', 'ok'],
    ]);
  });
});

describe('addUpstream, removeUpstream, reload(raw)', () => {
  it('change the catalog; an invalid entry is a ConfigError', async () => {
    router = build({ mcpServers: { open: { command: 'sdk' } } });
    await router.start();
    const added = until(
      router.events$,
      (e) => e.type === 'catalog.changed' && e.upstream === 'more',
    );
    expect(await router.addUpstream('more', { command: 'sdk' })).toMatchObject({ added: ['more'] });
    expect(await added).toEqual({ type: 'catalog.changed', upstream: 'more', list: 'tools' });
    expect(router.tools().map((t) => t.name)).toContain('more__hello');

    const bad = await router.addUpstream('bad', { command: 42 }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ConfigError);
    expect((bad as ConfigError).issues[0]?.path).toBe('mcpServers.bad.command');
    await expect(router.addUpstream('open', { command: 'sdk' })).rejects.toBeInstanceOf(
      ConfigError,
    );
    await expect(router.removeUpstream('nope')).rejects.toBeInstanceOf(ConfigError);

    expect(await router.removeUpstream('more')).toMatchObject({ removed: ['more'] });
    expect(router.tools().map((t) => t.name)).toEqual(['open__hello', 'open__steps']);
    expect(router.config.upstreams.map((u) => u.name)).toEqual(['open']);

    await router.reload({ mcpServers: { open: { command: 'sdk', prefix: 'o' } } });
    await expect.poll(() => router?.tools().map((t) => t.name)).toEqual(['o__hello', 'o__steps']);
    await expect(router.reload({ mcpServers: { x: { command: 1 } } })).rejects.toBeInstanceOf(
      ConfigError,
    );
  });
});

describe('events$ with a real upstream process', () => {
  it('sees it go down and come back, and its catalog change', async () => {
    router = build({
      mcpServers: {
        life: fixture('lifecycleServer', { restart: { initialDelayMs: 50, maxDelayMs: 50 } }),
      },
    });
    await router.start();
    const pid = JSON.parse(String((await router.callTool('life__pid')).content[0]?.text))
      .pid as number;
    const seen: RouterEvent[] = [];
    const subscription = router.events$.subscribe((e) => seen.push(e));
    process.kill(pid, 'SIGKILL');
    await expect
      .poll(() => seen.some((e) => e.type === 'upstream.state' && e.state === 'ready'), {
        timeout: 10_000,
      })
      .toBe(true);
    subscription.unsubscribe();
    const states = seen
      .filter((e) => e.type === 'upstream.state')
      .map((e) => e.type === 'upstream.state' && e.state);
    expect(states[0]).toMatch(/failed|closed|connecting/);
    expect(states.at(-1)).toBe('ready');
    expect(seen).toContainEqual({
      type: 'upstream.health',
      upstream: 'life',
      health: 'down',
      previous: 'ready',
    });
    expect(seen).toContainEqual({ type: 'catalog.changed', upstream: 'life', list: 'tools' });
    const refusal = await router.callTool('life__nope').catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(RpcError);
  }, 20_000);

  it('sees unknown, unavailable and rate-limited calls refused', async () => {
    router = build({
      mcpServers: {
        one: { command: 'sdk', concurrency: 1, maxQueue: 0 },
        dead: { command: '/nonexistent/mcp-server', restart: { maxRestarts: 0 } },
      },
    });
    await router.start();
    const three = firstValueFrom(
      router.events$.pipe(
        filter((e) => e.type === 'call.refused'),
        take(3),
        toArray(),
      ),
    );
    await router.callTool('one__nope').catch(() => {});
    await router.callTool('dead__anything').catch(() => {});
    const busy = router.callTool('one__steps', { wait: 200 });
    await router.callTool('one__hello').catch(() => {});
    await busy;
    const refused = await three;
    expect(refused.map((e) => e.type === 'call.refused' && [e.reason, e.name])).toEqual([
      ['unknown', 'one__nope'],
      ['unavailable', 'dead__anything'],
      ['rate-limited', 'one__hello'],
    ]);
    expect(refused[1]).toMatchObject({ upstream: 'dead', code: -32011 });
  });
});

describe('shutdown', () => {
  const stubborn = (extra: Record<string, unknown> = {}) =>
    fixture('lifecycleServer', { env: { IGNORE_STDIN_END: '1' }, ...extra });

  it('close({ timeoutMs }) resolves by its deadline with an upstream that ignores its stdin closing', async () => {
    router = build({ mcpServers: { stubborn: stubborn() } });
    await router.start();
    const pid = JSON.parse(String((await router.callTool('stubborn__pid')).content[0]?.text))
      .pid as number;
    const started = Date.now();
    await router.close({ timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(1_500);
    // Its own teardown goes on: SIGTERM after the default 2 s grace.
    await expect.poll(() => alive(pid), { timeout: 8_000 }).toBe(false);
  }, 15_000);

  it('honours shutdownGraceMs before SIGTERM', async () => {
    router = build({ mcpServers: { stubborn: stubborn({ shutdownGraceMs: 100 }) } });
    await router.start();
    const pid = JSON.parse(String((await router.callTool('stubborn__pid')).content[0]?.text))
      .pid as number;
    const started = Date.now();
    await router.close();
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(alive(pid)).toBe(false);
  }, 15_000);
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
