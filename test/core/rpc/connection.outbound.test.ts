import { lastValueFrom, toArray } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { LocalError, RpcError } from '../../../core/errors/errors.js';
import type { RequestEvent } from '../../../core/rpc/connection.js';
import { rawPeer } from './connectionHarness.js';

const cancelled = (requestId: number, reason?: string) => ({
  jsonrpc: '2.0',
  method: 'notifications/cancelled',
  params: reason === undefined ? { requestId, reason: expect.any(String) } : { requestId, reason },
});

describe('Connection outbound: sending and matching', () => {
  it('is cold: nothing is sent until subscribe, and each subscription is a new request', () => {
    const peer = rawPeer();
    const request$ = peer.connection.request$('tools/list', { cursor: 'c' });
    expect(peer.received).toEqual([]);
    request$.subscribe();
    request$.subscribe();
    expect(peer.received).toEqual([
      { jsonrpc: '2.0', id: 0, method: 'tools/list', params: { cursor: 'c' } },
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { cursor: 'c' } },
    ]);
    expect(peer.connection.stats()).toEqual({ outbound: 2, inbound: 0 });
  });

  it('two subscriptions of one request$ are two requests: each is answered and cancelled alone', () => {
    const peer = rawPeer();
    const request$ = peer.connection.request$('tools/call', { name: 'slow' });
    const first: RequestEvent[] = [];
    const second: RequestEvent[] = [];
    const a = request$.subscribe((e) => first.push(e));
    request$.subscribe((e) => second.push(e));
    a.unsubscribe();
    expect(peer.received.slice(2)).toEqual([cancelled(0)]);
    peer.send({ jsonrpc: '2.0', id: 0, result: { late: true } });
    peer.send({ jsonrpc: '2.0', id: 1, result: { ok: true } });
    expect(first).toEqual([]);
    expect(second).toEqual([{ kind: 'result', result: { ok: true } }]);
    expect(peer.connection.stats()).toEqual({ outbound: 0, inbound: 0 });
  });

  it('id 0 works: its result is emitted, then it completes and leaves the table', () => {
    const peer = rawPeer();
    const events: RequestEvent[] = [];
    let completed = false;
    peer.connection.request$('ping').subscribe({
      next: (e) => events.push(e),
      complete: () => (completed = true),
    });
    expect(peer.received).toEqual([{ jsonrpc: '2.0', id: 0, method: 'ping' }]);
    peer.send({ jsonrpc: '2.0', id: 0, result: { ok: true } });
    expect(events).toEqual([{ kind: 'result', result: { ok: true } }]);
    expect(completed).toBe(true);
    expect(peer.connection.stats()).toEqual({ outbound: 0, inbound: 0 });
  });

  it('does not match a string id "0" to request 0', () => {
    const peer = rawPeer();
    const events: RequestEvent[] = [];
    peer.connection.request$('ping').subscribe((e) => events.push(e));
    peer.send({ jsonrpc: '2.0', id: '0', result: {} });
    expect(events).toEqual([]);
    expect(peer.connection.stats().outbound).toBe(1);
  });

  it('an error response errors the Observable with an RpcError', async () => {
    const peer = rawPeer();
    const result = lastValueFrom(peer.connection.request$('tools/call', { name: 'x' }));
    peer.send({ jsonrpc: '2.0', id: 0, error: { code: -32602, message: 'bad', data: { a: 1 } } });
    const error = await result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toMatchObject({ code: -32602, message: 'bad', data: { a: 1 } });
    expect(peer.connection.stats().outbound).toBe(0);
  });

  it('passes relatedRequestId to the transport and reuses it for the cancel', () => {
    const peer = rawPeer();
    const send = vi.spyOn(peer.transport, 'send');
    const sub = peer.connection
      .request$('sampling/createMessage', {}, { relatedRequestId: 'in-7' })
      .subscribe();
    sub.unsubscribe();
    expect(send.mock.calls.map((call) => call[1])).toEqual([
      { relatedRequestId: 'in-7' },
      { relatedRequestId: 'in-7' },
    ]);
  });

  it('an unsendable request errors at once and leaves nothing in flight', async () => {
    const peer = rawPeer();
    const error = await lastValueFrom(peer.connection.request$('x', { n: 10n as never })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RpcError);
    expect((error as RpcError).code).toBe(-32602);
    expect((error as RpcError).message).toContain('Request x cannot be sent');
    expect(peer.connection.stats().outbound).toBe(0);
    expect(peer.received).toEqual([]);
  });
});

describe('Connection outbound: progress', () => {
  it('with progress: true the token is the id (0), other _meta keys are kept, params not mutated', () => {
    const peer = rawPeer();
    const params = { name: 'slow', _meta: { 'x/trace': 'abc' } };
    peer.connection.request$('tools/call', params, { progress: true }).subscribe();
    expect(peer.received[0]).toEqual({
      jsonrpc: '2.0',
      id: 0,
      method: 'tools/call',
      params: { name: 'slow', _meta: { 'x/trace': 'abc', progressToken: 0 } },
    });
    expect(params).toEqual({ name: 'slow', _meta: { 'x/trace': 'abc' } });
  });

  it('emits progress in order before the result, with the params as received', () => {
    const peer = rawPeer();
    const events: RequestEvent[] = [];
    peer.connection
      .request$('tools/call', undefined, { progress: true })
      .subscribe((e) => events.push(e));
    expect(peer.received[0]).toMatchObject({ params: { _meta: { progressToken: 0 } } });
    const progress = (n: number) => ({
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: 0, progress: n, total: 3, message: `step ${n}` },
    });
    peer.send(progress(1));
    peer.send(progress(2));
    peer.send({ jsonrpc: '2.0', id: 0, result: { content: [] } });
    peer.send(progress(3)); // late: dropped
    expect(events).toEqual([
      { kind: 'progress', params: progress(1).params },
      { kind: 'progress', params: progress(2).params },
      { kind: 'result', result: { content: [] } },
    ]);
  });

  it('ignores progress for a request that did not ask for it, and for unknown tokens', () => {
    const peer = rawPeer();
    const events: RequestEvent[] = [];
    peer.connection.request$('a').subscribe((e) => events.push(e));
    peer.send({
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: 0, progress: 1 },
    });
    peer.send({
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: 9, progress: 1 },
    });
    peer.send({ jsonrpc: '2.0', method: 'notifications/progress' });
    expect(events).toEqual([]);
  });
});

describe('Connection outbound: cancellation', () => {
  it('unsubscribing before the result sends notifications/cancelled exactly once', () => {
    const peer = rawPeer();
    const sub = peer.connection.request$('tools/call').subscribe();
    sub.unsubscribe();
    sub.unsubscribe();
    expect(peer.received.slice(1)).toEqual([cancelled(0, 'request cancelled')]);
    expect(peer.connection.stats().outbound).toBe(0);
  });

  it('abort then unsubscribe: one cancel with the abort reason, the Observable errors', () => {
    const peer = rawPeer();
    const controller = new AbortController();
    let error: unknown;
    const sub = peer.connection
      .request$('tools/call', {}, { signal: controller.signal })
      .subscribe({ error: (e: unknown) => (error = e) });
    controller.abort('User requested cancellation');
    sub.unsubscribe();
    expect(error).toBeInstanceOf(LocalError);
    expect((error as LocalError).code).toBe('cancelled');
    expect(peer.received.slice(1)).toEqual([cancelled(0, 'User requested cancellation')]);
    expect(peer.connection.stats().outbound).toBe(0);
  });

  it('an already aborted signal errors at once and sends nothing', () => {
    const peer = rawPeer();
    let error: unknown;
    peer.connection
      .request$('tools/call', {}, { signal: AbortSignal.abort() })
      .subscribe({ error: (e: unknown) => (error = e) });
    expect((error as LocalError).code).toBe('cancelled');
    expect(peer.received).toEqual([]);
  });

  it('no cancel after the result, even if the signal aborts later', () => {
    const peer = rawPeer();
    const controller = new AbortController();
    const sub = peer.connection.request$('a', {}, { signal: controller.signal }).subscribe();
    peer.send({ jsonrpc: '2.0', id: 0, result: {} });
    controller.abort();
    sub.unsubscribe();
    expect(peer.received).toHaveLength(1);
  });

  it('never cancels initialize, but still forgets it', () => {
    const peer = rawPeer();
    const sub = peer.connection
      .request$('initialize', { protocolVersion: '2025-06-18' })
      .subscribe();
    sub.unsubscribe();
    expect(peer.received).toHaveLength(1);
    expect(peer.connection.stats().outbound).toBe(0);
  });

  it('a response arriving after the cancel is dropped quietly', () => {
    const debug: string[] = [];
    const log = {
      debug: (m: string) => debug.push(m),
      info: () => {},
      warn: () => {},
      error: () => {},
      child: () => log,
    };
    const peer = rawPeer({ log });
    const events: RequestEvent[] = [];
    const sub = peer.connection
      .request$('a', undefined, { progress: true })
      .subscribe((e) => events.push(e));
    sub.unsubscribe();
    peer.send({
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: 0, progress: 1 },
    });
    peer.send({ jsonrpc: '2.0', id: 0, result: {} });
    expect(events).toEqual([]);
    expect(debug).toEqual([
      'dropped progress that matches no in-flight request',
      'dropped a response that matches no in-flight request',
    ]);
    expect(peer.received).toHaveLength(2); // the request and its cancel, nothing for the late ones
  });
});

describe('Connection outbound: closing', () => {
  it('a closing transport fails every in-flight request at once with LocalError(closed)', () => {
    const peer = rawPeer();
    const errors: unknown[] = [];
    peer.connection.request$('a').subscribe({ error: (e: unknown) => errors.push(e) });
    peer.connection
      .request$('b', {}, { timeout: 1000 })
      .subscribe({ error: (e: unknown) => errors.push(e) });
    void peer.raw.close(); // the peer hangs up
    expect(errors).toHaveLength(2);
    for (const error of errors) {
      expect(error).toBeInstanceOf(LocalError);
      expect((error as LocalError).code).toBe('closed');
    }
    expect((errors[0] as LocalError).details).toMatchObject({
      method: 'a',
      id: 0,
      close: 'remote',
    });
    expect(peer.connection.isClosed).toBe(true);
    expect(peer.connection.stats()).toEqual({ outbound: 0, inbound: 0 });
  });

  it('later subscriptions error at once, and closed$ replays the reason', async () => {
    const peer = rawPeer();
    await peer.connection.close();
    const error = await lastValueFrom(peer.connection.request$('a')).catch((e: unknown) => e);
    expect((error as LocalError).code).toBe('closed');
    expect(await lastValueFrom(peer.connection.closed$.pipe(toArray()))).toEqual([
      { kind: 'local' },
    ]);
    expect(peer.raw.messages$).toBeDefined();
    expect(peer.received).toEqual([]);
  });

  it('close() sends no cancels for the requests it fails', async () => {
    const peer = rawPeer();
    peer.connection.request$('a').subscribe({ error: () => {} });
    await peer.connection.close();
    expect(peer.received).toHaveLength(1);
  });
});
