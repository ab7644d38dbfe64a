/**
 * A `DownstreamSession` starts its lifecycle machine only when something needs a session:
 * a connection that carries stateless 2026-07-28 requests alone (every modern HTTP POST is
 * one) builds no actor, and one that turns out to be a legacy session behaves as before.
 */
import { lastValueFrom, of, toArray } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { DownstreamSession } from '../../../actors/downstream/downstream.js';
import type { Caller, SessionHost } from '../../../actors/downstream/host.js';
import { silentLogger } from '../../../core/log/log.js';
import { Connection } from '../../../core/rpc/connection.js';
import type { JsonObject } from '../../../core/rpc/jsonrpc.js';
import { createMemoryPair } from '../../../transports/memory.js';

vi.mock('xstate', async (importOriginal) => {
  const actual = await importOriginal<typeof import('xstate')>();
  return { ...actual, createActor: vi.fn(actual.createActor) };
});

const actorsBuilt = () => vi.mocked(createActor).mock.calls.length;

function start() {
  const callers: Caller[] = [];
  const host: SessionHost = {
    log: silentLogger,
    scheduler: { now: () => 0, schedule: () => ({ unsubscribe() {} }) } as never,
    disconnectGraceMs: 0,
    serverInfo: { name: 'host', version: '9' },
    whenStarted: () => Promise.resolve(),
    capabilities: () => ({ tools: {} }),
    instructions: () => undefined,
    route: (request, caller) => {
      callers.push(caller);
      return of({ kind: 'result', result: { routed: request.method } });
    },
    rootsListChanged: () => {},
  };
  const [clientEnd, sessionEnd] = createMemoryPair();
  const session = new DownstreamSession(host, sessionEnd, 's1');
  const client = new Connection(clientEnd, {});
  const call = async (method: string, params?: JsonObject) => {
    const events = await lastValueFrom(client.request$(method, params).pipe(toArray()));
    const last = events.at(-1);
    if (last?.kind !== 'result') throw new Error('no result');
    return last.result;
  };
  return { session, client, call, callers };
}

const modern = {
  name: 'echo',
  arguments: {},
  _meta: {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
  },
};

describe('DownstreamSession: the machine starts when a session is needed', () => {
  it('serves stateless requests and closes without building an actor', async () => {
    const t = start();
    const before = actorsBuilt();
    expect(await t.call('tools/call', modern)).toMatchObject({ routed: 'tools/call' });
    expect(await t.call('tools/call', modern)).toMatchObject({ routed: 'tools/call' });
    expect(t.callers.map((c) => c.session)).toEqual([undefined, undefined]);
    await t.client.close();
    await t.session.closed;
    expect(actorsBuilt()).toBe(before);
    // Asked afterwards, the machine starts and is told the connection closed.
    expect(t.session.isClosed).toBe(true);
    expect(t.session.state).toBe('closed');
    expect(actorsBuilt()).toBe(before + 1);
  });

  it('starts the machine once for a legacy session, which then routes with itself', async () => {
    const t = start();
    const before = actorsBuilt();
    const result = await t.call('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'c', version: '1' },
    });
    expect(result.protocolVersion).toBe('2025-06-18');
    t.client.notify('notifications/initialized');
    await t.call('tools/list');
    expect(t.session.state).toBe('ready');
    expect(t.session.context.protocolVersion).toBe('2025-06-18');
    expect(t.callers.at(-1)?.session).toBe(t.session);
    expect(actorsBuilt()).toBe(before + 1);
  });

  it('closes a connection whose machine never started', async () => {
    const t = start();
    await t.call('tools/call', modern);
    let clientClosed = false;
    t.client.closed$.subscribe({ complete: () => (clientClosed = true) });
    await t.session.close();
    expect(t.session.state).toBe('closed');
    await vi.waitFor(() => expect(clientClosed).toBe(true));
  });

  it('refuses a legacy request before initialize, as the machine says', async () => {
    const t = start();
    await expect(t.call('tools/list')).rejects.toMatchObject({ code: -32600 });
    expect(t.session.state).toBe('awaitingInitialize');
  });
});
