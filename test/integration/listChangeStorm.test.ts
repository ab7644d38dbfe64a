/**
 * A storm of list changes through the real CLI: a real upstream process (the v1 SDK's
 * McpServer in test/fixtures/churnServer.ts) registers and removes a tool 50 times in about a
 * second, each with `notifications/tools/list_changed`. The router refetches its list a few
 * times, not 50 (actors/router/listRefreshes.ts), an SDK client hears a few `list_changed`,
 * not 50, and the final `tools/list` is the upstream's final list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, jsonOf, notificationsOf } from './cliSessions.js';
import { type CliClient, connectCli, fixture, writeConfig } from './harness.js';

const CHANGED = 'notifications/tools/list_changed';
let cli: CliClient;

const toolNames = async () => (await cli.client.listTools()).tools.map((t) => t.name).sort();
const listRequests = async () =>
  Number(jsonOf(await cli.client.callTool({ name: 'churn__list-requests', arguments: {} })));

beforeAll(async () => {
  cli = await connectCli(writeConfig({ mcpServers: { churn: fixture('churnServer') } }));
}, 30_000);

afterAll(async () => {
  await cli?.close();
});

describe('a storm of list changes', () => {
  it('costs a few refetches and a few notifications, and ends with the right list', async () => {
    expect(await toolNames()).toEqual(['churn__churn', 'churn__list-requests']);
    const fetchedBefore = await listRequests();
    const toldBefore = notificationsOf(cli.wire, CHANGED).length;

    // 50 registrations and removals 10 ms apart, then `settled-50`: 51 list changes.
    const started = Date.now();
    const done = await cli.client.callTool({ name: 'churn__churn', arguments: {} });
    const stormMs = Date.now() - started;
    expect(jsonOf(done)).toEqual({ done: 50 });
    const final = ['churn__churn', 'churn__list-requests', 'churn__settled-50'];
    // The last change is announced (a list call now would still show the list before it).
    expect(await eventually(() => notificationsOf(cli.wire, CHANGED).length > toldBefore)).toBe(
      true,
    );
    for (let i = 0; i < 100 && (await toolNames()).join() !== final.join(); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Let anything late arrive before counting (the adaptive window is at most 250 ms).
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await toolNames()).toEqual(final);

    const refetches = (await listRequests()) - fetchedBefore;
    const told = notificationsOf(cli.wire, CHANGED).length - toldBefore;
    // At most one refetch per 250 ms while the storm lasts (about a second, longer on a busy
    // machine), plus the last one; without coalescing it was 51 refetches and ~40 notifications.
    const bound = Math.min(Math.ceil(stormMs / 250) + 2, 20);
    expect(refetches).toBeGreaterThanOrEqual(1);
    expect(refetches).toBeLessThanOrEqual(bound);
    expect(told).toBeGreaterThanOrEqual(1);
    expect(told).toBeLessThanOrEqual(bound);
  }, 30_000);
});
