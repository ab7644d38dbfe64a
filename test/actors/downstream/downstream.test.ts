/**
 * A `DownstreamSession` with a hand-made `SessionHost` (no Router): what reaches the host's
 * `route`, with which context, and what the session answers itself.
 */
import { lastValueFrom, of, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { DownstreamSession } from '../../../actors/downstream/downstream.js';
import type { Caller, SessionHost } from '../../../actors/downstream/host.js';
import type { RpcError } from '../../../core/errors/errors.js';
import { silentLogger } from '../../../core/log/log.js';
import { Connection } from '../../../core/rpc/connection.js';
import type { JsonObject, JsonRpcRequest } from '../../../core/rpc/jsonrpc.js';
import { createMemoryPair } from '../../../transports/memory.js';

function start() {
  const routed: { request: JsonRpcRequest; caller: Caller }[] = [];
  const roots: string[] = [];
  let started: () => void = () => {};
  const whenStarted = new Promise<void>((resolve) => {
    started = resolve;
  });
  const host: SessionHost = {
    log: silentLogger,
    scheduler: { now: () => 0, schedule: () => ({ unsubscribe() {} }) } as never,
    disconnectGraceMs: 0,
    serverInfo: { name: 'host', version: '9' },
    whenStarted: () => whenStarted,
    capabilities: () => ({ tools: {} }),
    instructions: () => 'be kind',
    route: (request, caller) => {
      routed.push({ request, caller });
      return of({ kind: 'result', result: { routed: request.method } });
    },
    rootsListChanged: (session) => roots.push(session.id),
  };
  const [clientEnd, sessionEnd] = createMemoryPair();
  const session = new DownstreamSession(host, sessionEnd, 's1');
  const notes: string[] = [];
  const client = new Connection(clientEnd, {
    handlers: { notification: (n) => notes.push(n.method) },
  });
  const call = async (method: string, params?: JsonObject) => {
    const events = await lastValueFrom(client.request$(method, params).pipe(toArray()));
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
  return { host, session, client, call, failure, routed, roots, notes, started };
}

const init = {
  protocolVersion: '2025-06-18',
  capabilities: { roots: { listChanged: true } },
  clientInfo: { name: 'c', version: '1' },
};

describe('DownstreamSession on a hand-made host', () => {
  it('routes nothing before initialize, answers ping itself', async () => {
    const t = start();
    expect(await t.call('ping')).toEqual({});
    expect((await t.failure('tools/list')).code).toBe(-32600);
    expect(t.routed).toEqual([]);
  });

  it('answers initialize from the host once its start-up settles', async () => {
    const t = start();
    let answered: JsonObject | undefined;
    const pending = t.call('initialize', init).then((r) => {
      answered = r;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(answered).toBeUndefined();
    t.started();
    await pending;
    expect(answered).toEqual({
      protocolVersion: '2025-06-18',
      capabilities: { tools: {} },
      serverInfo: { name: 'host', version: '9' },
      instructions: 'be kind',
    });
  });

  it('hands a routed request to the host with the context from initialize and itself', async () => {
    const t = start();
    t.started();
    await t.call('initialize', init);
    expect(await t.call('tools/call', { name: 'x' })).toEqual({ routed: 'tools/call' });
    const [first] = t.routed;
    expect(first?.caller.session).toBe(t.session);
    expect(first?.caller.context).toMatchObject({
      protocolVersion: '2025-06-18',
      clientCapabilities: { roots: { listChanged: true } },
      clientInfo: { name: 'c', version: '1' },
      sessionId: 's1',
    });
    expect(first?.caller.inbound.id).toBe(1); // the client's second request (initialize was 0)
  });

  it('keeps the log level in its context, and tells the host about roots changes', async () => {
    const t = start();
    t.started();
    await t.call('initialize', init);
    t.session.setLogLevel('debug');
    expect(t.session.context.logLevel).toBe('debug');
    t.client.notify('notifications/roots/list_changed');
    expect(t.roots).toEqual(['s1']);
  });

  it('notifies only after initialize and before close', async () => {
    const t = start();
    t.session.notifyIfReady('notifications/tools/list_changed');
    t.started();
    await t.call('initialize', init);
    t.session.notifyIfReady('notifications/prompts/list_changed');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(t.notes).toEqual(['notifications/prompts/list_changed']);
    await t.session.close();
    expect(t.session.isClosed).toBe(true);
    expect(t.session.state).toBe('closed');
    t.session.notifyIfReady('notifications/resources/list_changed');
    expect(t.notes).toEqual(['notifications/prompts/list_changed']);
  });
});
