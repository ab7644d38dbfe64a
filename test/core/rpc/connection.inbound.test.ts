import { NEVER, of, throwError } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { ErrorCode, LocalError, RpcError } from '../../../core/errors/errors.js';
import { manualHandler, rawPeer } from './connectionHarness.js';

const req = (id: unknown, method = 'tools/call', params?: object) => ({
  jsonrpc: '2.0',
  id,
  method,
  ...(params === undefined ? {} : { params }),
});

describe('Connection inbound: handlers', () => {
  it('answers the peer for ids 0 and "" (and keeps their types)', () => {
    const peer = rawPeer({
      handlers: { request: (r) => of({ kind: 'result', result: { echo: r.id } }) },
    });
    peer.send(req(0));
    peer.send(req(''));
    expect(peer.received).toEqual([
      { jsonrpc: '2.0', id: 0, result: { echo: 0 } },
      { jsonrpc: '2.0', id: '', result: { echo: '' } },
    ]);
    expect(peer.connection.stats().inbound).toBe(0);
  });

  it('sends progress with the caller token (overriding any token in the params) before the result', () => {
    const { calls, handler } = manualHandler();
    const peer = rawPeer({ handlers: { request: handler } });
    peer.send(req(0, 'tools/call', { name: 'x', _meta: { progressToken: '' } }));
    const call = calls[0]!;
    expect(call.progressToken).toBe('');
    call.subscriber.next({
      kind: 'progress',
      params: { progressToken: 'upstream-7', progress: 1 },
    });
    call.subscriber.next({ kind: 'progress', params: { progress: 2, total: 2, message: 'm' } });
    call.subscriber.next({ kind: 'result', result: { done: true } });
    call.subscriber.next({ kind: 'progress', params: { progress: 3 } }); // after the result: ignored
    expect(peer.received).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: '', progress: 1 },
      },
      {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progress: 2, total: 2, message: 'm', progressToken: '' },
      },
      { jsonrpc: '2.0', id: 0, result: { done: true } },
    ]);
    expect(call.tornDown).toBe(true);
  });

  it('drops progress when the caller gave no token', () => {
    const { calls, handler } = manualHandler();
    const peer = rawPeer({ handlers: { request: handler } });
    peer.send(req(1));
    expect(calls[0]!.progressToken).toBeUndefined();
    calls[0]!.subscriber.next({ kind: 'progress', params: { progress: 1 } });
    calls[0]!.subscriber.next({ kind: 'result', result: {} });
    expect(peer.received).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
  });

  it('turns handler errors into JSON-RPC errors: RpcError as is, LocalError mapped, others internal', () => {
    const errors = [
      new RpcError(ErrorCode.InvalidParams, 'bad name', { name: 'x' }),
      new LocalError('overloaded', 'queue full', { maxQueue: 2 }),
      new Error('kaput'),
    ];
    const peer = rawPeer({
      handlers: { request: (r) => throwError(() => errors[r.id as number]) },
    });
    for (const id of [0, 1, 2]) peer.send(req(id));
    expect(peer.received).toEqual([
      { jsonrpc: '2.0', id: 0, error: { code: -32602, message: 'bad name', data: { name: 'x' } } },
      {
        jsonrpc: '2.0',
        id: 1,
        error: {
          code: ErrorCode.Overloaded,
          message: 'queue full',
          data: { reason: 'overloaded', maxQueue: 2 },
        },
      },
      { jsonrpc: '2.0', id: 2, error: { code: -32603, message: 'Internal error: kaput' } },
    ]);
  });

  it('a synchronous throw from the handler is an error response, and the loop keeps going', () => {
    let calls = 0;
    const peer = rawPeer({
      handlers: {
        request: () => {
          calls++;
          if (calls === 1) throw new RpcError(-32601, 'no such tool');
          return of({ kind: 'result' as const, result: {} });
        },
      },
    });
    peer.send(req('a'));
    peer.send(req('b'));
    expect(peer.received).toEqual([
      { jsonrpc: '2.0', id: 'a', error: { code: -32601, message: 'no such tool' } },
      { jsonrpc: '2.0', id: 'b', result: {} },
    ]);
    expect(peer.connection.stats().inbound).toBe(0);
  });

  it('a handler that returns a non-Observable or completes without a result gets -32603', () => {
    const peer = rawPeer({
      handlers: {
        request: (r) => (r.id === 0 ? (undefined as never) : of()),
      },
    });
    peer.send(req(0));
    peer.send(req(1, 'tools/list'));
    expect(peer.received).toMatchObject([
      { id: 0, error: { code: -32603 } },
      {
        id: 1,
        error: {
          code: -32603,
          message: expect.stringMatching(/tools\/list completed without a result/),
        },
      },
    ]);
  });

  it('no request handler: -32601 with the id', () => {
    const peer = rawPeer();
    peer.send(req(0, 'sampling/createMessage'));
    expect(peer.received).toEqual([
      {
        jsonrpc: '2.0',
        id: 0,
        error: { code: -32601, message: 'Method not found: sampling/createMessage' },
      },
    ]);
  });

  it('a result that cannot be serialized becomes an error response, not a crash', () => {
    const peer = rawPeer({
      handlers: { request: () => of({ kind: 'result' as const, result: { n: 1n as never } }) },
    });
    peer.send(req(4));
    expect(peer.received).toMatchObject([{ id: 4, error: { code: -32603 } }]);
  });

  it('setHandlers replaces the handlers for later messages', () => {
    const peer = rawPeer();
    peer.connection.setHandlers({
      request: () => of({ kind: 'result' as const, result: { v: 2 } }),
    });
    peer.send(req(0));
    expect(peer.received).toEqual([{ jsonrpc: '2.0', id: 0, result: { v: 2 } }]);
  });
});

describe('Connection inbound: cancellation, duplicates, closing', () => {
  it('notifications/cancelled unsubscribes the handler, aborts its signal, and sends no response', () => {
    const { calls, handler } = manualHandler();
    const notifications: unknown[] = [];
    const peer = rawPeer({
      handlers: { request: handler, notification: (n) => notifications.push(n) },
    });
    peer.send(req(0));
    peer.send({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 0, reason: 'user' },
    });
    const call = calls[0]!;
    expect(call.tornDown).toBe(true);
    expect(call.signal.aborted).toBe(true);
    expect((call.signal.reason as LocalError).details).toEqual({ reason: 'user' });
    call.subscriber.next({ kind: 'result', result: {} }); // too late: ignored
    expect(peer.received).toEqual([]);
    expect(notifications).toEqual([]); // consumed by the connection
    expect(peer.connection.stats().inbound).toBe(0);
  });

  it('a cancel for no in-flight request goes to the notification handler', () => {
    const notifications: unknown[] = [];
    const peer = rawPeer({ handlers: { notification: (n) => notifications.push(n) } });
    const cancel = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 5 } };
    peer.send(cancel);
    expect(notifications).toEqual([cancel]);
  });

  it('a duplicate id while the first is in flight gets -32600; the first still answers', () => {
    const { calls, handler } = manualHandler();
    const peer = rawPeer({ handlers: { request: handler } });
    peer.send(req(''));
    peer.send(req(''));
    expect(calls).toHaveLength(1);
    expect(peer.received).toMatchObject([{ id: '', error: { code: -32600 } }]);
    calls[0]!.subscriber.next({ kind: 'result', result: { first: true } });
    expect(peer.received[1]).toEqual({ jsonrpc: '2.0', id: '', result: { first: true } });
    peer.send(req('')); // the id is free again
    expect(calls).toHaveLength(2);
  });

  it('the connection closing unsubscribes and aborts every handler, without responses', async () => {
    const { calls, handler } = manualHandler();
    const peer = rawPeer({ handlers: { request: handler } });
    peer.send(req(0));
    peer.send(req(1));
    await peer.connection.close();
    expect(calls.every((c) => c.tornDown && c.signal.aborted)).toBe(true);
    expect((calls[0]!.signal.reason as LocalError).code).toBe('closed');
    expect(peer.received).toEqual([]);
    expect(peer.connection.stats()).toEqual({ outbound: 0, inbound: 0 });
  });

  it('other notifications reach the handler; a throwing handler does not break the loop', () => {
    const seen: string[] = [];
    const peer = rawPeer({
      handlers: {
        notification: (n) => {
          seen.push(n.method);
          throw new Error('oops');
        },
        request: () => NEVER,
      },
    });
    peer.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    peer.send({ jsonrpc: '2.0', method: 'notifications/roots/list_changed' });
    expect(seen).toEqual(['notifications/initialized', 'notifications/roots/list_changed']);
    peer.send(req(3));
    expect(peer.connection.stats().inbound).toBe(1);
  });
});
