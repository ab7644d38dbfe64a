/**
 * The merged catalog through the real CLI: 1,000 tools from one upstream (which pages its own
 * list) re-paginated by the facade; cursors that go stale when the list changes; a list change
 * in one upstream refetching that upstream alone and reaching the client as one coalesced
 * `list_changed`; an upstream leaving (its items gone, every list announced as changed).
 */
import type { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, jsonOf, notificationsOf } from './cliSessions.js';
import { type CliClient, connectCli, everything, fixturePath, writeConfig } from './harness.js';
import { expectSchemaValid } from './schema.js';

const surface = (...flags: string[]) => ({
  command: process.execPath,
  args: [fixturePath('surfaceServer'), ...flags],
});

const CHANGED = {
  tools: 'notifications/tools/list_changed',
  prompts: 'notifications/prompts/list_changed',
  resources: 'notifications/resources/list_changed',
};

describe('the merged catalog through the CLI', () => {
  let cli: CliClient;

  const allTools = async () => {
    const pages: string[][] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 100; i++) {
      const page = await cli.client.listTools(cursor === undefined ? {} : { cursor });
      pages.push(page.tools.map((t) => t.name));
      cursor = page.nextCursor;
      if (cursor === undefined) break;
    }
    return pages;
  };
  const toolListsOf = async (upstream: string) => {
    const recorded = jsonOf(
      await cli.client.callTool({ name: `${upstream}__recorded`, arguments: {} }),
    ) as { kind: string; cursor?: string | null }[];
    return recorded.filter((r) => r.kind === 'tools/list').map((r) => r.cursor);
  };

  beforeAll(async () => {
    const config = writeConfig({
      mcpServers: {
        big: surface('--name', 'big', '--tools', '1000', '--tool-page', '250'),
        t: surface('--name', 't', '--resources', '2'),
        ev: everything(),
      },
      // `t` exits in one test: it must stay gone (no restart) for the test to see it leave.
      mcpMux: { pageSize: 100, restart: { maxRestarts: 0 } },
    });
    cli = await connectCli(config);
    // server-everything registers more tools once initialized and announces them; under load
    // the router's refetch can land after the client is served, and a change in the middle of
    // paging makes the next cursor stale (and sends one more list_changed). The tests start
    // once two full listings 500 ms apart agree and no change reached the client between them.
    let previous = '';
    for (let i = 0; i < 40; i++) {
      const seen = notificationsOf(cli.wire, CHANGED.tools).length;
      const names = await allTools().then(
        (pages) => pages.flat().join(','),
        () => '', // a cursor went stale: the list is still changing
      );
      const quiet = notificationsOf(cli.wire, CHANGED.tools).length === seen;
      if (names !== '' && names === previous && quiet) break;
      previous = quiet ? names : '';
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }, 60_000);

  afterAll(async () => {
    await cli?.close();
  });

  it('serves 1,000 tools of one upstream in pages of pageSize, all of them, once, in order', async () => {
    const pages = await allTools();
    const names = pages.flat();
    const big = names.filter((n) => /^big__tool-\d{4}$/.test(n));
    expect(big).toEqual(
      Array.from({ length: 1000 }, (_, i) => `big__tool-${String(i + 1).padStart(4, '0')}`),
    );
    expect(new Set(names).size).toBe(names.length);
    expect(pages.slice(0, -1).every((p) => p.length === 100)).toBe(true);
    expect(pages.length).toBe(Math.ceil(names.length / 100));
    expect(names).toEqual(expect.arrayContaining(['t__add-tool', 'ev__echo']));
    // The upstream (1,006 tools with its fixed ones) was read page by page (5 pages of up to
    // 250) at start-up, and not once per facade call.
    expect(await toolListsOf('big')).toEqual([null, '250', '500', '750', '1000']);
    const called = await cli.client.callTool({ name: 'big__tool-0950', arguments: {} });
    expect(jsonOf(called)).toEqual({ called: 'tool-0950' });
  });

  it('refetches only the upstream that announced a change, and tells the client once', async () => {
    const first = await cli.client.listTools();
    const stale = first.nextCursor as string;
    const before = notificationsOf(cli.wire, CHANGED.tools).length;
    const bigLists = (await toolListsOf('big')).length;
    const tLists = (await toolListsOf('t')).length;

    await cli.client.callTool({ name: 't__add-tool', arguments: {} });
    expect(await eventually(() => notificationsOf(cli.wire, CHANGED.tools).length > before)).toBe(
      true,
    );
    // Coalesced: one notification for the change (give a second one time to show up).
    await new Promise((r) => setTimeout(r, 200));
    expect(notificationsOf(cli.wire, CHANGED.tools).length).toBe(before + 1);

    const names = (await allTools()).flat();
    expect(names).toContain('t__extra-1');
    expect((await toolListsOf('t')).length).toBe(tLists + 1);
    expect((await toolListsOf('big')).length).toBe(bigLists);

    // A cursor issued before the change is refused: the list may have shifted under it.
    const error = await cli.client.listTools({ cursor: stale }).then(
      () => undefined,
      (e: unknown) => e as McpError,
    );
    expect(error?.code).toBe(-32602);
    expect(error?.message).toMatch(/changed/);
  });

  it('answers a cursor of another list, or garbage, with -32602', async () => {
    const { nextCursor } = await cli.client.listTools();
    for (const cursor of [nextCursor as string, '%%%', 'eyJrIjoidG9vbHMifQ']) {
      const error = await cli.client.listPrompts({ cursor }).then(
        () => undefined,
        (e: unknown) => e as McpError,
      );
      expect(error?.code).toBe(-32602);
    }
  });

  it('drops the items of an upstream that leaves, and announces every list as changed', async () => {
    const counts = () => Object.values(CHANGED).map((m) => notificationsOf(cli.wire, m).length);
    const before = counts();
    await cli.client.callTool({ name: 't__exit', arguments: {} });
    expect(
      await eventually(() => counts().every((count, i) => count > (before[i] ?? 0)), 10_000),
    ).toBe(true);
    // Coalesced: one per list, though resources and templates both changed.
    await new Promise((r) => setTimeout(r, 200));
    expect(counts()).toEqual(before.map((count) => count + 1));
    const names = (await allTools()).flat();
    expect(names.some((n) => n.startsWith('t__'))).toBe(false);
    expect(names).toContain('big__tool-0001');
    const { resources } = await cli.client.listResources();
    expect(resources.some((r) => r.uri.startsWith('t://'))).toBe(false);
    const call = await cli.client.callTool({ name: 't__add-tool', arguments: {} }).then(
      () => undefined,
      (e: unknown) => e as McpError,
    );
    // Its tools are known to be down, not unknown: the retryable -32011 naming it.
    expect(call?.code).toBe(-32011);
    expect(call?.message).toContain('Upstream "t"');
  });

  it('sent only messages valid under 2025-11-25', () => {
    expectSchemaValid('2025-11-25', cli);
  });
});
