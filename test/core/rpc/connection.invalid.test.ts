import { of, Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { LocalError } from '../../../core/errors/errors.js';
import { Connection, type InboundEvent } from '../../../core/rpc/connection.js';
import { FrameError, type Transport } from '../../../core/rpc/transport.js';
import { rawPeer } from './connectionHarness.js';

const ERR = { code: 1, message: 'x' };

const echo = {
  request: (r: { id: unknown }) => of<InboundEvent>({ kind: 'result', result: { echo: r.id } }),
};

describe('Connection: bad input never throws and gets a clear answer', () => {
  it('malformed JSON → -32700 with id null', () => {
    const peer = rawPeer();
    peer.deliver('{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(peer.received).toEqual([
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: expect.stringMatching(/Parse error/) },
      },
    ]);
  });

  it('a non-object → -32600 with id null', () => {
    const peer = rawPeer();
    peer.deliver('42');
    peer.deliver('"hello"');
    peer.deliver('null');
    expect(peer.received).toHaveLength(3);
    for (const message of peer.received) {
      expect(message).toMatchObject({ id: null, error: { code: -32600 } });
    }
  });

  it('wrong jsonrpc with a readable id → -32600 with that id and the reason', () => {
    const peer = rawPeer({ handlers: echo });
    peer.send({ jsonrpc: '1.0', id: 0, method: 'ping' });
    expect(peer.received).toEqual([
      {
        jsonrpc: '2.0',
        id: 0,
        error: { code: -32600, message: 'Invalid Request: jsonrpc must be "2.0"' },
      },
    ]);
  });

  it('a request with id null → -32600 with id null', () => {
    const peer = rawPeer({ handlers: echo });
    peer.send({ jsonrpc: '2.0', id: null, method: 'ping' });
    expect(peer.received).toMatchObject([
      { id: null, error: { code: -32600, message: expect.stringMatching(/null/) } },
    ]);
  });

  it.each([
    ['a result that is not an object', { jsonrpc: '2.0', id: 0, result: 'a string' }, /object/],
    ['an array result', { jsonrpc: '2.0', id: 0, result: [1] }, /object/],
    ['both result and error', { jsonrpc: '2.0', id: 0, result: {}, error: ERR }, /either/],
    ['neither result nor error', { jsonrpc: '2.0', id: 0 }, /neither/],
    ['an error without a code', { jsonrpc: '2.0', id: 0, error: { message: 'x' } }, /integer/],
    ['a fractional code', { jsonrpc: '2.0', id: 0, error: { code: 1.5, message: 'x' } }, /integer/],
    ['an error without a message', { jsonrpc: '2.0', id: 0, error: { code: 1 } }, /message/],
    ['a wrong jsonrpc', { jsonrpc: '1.0', id: 0, result: {} }, /jsonrpc/],
  ])('%s fails the request it names at once, never answered', (_, response, reason) => {
    const peer = rawPeer();
    const errors: unknown[] = [];
    let settled = 0;
    peer.connection.request$('tools/call').subscribe({
      next: () => settled++,
      error: (error: unknown) => errors.push(error),
    });
    peer.send(response);
    expect(peer.received).toHaveLength(1); // only our request: the answer is not answered
    expect(settled).toBe(0);
    expect(errors).toHaveLength(1);
    const error = errors[0] as LocalError;
    expect(error).toBeInstanceOf(LocalError);
    expect(error.code).toBe('invalid-response');
    expect(error.message).toMatch(/tools\/call failed: invalid response/);
    expect(String(error.details.invalid)).toMatch(reason);
    expect(peer.connection.stats().outbound).toBe(0);
  });

  it('an invalid response naming no request in flight is dropped, not answered', () => {
    const peer = rawPeer();
    let settled = false;
    peer.connection
      .request$('a')
      .subscribe({ next: () => (settled = true), error: () => (settled = true) });
    peer.send({ jsonrpc: '2.0', id: 7, result: 5 });
    peer.send({ jsonrpc: '2.0', id: 'x', result: {}, error: ERR });
    expect(peer.received).toHaveLength(1); // only our request
    expect(settled).toBe(false);
  });

  it('a message with an id and nothing else, naming no request of ours, still gets -32600', () => {
    const peer = rawPeer();
    peer.send({ jsonrpc: '2.0', id: 3 });
    expect(peer.received).toMatchObject([{ id: 3, error: { code: -32600 } }]);
  });

  it("an exchange transport's unreadable answer (FrameError parse, response) fails it, unanswered", () => {
    const messages = new Subject<unknown>();
    const errors$ = new Subject<FrameError>();
    const sent: unknown[] = [];
    const transport: Transport = {
      messages$: messages,
      errors$,
      closed$: new Subject(),
      send: (m) => void sent.push(m),
      close: async () => {},
      principal: undefined,
    };
    const connection = new Connection(transport);
    const errors: unknown[] = [];
    connection.request$('tools/call').subscribe({ error: (e: unknown) => errors.push(e) });
    errors$.next(
      new FrameError('parse', 'HTTP 200: the body is not JSON', { id: 0, response: true }),
    );
    expect(sent).toHaveLength(1); // the request only, no -32700 back
    expect((errors[0] as LocalError).code).toBe('invalid-response');
    expect((errors[0] as LocalError).message).toMatch(/the body is not JSON/);
  });

  it('an error response with id null is logged and dropped', () => {
    const peer = rawPeer();
    peer.send({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    expect(peer.received).toEqual([]);
  });

  it('a too-large frame → -32600 mentioning the size limit', () => {
    const messages = new Subject<unknown>();
    const errors = new Subject<FrameError>();
    const closed = new Subject<never>();
    const sent: unknown[] = [];
    const transport: Transport = {
      messages$: messages,
      errors$: errors,
      closed$: closed,
      send: (m) => sent.push(m),
      close: async () => {},
      principal: undefined,
    };
    new Connection(transport);
    errors.next(new FrameError('too-large', 'message of 5000000 bytes exceeds 4194304'));
    errors.next(new FrameError('parse', 'Parse error: bad'));
    expect(sent).toEqual([
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: expect.stringMatching(/size limit.*5000000/) },
      },
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: bad' } },
    ]);
  });
});

describe('Connection: batches', () => {
  it('refused unless allowBatch says yes', () => {
    const peer = rawPeer({ handlers: echo, allowBatch: () => false });
    peer.send([{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
    expect(peer.received).toEqual([
      {
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32600,
          message: 'Invalid Request: batches are not supported on this protocol version',
        },
      },
    ]);
  });

  it('an empty batch → -32600', () => {
    const peer = rawPeer({ handlers: echo, allowBatch: () => true });
    peer.send([]);
    expect(peer.received).toMatchObject([
      { id: null, error: { code: -32600, message: expect.stringMatching(/empty/) } },
    ]);
  });

  it('allowed: one array with the answers of all requests, invalid elements included', () => {
    const later = new Subject<InboundEvent>();
    const notifications: string[] = [];
    const peer = rawPeer({
      allowBatch: () => true,
      handlers: {
        request: (r) =>
          r.id === 'slow' ? later : of<InboundEvent>({ kind: 'result', result: { echo: r.id } }),
        notification: (n) => notifications.push(n.method),
      },
    });
    peer.send([
      { jsonrpc: '2.0', id: 0, method: 'ping' },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 'slow', method: 'tools/call' },
      7,
      [],
      { jsonrpc: '2.0', id: '', method: 'ping' },
    ]);
    expect(notifications).toEqual(['notifications/initialized']);
    expect(peer.received).toEqual([]); // waits for "slow"
    later.next({ kind: 'result', result: { slow: true } });
    expect(peer.received).toEqual([
      [
        { jsonrpc: '2.0', id: 0, result: { echo: 0 } },
        { jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.any(String) } },
        {
          jsonrpc: '2.0',
          id: null,
          error: { code: -32600, message: expect.stringMatching(/batch/) },
        },
        { jsonrpc: '2.0', id: '', result: { echo: '' } },
        { jsonrpc: '2.0', id: 'slow', result: { slow: true } },
      ],
    ]);
    expect(peer.connection.stats().inbound).toBe(0);
  });

  it('a notifications-only batch sends nothing; a cancelled request drops out of the reply', () => {
    const never = new Subject<InboundEvent>();
    const peer = rawPeer({
      allowBatch: () => true,
      handlers: {
        request: (r) => (r.id === 2 ? never : of<InboundEvent>({ kind: 'result', result: {} })),
      },
    });
    peer.send([{ jsonrpc: '2.0', method: 'notifications/initialized' }]);
    expect(peer.received).toEqual([]);
    peer.send([
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call' },
    ]);
    peer.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2 } });
    expect(peer.received).toEqual([[{ jsonrpc: '2.0', id: 1, result: {} }]]);
  });

  it('responses inside a batch settle outbound requests', () => {
    const peer = rawPeer({ allowBatch: () => true });
    const results: unknown[] = [];
    peer.connection.request$('a').subscribe((e) => results.push(e));
    peer.connection.request$('b').subscribe((e) => results.push(e));
    peer.send([
      { jsonrpc: '2.0', id: 1, result: { b: 1 } },
      { jsonrpc: '2.0', id: 0, result: { a: 1 } },
    ]);
    expect(results).toEqual([
      { kind: 'result', result: { b: 1 } },
      { kind: 'result', result: { a: 1 } },
    ]);
    expect(peer.received).toHaveLength(2);
  });
});
