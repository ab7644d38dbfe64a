/**
 * The Router with no upstreams, a client connected over a memory pair: what the router's
 * sessions answer before and after initialize (its serverInfo, capabilities and version
 * negotiation), and that a session's machine closes with its transport.
 */
import { lastValueFrom, toArray } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from '../../../actors/router/router.js';
import { parseConfig } from '../../../core/config/config.js';
import { RpcError } from '../../../core/errors/errors.js';
import { Connection } from '../../../core/rpc/connection.js';
import type { JsonObject } from '../../../core/rpc/jsonrpc.js';
import { createMemoryPair } from '../../../transports/memory.js';

const routers: Router[] = [];

function connect() {
  const router = new Router(parseConfig({ mcpServers: {} }), {
    openTransport: async () => {
      throw new Error('no upstreams in this test');
    },
  });
  routers.push(router);
  void router.start();
  const [client, server] = createMemoryPair();
  const session = router.connect(server);
  const connection = new Connection(client);
  const call = async (method: string, params?: JsonObject) => {
    const events = await lastValueFrom(connection.request$(method, params).pipe(toArray()));
    const last = events.at(-1);
    if (last?.kind !== 'result') throw new Error('no result');
    return last.result;
  };
  const failure = (method: string, params?: JsonObject) =>
    call(method, params).then(
      () => {
        throw new Error(`${method} unexpectedly succeeded`);
      },
      (error: unknown) => error as RpcError,
    );
  return { router, session, connection, call, failure };
}

const init = (protocolVersion: string) => ({
  protocolVersion,
  capabilities: { sampling: {} },
  clientInfo: { name: 'test', version: '1' },
});

afterEach(async () => {
  await Promise.all(routers.splice(0).map((r) => r.close()));
});

describe('Router: a connected client session', () => {
  it('answers ping before initialize', async () => {
    const { call, session } = connect();
    expect(await call('ping')).toEqual({});
    expect(session.state).toBe('awaitingInitialize');
  });

  it('rejects other requests before initialize with a clear error', async () => {
    const { failure } = connect();
    const error = await failure('tools/list');
    expect(error).toBeInstanceOf(RpcError);
    expect(error.code).toBe(-32600);
    expect(error.message).toContain('"initialize"');
    expect(error.message).toContain('tools/list');
  });

  it('answers initialize with the client version when supported, and records the context', async () => {
    const { call, session } = connect();
    const result = await call('initialize', init('2024-11-05'));
    expect(result.protocolVersion).toBe('2024-11-05');
    expect(result.serverInfo).toMatchObject({ name: 'mcp-mux' });
    expect(result.capabilities).toMatchObject({ tools: { listChanged: true } });
    expect(session.context.clientCapabilities).toEqual({ sampling: {} });
    expect(session.state).toBe('initializing');
  });

  it('answers an unknown version with the latest it supports', async () => {
    const { call } = connect();
    const result = await call('initialize', init('2099-01-01'));
    expect(result.protocolVersion).toBe('2025-11-25');
  });

  it('moves to ready on notifications/initialized and serves lists', async () => {
    const { call, connection, session } = connect();
    await call('initialize', init('2025-06-18'));
    connection.notify('notifications/initialized');
    expect(session.state).toBe('ready');
    expect(await call('tools/list')).toEqual({ tools: [] });
  });

  it('is lenient: a request before notifications/initialized is served and readies the session', async () => {
    const { call, session } = connect();
    await call('initialize', init('2025-06-18'));
    expect(await call('tools/list')).toEqual({ tools: [] });
    expect(session.state).toBe('ready');
  });

  it('refuses a second initialize', async () => {
    const { call, failure } = connect();
    await call('initialize', init('2025-06-18'));
    const error = await failure('initialize', init('2025-06-18'));
    expect(error.code).toBe(-32600);
  });

  it('answers an unknown method with -32601 naming it', async () => {
    const { call, failure } = connect();
    await call('initialize', init('2025-06-18'));
    const error = await failure('nope/never');
    expect(error.code).toBe(-32601);
    expect(error.message).toContain('nope/never');
  });

  it('closes its machine when the transport closes', async () => {
    const { connection, session } = connect();
    await connection.close();
    await session.closed;
    expect(session.state).toBe('closed');
  });
});
