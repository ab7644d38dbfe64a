/**
 * Hot reload: the plan (pure), and `Router.reload` with a client connected (in-process
 * upstreams): only changed upstreams restart, removed ones leave with list_changed and fail
 * their in-flight requests with the reason, added ones come with list_changed, untouched ones
 * keep their connection and in-flight requests; invalid reloads change nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { planReload, reloadRouter, sameValue } from '../../../actors/router/reload.js';
import type { Router } from '../../../actors/router/router.js';
import { ConfigError, parseConfig } from '../../../core/config/config.js';
import type { JsonObject } from '../../../core/rpc/jsonrpc.js';
import { connectClient, rejection, startRouter, until } from '../inProcess.js';

const config = (servers: Record<string, JsonObject>, mcpMux: JsonObject = {}) =>
  parseConfig({ mcpServers: servers, mcpMux });

describe('planReload', () => {
  const a = { command: 'a' };
  const b = { command: 'b' };

  it('adds, removes, restarts and keeps by name and deep config comparison', () => {
    const current = config({ a, b, c: { command: 'c' } });
    const next = config({
      a,
      b: { command: 'b', args: ['--new'] },
      d: { command: 'd' },
    });
    expect(planReload(current, next, ['a', 'b', 'c'])).toEqual({
      added: ['d'],
      removed: ['c'],
      restarted: ['b'],
      unchanged: ['a'],
      moved: [],
    });
  });

  it('counts limits, filters and the restart policy as changes; treats disabled as removed', () => {
    const current = config({ a, b, c: { command: 'c' } });
    const next = config({
      a: { command: 'a', restart: { maxDelayMs: 5000 } },
      b: { command: 'b', tools: { deny: ['x'] } },
      c: { command: 'c', disabled: true },
    });
    expect(planReload(current, next, ['a', 'b', 'c'])).toMatchObject({
      removed: ['c'],
      restarted: ['a', 'b'],
    });
  });

  it('restarts every upstream a changed mcpMux default reaches', () => {
    const plan = planReload(config({ a, b }), config({ a, b }, { timeoutMs: 5 }), ['a', 'b']);
    expect(plan.restarted).toEqual(['a', 'b']);
  });

  it('warns that a cluster change waits for a restart, and restarts no upstream for it', async () => {
    const cluster = { instanceId: 'a', advertiseUrl: 'http://127.0.0.1:1', key: 'k'.repeat(32) };
    const current = config({ a });
    const next = config({ a }, { cluster });
    const warnings: string[] = [];
    const log = { warn: (m: string) => warnings.push(m), info: () => {}, debug: () => {} };
    const result = await reloadRouter(next, {
      current,
      running: ['a'],
      log: log as never,
      setConfig: () => {},
      add: () => {},
      remove: async () => {},
      reorder: () => {},
    });
    expect(result.restarted).toEqual([]);
    expect(warnings).toContain('config reload: cluster takes effect when mcp-mux restarts');
  });

  it('notes untouched upstreams that moved in the file', () => {
    expect(planReload(config({ a, b }), config({ b, a }), ['a', 'b'])).toMatchObject({
      unchanged: ['b', 'a'],
      moved: ['b', 'a'],
    });
  });

  it('rejects a separator or maxNameLength change', () => {
    const attempt = () => planReload(config({ a }), config({ a }, { separator: '.' }), ['a']);
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/mcpMux.separator: cannot change while mcp-mux runs/);
  });

  it('compares values deeply, whatever the key order', () => {
    expect(sameValue({ x: [1, { y: 2, z: 3 }] }, { x: [1, { z: 3, y: 2 }] })).toBe(true);
    expect(sameValue({ x: [1, 2] }, { x: [2, 1] })).toBe(false);
    expect(sameValue({ x: undefined }, {})).toBe(false);
    expect(sameValue([], {})).toBe(false);
  });
});

describe('Router.reload', () => {
  let router: Router | undefined;
  afterEach(async () => {
    await router?.close();
    router = undefined;
  });

  it('adds, removes and restarts only what changed while a client stays connected', async () => {
    const started = await startRouter({
      keep: { command: 'k' },
      gone: { command: 'g' },
      changed: { command: 'c' },
    });
    router = started.router;
    const { fakes } = started;
    const client = await connectClient(router);
    expect(await client.listTools()).toEqual(
      expect.arrayContaining(['keep__echo', 'gone__echo', 'changed__echo']),
    );
    const onKeep = client.call('keep__slow', { ms: 150 });
    const onGone = client.call('gone__hang');
    await until(() => fakes.latest('gone').seen.get('tools/call') === 1);

    const result = await router.reload(
      config({
        keep: { command: 'k' },
        changed: { command: 'c', args: ['v2'] },
        added: { command: 'n' },
      }),
    );
    expect(result).toEqual({
      added: ['added'],
      removed: ['gone'],
      restarted: ['changed'],
      unchanged: ['keep'],
    });

    const error = await rejection(onGone);
    expect(error.data).toMatchObject({
      upstream: 'gone',
      reason: 'the upstream was removed from the config',
    });
    expect(await onKeep).toMatchObject({ content: [{ text: 'slow done' }] });
    expect(
      await until(
        () =>
          router?.upstreams.get('added')?.state === 'ready' &&
          router?.upstreams.get('changed')?.state === 'ready',
      ),
    ).toBe(true);
    // The coalesced list_changed goes out (an event to wait for, not a sleep).
    expect(
      await until(() => client.notifications.includes('notifications/tools/list_changed')),
    ).toBe(true);
    const tools = await client.listTools();
    expect(tools).toEqual(expect.arrayContaining(['keep__echo', 'changed__echo', 'added__echo']));
    expect(tools.some((t) => t.startsWith('gone__'))).toBe(false);
    expect(fakes.opens('keep')).toBe(1);
    expect(fakes.opens('changed')).toBe(2);
    expect(fakes.opens('gone')).toBe(1);
    expect(router.config.upstreams.map((u) => u.name)).toEqual(['keep', 'changed', 'added']);
    expect(await client.call('added__echo', { x: 1 })).toMatchObject({
      content: [{ text: '{"x":1}' }],
    });
  });

  it('rejects a config it cannot apply and keeps the running one', async () => {
    const started = await startRouter({ a: { command: 'a' } });
    router = started.router;
    const before = router.config;
    await expect(
      router.reload(config({ a: { command: 'a' }, b: { command: 'b' } }, { separator: '.' })),
    ).rejects.toThrow(ConfigError);
    expect(router.config).toBe(before);
    expect([...router.upstreams.keys()]).toEqual(['a']);
    // A later valid reload still works.
    await router.reload(config({ a: { command: 'a' }, b: { command: 'b' } }));
    expect([...router.upstreams.keys()]).toEqual(['a', 'b']);
  });

  it('runs reloads one after the other', async () => {
    const started = await startRouter({ a: { command: 'a' } });
    router = started.router;
    const first = router.reload(config({ a: { command: 'a' }, b: { command: 'b' } }));
    const second = router.reload(config({ a: { command: 'a' } }));
    expect(await first).toMatchObject({ added: ['b'] });
    expect(await second).toMatchObject({ removed: ['b'] });
    expect([...router.upstreams.keys()]).toEqual(['a']);
  });
});
