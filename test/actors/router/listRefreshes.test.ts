/**
 * List changes coalesced into refetches (actors/router/listRefreshes.ts), on virtual time: a
 * storm of an upstream's `list_changed` costs a few refetches and a few client notifications,
 * the catalog ends with the last list; a refetch in flight is never doubled, and a change
 * during it makes exactly one more. The chain is real: `ListRefreshes` → `CatalogRefresh` →
 * `Catalog` → `ListChanges` (facade.ts) → sessions that count what they are told.
 */
import { defer, timer, VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { CatalogRefresh } from '../../../actors/router/catalogRefresh.js';
import { ListChanges } from '../../../actors/router/facade.js';
import { ListRefreshes } from '../../../actors/router/listRefreshes.js';
import type { Upstream } from '../../../actors/upstream/upstream.js';
import { Catalog, type CatalogKind } from '../../../core/catalog/catalog.js';
import { parseConfig } from '../../../core/config/config.js';
import { silentLogger } from '../../../core/log/log.js';

/**
 * Runs `scheduler` to `until` one virtual ms at a time, letting promises settle in between (a
 * refetch is a promise), with the clock at that ms for what they schedule.
 */
async function runTo(scheduler: VirtualTimeScheduler, until: number): Promise<void> {
  for (let t = scheduler.now() + 1; t <= until; t++) {
    scheduler.maxFrames = t;
    scheduler.flush();
    scheduler.frame = t;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * One upstream `u` whose tools change when `change()` is called, and whose `tools/list` takes
 * `fetchMs` of virtual time; the full chain down to counting sessions.
 */
function chain(fetchMs: number) {
  const scheduler = new VirtualTimeScheduler();
  const config = parseConfig({ mcpServers: { u: { command: 'unused' } } }).upstreams[0]!;
  let generation = 0;
  let fetches = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const toolsNow = () => [
    { name: 'stable', inputSchema: { type: 'object' } },
    { name: `gen-${generation}`, inputSchema: { type: 'object' } },
  ];
  const upstream = {
    name: 'u',
    config,
    state: 'ready',
    server: { capabilities: { tools: { listChanged: true } } },
    listensForChanges: false,
    listTtlMs: () => undefined,
    listAll: async () => {
      fetches++;
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      // What the upstream answers is its list when the request reaches it.
      const answer = toolsNow();
      await new Promise((resolve) => scheduler.schedule(resolve, fetchMs));
      inFlight--;
      return answer;
    },
  } as unknown as Upstream;
  const catalog = new Catalog({ separator: '__' });
  const told = [0, 0, 0];
  const sessions = told.map((_, i) => ({
    notifyIfReady: (method: string) => {
      if (method === 'notifications/tools/list_changed') told[i] = (told[i] ?? 0) + 1;
    },
  }));
  const listChanges = new ListChanges(scheduler, () => sessions);
  const lists = new CatalogRefresh({
    catalog,
    log: silentLogger,
    configOrder: () => [config],
    isCurrent: () => true,
    changed: (kind: CatalogKind, name: string) => listChanges.changed(kind, name),
    quiet: () => false,
  });
  const refreshes = new ListRefreshes({
    scheduler,
    refetch: (_name, kind) => lists.refresh(upstream, [kind]),
  });
  return {
    scheduler,
    catalog,
    refreshes,
    told,
    fetches: () => fetches,
    maxInFlight: () => maxInFlight,
    /** The upstream changes its tools at virtual time `at` and says so. */
    changeAt: (at: number) =>
      scheduler.schedule(() => {
        generation++;
        refreshes.changed('u', ['tools']);
      }, at),
    /** The first fetch (as when the upstream became ready), 30 ms before virtual 0's changes. */
    start: async () => {
      const done = lists.refresh(upstream, ['tools']);
      await runTo(scheduler, fetchMs + 20);
      await done;
      told.fill(0); // start-up is told to nobody (the router starts its clients after it)
    },
    names: () => catalog.list('tools').map((t) => t.name),
  };
}

describe('ListRefreshes', () => {
  it('turns 50 list changes in one second into a few refetches and notifications; the catalog ends right', async () => {
    const t = chain(30);
    await t.start();
    expect(t.names()).toEqual(['u__stable', 'u__gen-0']);
    for (let i = 0; i < 50; i++) t.changeAt(i * 20);
    await runTo(t.scheduler, 2_100);
    // Without coalescing: 50 refetches and up to 50 notifications per session.
    expect(t.fetches() - 1).toBeGreaterThanOrEqual(2);
    expect(t.fetches() - 1).toBeLessThanOrEqual(5);
    expect(t.maxInFlight()).toBe(1);
    for (const count of t.told) {
      expect(count).toBeGreaterThanOrEqual(1);
      expect(count).toBeLessThanOrEqual(5);
    }
    expect(t.names()).toEqual(['u__stable', 'u__gen-50']);
    // Quiet afterwards: nothing more is fetched or told.
    const [fetches, told] = [t.fetches(), [...t.told]];
    await runTo(t.scheduler, 4_100);
    expect([t.fetches(), t.told]).toEqual([fetches, told]);
  });

  it('fetches one isolated change after the first window and tells each session once', async () => {
    const t = chain(10);
    await t.start();
    t.changeAt(100);
    await runTo(t.scheduler, 149);
    expect(t.fetches()).toBe(1);
    await runTo(t.scheduler, 400);
    expect(t.fetches()).toBe(2);
    expect(t.told).toEqual([1, 1, 1]);
    expect(t.names()).toEqual(['u__stable', 'u__gen-1']);
  });

  it('a change while a refetch is in flight makes exactly one more refetch, after it', async () => {
    const t = chain(1_000);
    await t.start();
    t.changeAt(0);
    // The refetch runs from +50 to +1050; three changes arrive during it.
    for (const at of [300, 600, 900]) t.changeAt(at);
    await runTo(t.scheduler, 6_000);
    expect(t.fetches() - 1).toBe(2);
    expect(t.maxInFlight()).toBe(1);
    expect(t.names()).toEqual(['u__stable', 'u__gen-4']);
  });

  it('keeps one pipeline per upstream and kind, and ends them when the upstream leaves', () => {
    const scheduler = new VirtualTimeScheduler();
    const fetched: string[] = [];
    const refreshes = new ListRefreshes({
      scheduler,
      refetch: (name, kind) =>
        defer(() => {
          fetched.push(`${name}/${kind}`);
          return timer(10, scheduler);
        }),
    });
    refreshes.changed('a', ['tools']);
    refreshes.changed('a', ['resources', 'resourceTemplates']);
    refreshes.changed('b', ['tools']);
    expect(refreshes.size).toBe(4);
    refreshes.forget('b');
    expect(refreshes.size).toBe(3);
    scheduler.flush();
    expect(fetched.sort()).toEqual(['a/resourceTemplates', 'a/resources', 'a/tools']);
    refreshes.close();
    expect(refreshes.size).toBe(0);
  });

  it('goes on after a failed refetch', () => {
    const scheduler = new VirtualTimeScheduler();
    let calls = 0;
    const refreshes = new ListRefreshes({
      scheduler,
      refetch: () => {
        calls++;
        return calls === 1 ? Promise.reject(new Error('boom')) : [];
      },
    });
    refreshes.changed('a', ['tools']);
    scheduler.flush();
    return new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      refreshes.changed('a', ['tools']);
      scheduler.maxFrames = Number.POSITIVE_INFINITY;
      scheduler.flush();
      expect(calls).toBe(2);
    });
  });
});
