/**
 * The UpstreamPool on its own (no Router), over in-process upstreams: adding an upstream
 * follows it into the catalog and tells its owner; `call` goes through the upstream's queue;
 * an unknown upstream is -32011; removing one takes its part out of the catalog at once.
 */
import { asyncScheduler } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { schedulerClock } from '../../../actors/router/schedulerClock.js';
import type { UpstreamInboundHost } from '../../../actors/router/upstreamInbound.js';
import { UpstreamPool } from '../../../actors/router/upstreamPool.js';
import { Catalog, type CatalogKind } from '../../../core/catalog/catalog.js';
import { parseConfig } from '../../../core/config/config.js';
import { silentLogger } from '../../../core/log/log.js';
import { FakeUpstreams, rejection, until } from '../inProcess.js';

const pools: UpstreamPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close('test over')));
});

function pool() {
  const config = parseConfig({ mcpServers: { a: { command: 'x' }, b: { command: 'x' } } });
  const catalog = new Catalog({ separator: config.separator });
  const fakes = new FakeUpstreams();
  const states: string[] = [];
  const settled: string[] = [];
  const changed: CatalogKind[] = [];
  const upstreams = new UpstreamPool({
    catalog,
    config: () => config,
    // Nothing here sends the router requests or notifications of its own.
    inbound: {} as UpstreamInboundHost,
    openTransport: fakes.openTransport,
    serverInfo: { name: 'mcp-mux', version: 'test' },
    initializeTimeoutMs: 5_000,
    scheduler: asyncScheduler,
    clock: schedulerClock(asyncScheduler),
    log: silentLogger,
    onState: (name, state) => states.push(`${name}:${state}`),
    settled: (name) => settled.push(name),
    changed: (kind) => changed.push(kind),
    quiet: () => false,
  });
  pools.push(upstreams);
  return { upstreams, catalog, config, states, settled, changed, fakes };
}

describe('UpstreamPool', () => {
  it('adds an upstream, follows it to ready, puts its tools in the catalog and says it settled', async () => {
    const { upstreams, catalog, config, states, settled } = pool();
    const [a] = config.upstreams;
    if (!a) throw new Error('no upstream a');
    upstreams.add(a);
    expect([...upstreams.keys()]).toEqual(['a']);
    expect(await until(() => settled.includes('a'))).toBe(true);
    expect(states).toContain('a:ready');
    expect(catalog.list('tools').map((t) => t.name)).toContain('a__echo');
    expect(upstreams.status()).toEqual([
      expect.objectContaining({ name: 'a', state: 'ready', tools: 4 }),
    ]);
    expect(upstreams.capabilities(false)).toHaveProperty('tools');
  });

  it("calls go through the upstream's queue; an unknown upstream is the retryable -32011", async () => {
    const { upstreams, config, settled } = pool();
    const [a] = config.upstreams;
    if (!a) throw new Error('no upstream a');
    upstreams.add(a);
    await until(() => settled.includes('a'));
    const listed = await upstreams.call('a', 'tools/list', {});
    expect((listed.tools as unknown[]).length).toBe(4);
    expect(upstreams.get('a')?.load).toEqual({ queued: 0, running: 0 });
    const error = await rejection(upstreams.call('nope', 'tools/list', {}));
    expect(error.code).toBe(-32011);
    expect(error.data).toEqual({ upstream: 'nope' });
  });

  it('removing an upstream takes its part out of the catalog at once and closes it', async () => {
    const { upstreams, catalog, config, settled, changed, states, fakes } = pool();
    for (const upstream of config.upstreams) upstreams.add(upstream);
    await until(() => settled.length === 2);
    changed.length = 0;
    await upstreams.remove('a', 'reload');
    expect(upstreams.get('a')).toBeUndefined();
    expect(catalog.list('tools').some((t) => String(t.name).startsWith('a__'))).toBe(false);
    expect(catalog.list('tools').some((t) => String(t.name).startsWith('b__'))).toBe(true);
    expect(new Set(changed)).toEqual(
      new Set(['tools', 'prompts', 'resources', 'resourceTemplates']),
    );
    expect(states).toContain('a:closed');
    // The upstream's end of the pair saw its connection close.
    let closed = false;
    fakes.latest('a').connection.closed$.subscribe(() => {
      closed = true;
    });
    expect(await until(() => closed)).toBe(true);
  });
});
