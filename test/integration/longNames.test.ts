/**
 * Tool names that LLM APIs accept: by default exposed names are at most 64
 * characters (most model APIs' cap), shortened deterministically and still callable;
 * `mcpMux.maxNameLength` raises it (up to the spec's 128).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textOf } from './clientFeatures.js';
import { type CliClient, connectCli, everything, writeConfig } from './harness.js';

const LONG = 'a_server_key_written_by_someone_who_likes_descriptive_names';

describe('long namespaced names (stdio CLI)', () => {
  let short: CliClient;
  let long: CliClient;

  beforeAll(async () => {
    [short, long] = await Promise.all([
      connectCli(writeConfig({ mcpServers: { [LONG]: everything() } })),
      connectCli(
        writeConfig({ mcpServers: { [LONG]: everything() }, mcpMux: { maxNameLength: 128 } }),
      ),
    ]);
  }, 60_000);

  afterAll(async () => {
    await short?.close();
    await long?.close();
  });

  it('keeps every name within 64 characters by default, and the shortened ones callable', async () => {
    const names = (await short.client.listTools()).tools.map((t) => t.name);
    expect(names.length).toBeGreaterThan(5);
    expect(Math.max(...names.map((n) => n.length))).toBeLessThanOrEqual(64);
    const echo = names.find((n) => n.startsWith(LONG.slice(0, 40)) && n !== `${LONG}__echo`);
    expect(`${LONG}__echo`.length).toBeGreaterThan(64);
    // The hash suffix makes it deterministic: find echo by description instead of by name.
    const tools = (await short.client.listTools()).tools;
    const echoTool = tools.find((t) => t.description?.toLowerCase().includes('echoes back'));
    expect(echoTool?.name.length).toBeLessThanOrEqual(64);
    expect(echo).toBeDefined();
    const result = await short.client.callTool({
      name: echoTool?.name ?? '',
      arguments: { message: 'hi' },
    });
    expect(textOf(result)).toContain('hi');
  });

  it('exposes the full names with maxNameLength 128', async () => {
    const names = (await long.client.listTools()).tools.map((t) => t.name);
    expect(names).toContain(`${LONG}__echo`);
  });
});
