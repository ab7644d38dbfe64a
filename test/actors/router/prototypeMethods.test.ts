/**
 * Method names that are also `Object.prototype` properties: the facade
 * answers -32601 for them like any unknown method, and every method table is prototype-free.
 */
import { lastValueFrom, toArray } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from '../../../actors/router/router.js';
import { upstreamNotifications, upstreamRequests } from '../../../actors/router/upstreamInbound.js';
import { routes } from '../../../actors/routes/index.js';
import { parseConfig } from '../../../core/config/config.js';
import type { RpcError } from '../../../core/errors/errors.js';
import { capabilityGap, SERVER_REQUEST_CAPABILITY } from '../../../core/mcp/clientCapabilities.js';
import { Connection } from '../../../core/rpc/connection.js';
import { createMemoryPair } from '../../../transports/memory.js';

const PROTOTYPE_NAMES = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];
const routers: Router[] = [];
afterEach(async () => {
  await Promise.all(routers.splice(0).map((router) => router.close()));
});

describe('prototype property names as methods', () => {
  it('the facade answers -32601 for each', async () => {
    const router = new Router(parseConfig({ mcpServers: {} }), {
      openTransport: async () => {
        throw new Error('no upstreams in this test');
      },
    });
    routers.push(router);
    void router.start();
    const [client, server] = createMemoryPair();
    router.connect(server);
    const connection = new Connection(client);
    await lastValueFrom(
      connection.request$('initialize', {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 't', version: '1' },
      }),
    );
    for (const method of PROTOTYPE_NAMES) {
      const error = (await lastValueFrom(connection.request$(method, {}).pipe(toArray())).catch(
        (e: unknown) => e,
      )) as RpcError;
      expect({ method, code: error.code }).toEqual({ method, code: -32601 });
    }
  });

  it('every method table is prototype-free', () => {
    for (const table of [
      routes,
      upstreamRequests,
      upstreamNotifications,
      SERVER_REQUEST_CAPABILITY,
    ]) {
      expect(Object.getPrototypeOf(table)).toBeNull();
      for (const name of PROTOTYPE_NAMES)
        expect((table as Record<string, unknown>)[name]).toBeUndefined();
    }
    expect(capabilityGap('constructor', undefined, {}, '2025-06-18')?.code).toBe(-32601);
  });
});
