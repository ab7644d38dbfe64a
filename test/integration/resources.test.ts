/**
 * Resources through the real CLI: the merged, re-paginated list (an upstream that pages its
 * own list in 3 pages), reading back every listed URI and every template, subscriptions
 * (server-everything's simulated updates; reference counting toward a shared upstream, with
 * two sessions on one router), and the schema of everything the clients received.
 */
import type { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectCliWithHttp,
  connectHttpSession,
  eventually,
  httpUrlOf,
  jsonOf,
  notificationsOf,
  type RecordedClient,
} from './cliSessions.js';
import { type CliClient, everything, fixturePath, writeConfig } from './harness.js';
import { expectSchemaValid } from './schema.js';

const surface = (...flags: string[]) => ({
  command: process.execPath,
  args: [fixturePath('surfaceServer'), ...flags],
});

const errorOf = (promise: Promise<unknown>): Promise<McpError> =>
  promise.then(
    () => {
      throw new Error('expected an error');
    },
    (error: unknown) => error as McpError,
  );

const UPDATED = 'notifications/resources/updated';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('resources through the CLI', () => {
  let cli: CliClient;
  let other: RecordedClient;

  const recorded = async (kind?: string) => {
    const all = jsonOf(await cli.client.callTool({ name: 's__recorded', arguments: {} })) as {
      kind: string;
      uri?: string;
      cursor?: string | null;
    }[];
    return kind === undefined ? all : all.filter((r) => r.kind === kind);
  };

  beforeAll(async () => {
    const config = writeConfig({
      mcpServers: {
        ev: everything(),
        s: surface('--resources', '15', '--resource-page', '5'),
        n: surface('--name', 'nosub', '--resources', '1', '--no-subscribe'),
      },
      mcpMux: { pageSize: 4 },
    });
    cli = await connectCliWithHttp(config);
    other = await connectHttpSession(httpUrlOf(cli));
  }, 60_000);

  afterAll(async () => {
    await other?.close();
    await cli?.close();
  });

  it('fetches all 3 upstream pages and re-paginates the merged list by pageSize', async () => {
    const pages: string[][] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 50; i++) {
      const page = await cli.client.listResources(cursor === undefined ? {} : { cursor });
      pages.push(page.resources.map((r) => r.uri));
      cursor = page.nextCursor;
      if (cursor === undefined) break;
    }
    const uris = pages.flat();
    expect(pages.every((p) => p.length <= 4)).toBe(true);
    expect(pages.slice(0, -1).every((p) => p.length === 4)).toBe(true);
    const mine = uris.filter((u) => u.startsWith('surface://'));
    expect(mine).toEqual(Array.from({ length: 15 }, (_, i) => `surface://item/${i + 1}`));
    expect(uris.filter((u) => u.startsWith('demo://')).length).toBeGreaterThan(0);
    expect(new Set(uris).size).toBe(uris.length);
    expect(pages.length).toBe(Math.ceil(uris.length / 4));
    // The upstream was asked page by page, following its own cursors.
    const lists = (await recorded('resources/list')).map((r) => r.cursor);
    expect(lists).toEqual([null, '5', '10']);
  });

  it('answers an invalid cursor with -32602', async () => {
    const error = await errorOf(cli.client.listResources({ cursor: 'not-a-cursor' }));
    expect(error.code).toBe(-32602);
    expect(error.message).toMatch(/cursor/i);
  });

  it('reads back every listed resource', async () => {
    const all = [];
    let cursor: string | undefined;
    for (let i = 0; i < 50; i++) {
      const page = await cli.client.listResources(cursor === undefined ? {} : { cursor });
      all.push(...page.resources);
      cursor = page.nextCursor;
      if (cursor === undefined) break;
    }
    for (const resource of all) {
      const read = await cli.client.readResource({ uri: resource.uri });
      expect(read.contents[0]?.uri).toBe(resource.uri);
    }
    expect(all.length).toBeGreaterThan(15);
  });

  it('lists templates and reads a URI expanded from each one', async () => {
    const { resourceTemplates } = await cli.client.listResourceTemplates();
    const templates = resourceTemplates.map((t) => t.uriTemplate);
    expect(templates).toContain('demo://resource/dynamic/text/{resourceId}');
    expect(templates).toContain('surface://note/{name}');
    for (const template of templates) {
      const uri = template.replace(/\{[^}]+\}/g, '7');
      const read = await cli.client.readResource({ uri });
      expect(read.contents[0]?.uri).toBe(uri);
    }
    const text = await cli.client.readResource({ uri: 'demo://resource/dynamic/text/3' });
    expect(JSON.stringify(text.contents)).toContain('Resource 3');
  });

  it('answers an unknown URI with -32002', async () => {
    const read = await errorOf(cli.client.readResource({ uri: 'nowhere://x' }));
    expect(read.code).toBe(-32002);
    const subscribe = await errorOf(cli.client.subscribeResource({ uri: 'nowhere://x' }));
    expect(subscribe.code).toBe(-32002);
  });

  it('refuses to subscribe to a resource whose upstream cannot, naming it', async () => {
    const error = await errorOf(cli.client.subscribeResource({ uri: 'nosub://item/1' }));
    expect(error.code).toBe(-32601);
    expect(error.message).toContain('"n"');
  });

  it('delivers server-everything updates for a subscribed URI, and none after unsubscribing', async () => {
    const { resources } = await cli.client.listResources();
    const uri = resources.find((r) => r.uri.startsWith('demo://'))?.uri as string;
    await cli.client.subscribeResource({ uri });
    const toggle = () =>
      cli.client.callTool({ name: 'ev__toggle-subscriber-updates', arguments: {} });
    await toggle();
    try {
      const updates = () => notificationsOf(cli.wire, UPDATED).filter((n) => n.params?.uri === uri);
      expect(await eventually(() => updates().length > 0, 3_000)).toBe(true);
      // Only the subscribing session hears of it.
      expect(notificationsOf(other.wire, UPDATED)).toEqual([]);
      await cli.client.unsubscribeResource({ uri });
      const seen = notificationsOf(cli.wire, UPDATED).length;
      // server-everything sends every 5 s while updates are on.
      await sleep(5_600);
      expect(notificationsOf(cli.wire, UPDATED).length).toBe(seen);
    } finally {
      await toggle();
    }
  }, 20_000);

  it('reference-counts subscriptions toward a shared upstream and routes updates to subscribers only', async () => {
    const a = cli.client;
    const b = other.client;
    const updatesOf = (wire: readonly unknown[]) =>
      notificationsOf(wire, UPDATED).map((n) => n.params?.uri);
    const aBefore = updatesOf(cli.wire).length;
    const touch = async (uri: string) => {
      await a.callTool({ name: 's__touch', arguments: { uri } });
    };

    await a.subscribeResource({ uri: 'surface://item/1' });
    await b.subscribeResource({ uri: 'surface://item/1' });
    await b.subscribeResource({ uri: 'surface://item/2' });
    await b.subscribeResource({ uri: 'surface://item/2' }); // twice: still one subscription
    const subscribes = (await recorded('subscribe')).map((r) => r.uri);
    expect(subscribes).toEqual(['surface://item/1', 'surface://item/2']);

    await touch('surface://item/1');
    await touch('surface://item/2');
    expect(await eventually(() => updatesOf(other.wire).length >= 2)).toBe(true);
    expect(await eventually(() => updatesOf(cli.wire).length > aBefore)).toBe(true);
    expect(updatesOf(cli.wire).slice(aBefore)).toEqual(['surface://item/1']);
    expect(updatesOf(other.wire)).toEqual(['surface://item/1', 'surface://item/2']);

    // A leaves item/1: B still holds it, so the upstream keeps its subscription.
    await a.unsubscribeResource({ uri: 'surface://item/1' });
    expect(await recorded('unsubscribe')).toEqual([]);
    await touch('surface://item/1');
    expect(await eventually(() => updatesOf(other.wire).length >= 3)).toBe(true);
    expect(updatesOf(cli.wire).slice(aBefore)).toEqual(['surface://item/1']);

    // B's session closes: its last subscriptions end upstream.
    await other.close();
    let unsubscribes: unknown[] = [];
    for (let i = 0; i < 40 && unsubscribes.length < 2; i++) {
      unsubscribes = (await recorded('unsubscribe')).map((r) => r.uri);
      if (unsubscribes.length < 2) await sleep(50);
    }
    expect([...unsubscribes].sort()).toEqual(['surface://item/1', 'surface://item/2']);
  });

  it('sent only messages valid under 2025-11-25, to both sessions', () => {
    expectSchemaValid('2025-11-25', cli);
    expectSchemaValid('2025-11-25', other);
  });
});
