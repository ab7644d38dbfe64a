/**
 * Roots, two SDK clients over Streamable HTTP on one router, real
 * server-everything upstreams (its `get-roots-list` shows the roots it was given):
 * - a shared upstream gets the config's roots from mcp-mux itself, never a client's, and never
 *   hears a client's roots change;
 * - an isolated upstream is opened once its client has initialized, so its start-up
 *   `roots/list` reaches that client (no tool call needed), and each client sees its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_FEATURES, eventually, textOf } from './clientFeatures.js';
import { everything } from './harness.js';
import {
  connectHttpClient,
  type HttpClient,
  type HttpRouter,
  startHttpRouter,
} from './httpRouter.js';

describe('roots: shared upstreams get the config’s, isolated ones their client’s', () => {
  let mux: HttpRouter;
  let a: HttpClient;
  let b: HttpClient;

  beforeAll(async () => {
    mux = await startHttpRouter({
      mcpServers: {
        sh: everything({ roots: ['/srv/shared', { uri: 'file:///srv/docs', name: 'docs' }] }),
        iso: everything({ sessionMode: 'isolated' }),
      },
    });
    a = await connectHttpClient(mux.facade.url, 'A', ALL_FEATURES);
    b = await connectHttpClient(mux.facade.url, 'B', ALL_FEATURES);
  }, 60_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await mux?.close();
  });

  it('asks each client for its roots at connect, through its own isolated upstream', async () => {
    // server-everything asks 350 ms after `notifications/initialized`: no tool call needed.
    await eventually(() => (a.seen.rootsRequests >= 1 ? true : undefined));
    await eventually(() => (b.seen.rootsRequests >= 1 ? true : undefined));
    const rootsA = textOf(await a.client.callTool({ name: 'iso__get-roots-list' }));
    const rootsB = textOf(await b.client.callTool({ name: 'iso__get-roots-list' }));
    expect(rootsA).toContain('file:///work/A');
    expect(rootsA).not.toContain('file:///work/B');
    expect(rootsB).toContain('file:///work/B');
    expect(rootsB).not.toContain('file:///work/A');
  });

  it('gives the shared upstream the config’s roots, whoever calls', async () => {
    for (const client of [a, b]) {
      const text = textOf(await client.client.callTool({ name: 'sh__get-roots-list' }));
      expect(text).toContain('file:///srv/shared');
      expect(text).toContain('file:///srv/docs');
      expect(text).not.toContain('file:///work/');
    }
  });

  it('sends a client’s roots change to its isolated upstream only', async () => {
    a.roots = [{ uri: 'file:///work/A-changed', name: 'changed' }];
    await a.client.sendRootsListChanged();
    await eventually(async () => {
      const text = textOf(await a.client.callTool({ name: 'iso__get-roots-list' }));
      return text.includes('file:///work/A-changed') ? true : undefined;
    });
    const rootsB = textOf(await b.client.callTool({ name: 'iso__get-roots-list' }));
    expect(rootsB).not.toContain('A-changed');
    for (const client of [a, b]) {
      const text = textOf(await client.client.callTool({ name: 'sh__get-roots-list' }));
      expect(text).not.toContain('A-changed');
      expect(text).toContain('file:///srv/shared');
    }
  });
});
