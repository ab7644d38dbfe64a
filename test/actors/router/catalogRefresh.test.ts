/**
 * A modern upstream's list `ttlMs` (actors/router/catalogRefresh.ts): the list is fetched
 * again once stale, on the router's (virtual) time, and no more once the upstream is gone.
 */
import { VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { CatalogRefresh, MIN_TTL_REFRESH_MS } from '../../../actors/router/catalogRefresh.js';
import type { Upstream } from '../../../actors/upstream/upstream.js';
import { Catalog } from '../../../core/catalog/catalog.js';
import { parseConfig } from '../../../core/config/config.js';
import { silentLogger } from '../../../core/log/log.js';

function setup(ttlMs: number | undefined, listens = false) {
  const scheduler = new VirtualTimeScheduler();
  const config = parseConfig({ mcpServers: { m: { command: 'unused' } } }).upstreams[0]!;
  let fetches = 0;
  let current = true;
  const upstream = {
    name: 'm',
    config,
    state: 'ready',
    server: { capabilities: { tools: {} } },
    listensForChanges: listens,
    listTtlMs: (method: string) => (method === 'tools/list' ? ttlMs : undefined),
    listAll: async () => {
      fetches++;
      return [{ name: `t${fetches}`, inputSchema: { type: 'object' } }];
    },
  } as unknown as Upstream;
  const refresh = new CatalogRefresh({
    catalog: new Catalog({ separator: '__' }),
    log: silentLogger,
    configOrder: () => [config],
    isCurrent: () => current,
    changed: () => {},
    quiet: () => false,
    schedule: (ms, fn) => {
      const timer = scheduler.schedule(fn, ms);
      return () => timer.unsubscribe();
    },
  });
  let time = 0;
  const advance = async (ms: number) => {
    time += ms;
    scheduler.maxFrames = time;
    scheduler.flush();
    await new Promise((r) => setTimeout(r, 0));
  };
  return {
    refresh,
    upstream,
    advance,
    fetches: () => fetches,
    gone: () => {
      current = false;
    },
  };
}

describe('CatalogRefresh and ttlMs', () => {
  it('fetches a list again once its ttlMs has passed', async () => {
    const t = setup(20_000);
    await t.refresh.refresh(t.upstream, ['tools']);
    expect(t.fetches()).toBe(1);
    await t.advance(19_000);
    expect(t.fetches()).toBe(1);
    await t.advance(2_000);
    expect(t.fetches()).toBe(2);
    await t.advance(20_000);
    expect(t.fetches()).toBe(3);
  });

  it('does not loop on ttlMs 0 when list changes come through a listen', async () => {
    const t = setup(0, true);
    await t.refresh.refresh(t.upstream, ['tools']);
    await t.advance(60_000);
    expect(t.fetches()).toBe(1);
  });

  it('refreshes a ttlMs 0 list at the minimum pace when no list changes come', async () => {
    const t = setup(0, false);
    await t.refresh.refresh(t.upstream, ['tools']);
    await t.advance(MIN_TTL_REFRESH_MS + 1);
    expect(t.fetches()).toBe(2);
  });

  it('stops refreshing a removed upstream, and a legacy list (no ttl) is never refreshed', async () => {
    const t = setup(10_000);
    await t.refresh.refresh(t.upstream, ['tools']);
    t.refresh.remove('m');
    t.gone();
    await t.advance(60_000);
    expect(t.fetches()).toBe(1);
    const legacy = setup(undefined);
    await legacy.refresh.refresh(legacy.upstream, ['tools']);
    await legacy.advance(60_000);
    expect(legacy.fetches()).toBe(1);
  });
});
