/**
 * An upstream that joins after start-up (a slow starter, past the start-up wait) becomes
 * facade `list_changed` notifications and its items appear; and the capabilities the facade
 * advertises are the union of the upstreams'. The library router in-process (real upstream
 * processes), a client on an in-memory pair.
 */
import { lastValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { JsonObject, JsonRpcNotification } from '../../core/rpc/jsonrpc.js';
import { Connection, createRouter, parseConfig, type Router, silentLogger } from '../../index.js';
import { createMemoryPair } from '../../transports/memory.js';
import { eventually } from './cliSessions.js';
import { fixturePath } from './harness.js';

const surface = (...flags: string[]) => ({
  command: process.execPath,
  args: [fixturePath('surfaceServer'), ...flags],
});

let router: Router | undefined;

afterEach(async () => {
  await router?.close();
  router = undefined;
});

async function clientOf(r: Router) {
  const [client, server] = createMemoryPair();
  r.connect(server);
  const notifications: JsonRpcNotification[] = [];
  const connection = new Connection(client, {
    handlers: { notification: (n) => notifications.push(n) },
  });
  const call = async (method: string, params: JsonObject = {}) => {
    const event = await lastValueFrom(connection.request$(method, params, { timeout: 30_000 }));
    if (event.kind !== 'result') throw new Error('no result');
    return event.result;
  };
  const init = await call('initialize', {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 't', version: '1' },
  });
  connection.notify('notifications/initialized');
  return { call, init, notifications };
}

const namesOf = (result: JsonObject) => (result.tools as { name: string }[]).map((t) => t.name);

describe('upstreams joining, and the advertised capabilities', () => {
  it('announces an upstream that becomes ready after start-up', async () => {
    router = createRouter(
      parseConfig({
        mcpServers: {
          a: surface('--no-logging'),
          late: surface('--name', 'late', '--resources', '1', '--delay-ms', '4000'),
        },
      }),
      // Long enough for `a`, too short for `late`.
      { startupTimeoutMs: 2_500, log: silentLogger },
    );
    await router.start();
    const client = await clientOf(router);
    const first = namesOf(await client.call('tools/list'));
    expect(first).toContain('a__add-tool');
    expect(first).not.toContain('late__add-tool');
    const methods = () => client.notifications.map((n) => n.method);
    expect(
      await eventually(
        () =>
          methods().includes('notifications/tools/list_changed') &&
          methods().includes('notifications/prompts/list_changed') &&
          methods().includes('notifications/resources/list_changed'),
        15_000,
      ),
    ).toBe(true);
    expect(namesOf(await client.call('tools/list'))).toContain('late__add-tool');
    const resources = (await client.call('resources/list')).resources as { uri: string }[];
    expect(resources.map((r) => r.uri)).toContain('late://item/1');
  }, 30_000);

  it('advertises the union of the upstreams capabilities, with listChanged', async () => {
    router = createRouter(
      parseConfig({
        mcpServers: {
          a: surface('--no-logging', '--no-subscribe'),
          b: surface('--name', 'b'),
        },
      }),
      { log: silentLogger },
    );
    await router.start();
    const { init } = await clientOf(router);
    expect(init.capabilities).toEqual({
      tools: { listChanged: true },
      prompts: { listChanged: true },
      resources: { listChanged: true, subscribe: true },
      logging: {},
      completions: {},
    });
  }, 30_000);

  it('leaves out what no upstream offers', async () => {
    router = createRouter(
      parseConfig({ mcpServers: { a: surface('--no-logging', '--no-subscribe') } }),
      { log: silentLogger },
    );
    await router.start();
    const { init } = await clientOf(router);
    const capabilities = init.capabilities as JsonObject;
    expect(capabilities.logging).toBeUndefined();
    expect((capabilities.resources as JsonObject).listChanged).toBe(true);
    expect((capabilities.resources as JsonObject).subscribe).not.toBe(true);
  }, 30_000);
});
