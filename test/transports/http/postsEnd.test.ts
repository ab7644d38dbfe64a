/**
 * Every POST ends, and the first request keeps its answer: the facade's
 * sessions with a real `Connection` on top (the router's view of a session), spoken to with
 * fetch. Before the fix each of these POSTs stayed open forever; the fetches carry a deadline
 * so that a hang fails the test instead of stalling it.
 */
import { map, NEVER, type Observable, of, Subject, take } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { Connection } from '../../../core/rpc/connection.js';
import type { JsonRpcRequest } from '../../../core/rpc/jsonrpc.js';
import type { InboundEvent } from '../../../core/rpc/types.js';
import { createHttpFacade, type HttpFacade } from '../../../transports/http/httpFacade.js';
import type { StreamableHttpSession } from '../../../transports/http/streamableHttpSession.js';
import { initialize, messagesOf, post, readEvents } from './fixtures.js';

let facade: HttpFacade | undefined;
afterEach(async () => {
  await facade?.close();
  facade = undefined;
});

const release = new Subject<void>();

function handle(request: JsonRpcRequest): Observable<InboundEvent> {
  if (request.method === 'hang') return NEVER;
  if (request.method === 'slow') {
    return release.pipe(
      take(1),
      map((): InboundEvent => ({ kind: 'result', result: { slow: true } })),
    );
  }
  return of({ kind: 'result', result: { method: request.method } });
}

/** The three ways a POST may be answered: SSE at once, always JSON, held (the default). */
const MODES = {
  SSE: { streamAfterMs: 0 },
  JSON: { preferJson: true },
  held: {},
} as const;

async function start(options: { preferJson?: boolean; streamAfterMs?: number } = {}) {
  facade = await createHttpFacade(options);
  const sessions: StreamableHttpSession[] = [];
  facade.connections$.subscribe((session) => {
    sessions.push(session as StreamableHttpSession);
    new Connection(session, { handlers: { request: handle }, allowBatch: () => false });
  });
  const opened = await post(facade.url, initialize());
  const sessionId = opened.headers.get('mcp-session-id') ?? '';
  await readEvents(opened);
  const headers = { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' };
  const send = (body: unknown) =>
    fetch(facade?.url ?? '', {
      method: 'POST',
      headers: {
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        ...headers,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(5000),
    });
  return { sessions, send };
}

describe('every POST ends', () => {
  for (const [mode, options] of Object.entries(MODES)) {
    it(`a refused batch (2025-06-18) is answered on its own POST, which ends (${mode})`, async () => {
      const { send } = await start(options);
      const res = await send([
        { jsonrpc: '2.0', id: 2, method: 'ping' },
        { jsonrpc: '2.0', id: 3, method: 'ping' },
      ]);
      expect(res.headers.get('content-type')).toBe(
        mode === 'SSE' ? 'text/event-stream' : 'application/json',
      );
      const text = await res.text();
      const body = mode === 'SSE' ? messagesOf(parseSse(text))[0] : JSON.parse(text);
      expect(body).toMatchObject({ id: null, error: { code: -32600 } });
      expect(JSON.stringify(body)).toContain('batches are not supported');
    });
  }

  it('a request the client cancels ends its POST without a response', async () => {
    const { send } = await start();
    const hanging = await send({ jsonrpc: '2.0', id: 5, method: 'hang' });
    const body = hanging.text();
    const cancel = await send({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 5, reason: 'user gave up' },
    });
    expect(cancel.status).toBe(202);
    expect(messagesOf(parseSse(await body))).toEqual([]);
  });

  it('a duplicate in-flight id is refused; the original keeps its answer and its POST ends', async () => {
    const { send } = await start();
    const original = await send({ jsonrpc: '2.0', id: 7, method: 'slow' });
    const originalBody = original.text();
    const duplicate = await send({ jsonrpc: '2.0', id: 7, method: 'ping' });
    expect(await duplicate.json()).toMatchObject({
      id: 7,
      error: { code: -32600, message: expect.stringContaining('already in flight') },
    });
    release.next();
    expect(messagesOf(parseSse(await originalBody))).toEqual([
      { jsonrpc: '2.0', id: 7, result: { slow: true } },
    ]);
  });

  it('a session whose POSTs hang still expires when idle', async () => {
    const { sessions, send } = await start();
    const hanging = await send({ jsonrpc: '2.0', id: 9, method: 'hang' });
    const session = sessions[0];
    const idleMs = 60_000;
    expect(session?.isIdle(Date.now() + idleMs + 1, idleMs)).toBe(true);
    expect(session?.isIdle(Date.now(), idleMs)).toBe(false);
    await session?.close();
    await hanging.text(); // the POST ends with the session
  });
});

function parseSse(text: string) {
  return text
    .split('\n\n')
    .map((block) => {
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      return { type: 'message', data, lastEventId: '' };
    })
    .filter((event) => event.data !== '');
}
