/**
 * The transport contract's guards: a sub-interface is recognised by its members (so a
 * transport written outside mcp-mux qualifies), the built-in transports are what they claim,
 * and the connection reaches the HTTP-only members through the guards only.
 */
import { NEVER, Subject } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../core/log/log.js';
import { Connection } from '../../../core/rpc/connection.js';
import type { JsonRpcId } from '../../../core/rpc/jsonrpc.js';
import {
  type CloseReason,
  type FrameError,
  hasExchanges,
  hasStreams,
  isBuffered,
  type Transport,
} from '../../../core/rpc/transport.js';
import { HttpUpstreamTransport } from '../../../transports/http/connectHttpUpstream.js';
import { StreamableHttpClientTransport } from '../../../transports/http/streamableHttpClient.js';
import { StreamableHttpSession } from '../../../transports/http/streamableHttpSession.js';
import { createMemoryPair } from '../../../transports/memory.js';

interface Fake extends Transport {
  readonly incoming: Subject<unknown>;
  readonly sent: unknown[];
}

/** A base transport whose peer the test plays, plus whatever members `extra` adds. */
function fake<T extends object>(extra: T = {} as T): Fake & T {
  const incoming = new Subject<unknown>();
  const closed = new Subject<CloseReason>();
  const sent: unknown[] = [];
  return {
    incoming,
    sent,
    messages$: incoming,
    errors$: new Subject<FrameError>(),
    closed$: closed,
    send: (message: unknown) => sent.push(message),
    close: async () => closed.next({ kind: 'local' }),
    principal: undefined,
    ...extra,
  };
}

const streamed = () => ({
  disconnects$: new Subject<{ requestIds: JsonRpcId[] }>(),
  resumes$: new Subject<{ requestIds: JsonRpcId[] }>(),
  unanswered: (_id: JsonRpcId) => {},
});
const exchanges = () => ({
  abandon: (_id: JsonRpcId) => {},
  setProtocolVersion: (_version: string) => {},
});

const closing: Transport[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((t) => t.close()));
});

describe('the guards', () => {
  it('a base transport has none of the sub-interfaces', () => {
    const t = fake();
    expect([hasStreams(t), hasExchanges(t), isBuffered(t)]).toEqual([false, false, false]);
  });

  it('recognise a sub-interface only when all its members are there', () => {
    expect(hasStreams(fake(streamed()))).toBe(true);
    const { unanswered: _u, ...withoutUnanswered } = streamed();
    expect(hasStreams(fake(withoutUnanswered))).toBe(false);
    const { resumes$: _r, ...withoutResumes } = streamed();
    expect(hasStreams(fake(withoutResumes))).toBe(false);
    expect(hasExchanges(fake(exchanges()))).toBe(true);
    expect(hasExchanges(fake({ abandon: () => {} }))).toBe(false);
    expect(hasExchanges(fake({ abandon: () => {}, setProtocolVersion: 'x' }))).toBe(false);
    expect(isBuffered(fake({ bufferedBytes: 0 }))).toBe(true);
    expect(isBuffered(fake({ bufferedBytes: undefined }))).toBe(false);
  });

  it('a streamed server transport is not an exchange client, and the other way round', () => {
    expect(hasExchanges(fake(streamed()))).toBe(false);
    expect(hasStreams(fake(exchanges()))).toBe(false);
  });
});

describe('the built-in transports', () => {
  it('the in-memory pair is a base transport with a buffer count', () => {
    const [a, b] = createMemoryPair();
    closing.push(a, b);
    expect([hasStreams(a), hasExchanges(a), isBuffered(a)]).toEqual([false, false, true]);
    expect(a.principal).toBeUndefined();
  });

  it('a Streamable HTTP server session has streams', () => {
    const session = new StreamableHttpSession({
      sessionId: 's',
      preferJson: false,
      streamAfterMs: 0,
      replayBufferEvents: 10,
      replayBufferBytes: 1024,
      maxPendingMessages: 10,
      maxBufferedBytes: 1024,
      log: silentLogger,
      onEnd: () => {},
    });
    closing.push(session);
    expect([hasStreams(session), hasExchanges(session), isBuffered(session)]).toEqual([
      true,
      false,
      true,
    ]);
  });

  it('the HTTP client transports have exchanges', () => {
    const streamable = new StreamableHttpClientTransport('http://127.0.0.1:1/mcp');
    const upstream = new HttpUpstreamTransport('http://127.0.0.1:1/mcp');
    closing.push(streamable, upstream);
    for (const t of [streamable, upstream]) {
      expect([hasStreams(t), hasExchanges(t), isBuffered(t)]).toEqual([false, true, true]);
    }
  });
});

describe('the connection reads the HTTP-only members through the guards', () => {
  it('tells an exchange client the protocol version and the requests it gave up', () => {
    const versions: string[] = [];
    const abandoned: JsonRpcId[] = [];
    const t = fake({
      abandon: (id: JsonRpcId) => abandoned.push(id),
      setProtocolVersion: (version: string) => versions.push(version),
    });
    const connection = new Connection(t);
    connection.setProtocolVersion('2025-06-18');
    connection.request$('tools/call', { name: 'x' }).subscribe().unsubscribe();
    expect(versions).toEqual(['2025-06-18']);
    expect(abandoned).toEqual([0]);
  });

  it('tells a streamed server transport which inbound request ends unanswered', () => {
    const unanswered: JsonRpcId[] = [];
    const t = fake({ ...streamed(), unanswered: (id: JsonRpcId) => unanswered.push(id) });
    new Connection(t, { handlers: { request: () => NEVER } });
    t.incoming.next({ jsonrpc: '2.0', id: 'a', method: 'tools/call', params: {} });
    t.incoming.next({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 'a' },
    });
    expect(unanswered).toEqual(['a']);
    expect(t.sent).toEqual([]);
  });

  it('asks nothing of a base transport', () => {
    const t = fake();
    const connection = new Connection(t, { handlers: { request: () => NEVER } });
    expect(() => connection.setProtocolVersion('2025-06-18')).not.toThrow();
    connection.request$('tools/call', { name: 'x' }).subscribe().unsubscribe();
    t.incoming.next({ jsonrpc: '2.0', id: 'a', method: 'tools/call', params: {} });
    t.incoming.next({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 'a' },
    });
    // The request and its cancellation went out; nothing else was asked of the transport.
    expect(t.sent).toEqual([
      expect.objectContaining({ id: 0, method: 'tools/call' }),
      expect.objectContaining({ method: 'notifications/cancelled', params: expect.anything() }),
    ]);
  });
});
