/**
 * Tool search end to end: the real CLI over stdio, several real upstreams
 * (`@modelcontextprotocol/server-everything` as `a`…`e`, over ten tools each) and the official
 * SDK client. `auto` with over 40 visible tools (over its threshold) lists the meta-tools, `search`
 * lists them even for one upstream, `auto` under the threshold lists the plain tools;
 * `search_tools` finds the right tool as structuredContent; `call_tool` routes with progress;
 * a denied upstream (`e`, by `mcpMux.access`) is never found nor callable; activation sends
 * `tools/list_changed` and the next list holds the activated tools.
 */
import {
  CallToolResultSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliClient, connectCli, everything, writeConfig } from './harness.js';

let big: CliClient;
const others: CliClient[] = [];

const names = async (cli: CliClient) => (await cli.client.listTools()).tools.map((t) => t.name);

beforeAll(async () => {
  big = await connectCli(
    writeConfig({
      mcpServers: Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((key) => [key, everything()])),
      mcpMux: {
        toolSearch: { mode: 'auto', threshold: 40, maxResults: 5, maxActivated: 2 },
        access: [{ principals: ['*'], tools: ['a__*', 'b__*', 'c__*', 'd__*'] }],
      },
    }),
  );
}, 60_000);

afterAll(async () => {
  await Promise.allSettled([big, ...others].map((cli) => cli?.close()));
});

async function small(mode: 'search' | 'auto'): Promise<CliClient> {
  const cli = await connectCli(
    writeConfig({
      mcpServers: { a: everything() },
      mcpMux: { toolSearch: { mode, threshold: 40 } },
    }),
  );
  others.push(cli);
  return cli;
}

interface Found {
  name: string;
  upstream: string;
  description?: string;
  inputSchema: unknown;
}

async function search(cli: CliClient, args: Record<string, unknown>) {
  const result = await cli.client.callTool({ name: 'search_tools', arguments: args });
  const structured = result.structuredContent as { tools: Found[]; activated?: string[] };
  const text = (result.content as { type: string; text: string }[])[0]?.text ?? '';
  expect(JSON.parse(text)).toEqual(structured);
  return structured;
}

describe('toolSearch', () => {
  it('lists the meta-tools over the threshold and in search mode, the plain list under it', async () => {
    expect(await names(big)).toEqual(['search_tools', 'call_tool']);
    const listed = await big.client.listTools();
    expect(listed.tools[0]?.outputSchema).toBeDefined();
    expect(Object.keys(listed.tools[0]?.inputSchema.properties ?? {})).toContain('activate');
    const [searchMode, autoMode] = await Promise.all([small('search'), small('auto')]);
    expect(await names(searchMode)).toEqual(['search_tools', 'call_tool']);
    const plain = await names(autoMode);
    expect(plain.length).toBeGreaterThan(10);
    expect(plain.length).toBeLessThanOrEqual(40);
    expect(plain).toContain('a__echo');
  }, 60_000);

  it('search_tools returns the best tools as structuredContent, never a denied one', async () => {
    const found = await search(big, { query: 'add two numbers together' });
    expect(found.tools.length).toBeGreaterThan(0);
    expect(found.tools.length).toBeLessThanOrEqual(5);
    expect(found.tools[0]?.name).toMatch(/^[abcd]__get-sum$/);
    expect(found.tools[0]?.upstream).toBe(found.tools[0]?.name.slice(0, 1));
    expect(found.tools[0]?.inputSchema).toMatchObject({ type: 'object' });
    const echoes = await search(big, { query: 'echo', limit: 5 });
    expect(echoes.tools.map((t) => t.name)).toEqual(['a__echo', 'b__echo', 'c__echo', 'd__echo']);
    expect(echoes.tools.some((t) => t.upstream === 'e')).toBe(false);
  }, 30_000);

  it('call_tool routes like a direct call: the result, progress, and access', async () => {
    const sum = await big.client.callTool({
      name: 'call_tool',
      arguments: { name: 'b__get-sum', arguments: { a: 2, b: 3 } },
    });
    expect(JSON.stringify(sum.content)).toContain('5');
    const progress: number[] = [];
    const long = await big.client.callTool(
      {
        name: 'call_tool',
        arguments: {
          name: 'a__trigger-long-running-operation',
          arguments: { duration: 1, steps: 3 },
        },
      },
      CallToolResultSchema,
      { onprogress: (p) => progress.push(p.progress) },
    );
    expect(long.isError).not.toBe(true);
    expect(progress).toEqual([1, 2, 3]);
    await expect(
      big.client.callTool({ name: 'call_tool', arguments: { name: 'e__echo', arguments: {} } }),
    ).rejects.toThrow(/Access denied: e__echo/);
    const bad = await big.client.callTool({ name: 'call_tool', arguments: {} });
    expect(bad.isError).toBe(true);
  }, 30_000);

  it('activation sends list_changed and the next list holds the activated tools (capped)', async () => {
    let changed = 0;
    big.client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      changed++;
    });
    const found = await search(big, { query: 'add two numbers', limit: 1, activate: true });
    expect(found.activated).toEqual([found.tools[0]?.name]);
    await expect.poll(() => changed).toBe(1);
    expect(await names(big)).toEqual(['search_tools', 'call_tool', found.tools[0]?.name]);
    // The activated tool is callable directly; activating more keeps the newest two.
    const direct = await big.client.callTool({
      name: found.tools[0]?.name as string,
      arguments: { a: 1, b: 1 },
    });
    expect(JSON.stringify(direct.content)).toContain('2');
    await search(big, { query: 'echo', limit: 2, activate: true });
    await expect.poll(() => changed).toBe(2);
    expect(await names(big)).toEqual(['search_tools', 'call_tool', 'a__echo', 'b__echo']);
    await search(big, { query: 'echo', limit: 2, activate: true });
    expect(await names(big)).toEqual(['search_tools', 'call_tool', 'a__echo', 'b__echo']);
    expect(changed).toBe(2);
  }, 30_000);
});
