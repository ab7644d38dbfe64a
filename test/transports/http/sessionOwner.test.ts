/**
 * Sessions belong to the bearer token that created them: with A's
 * `Mcp-Session-Id` (or legacy `sessionId`), client B gets 404 for POST, GET (with or without
 * `Last-Event-ID`) and DELETE, exactly as for an unknown id, and A's session is untouched.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  ACCEPT_BOTH,
  type EchoFacade,
  initialize,
  messagesOf,
  post,
  readEvents,
  startEchoFacade,
} from './fixtures.js';

let running: EchoFacade | undefined;
afterEach(async () => {
  await running?.facade.close();
  running = undefined;
});

const A = { authorization: 'Bearer token-a' };
const B = { authorization: 'Bearer token-b' };

describe('Streamable HTTP sessions bound to their token', () => {
  it('answers 404 to another token on POST, GET, Last-Event-ID replay and DELETE', async () => {
    // SSE answers (streamAfterMs 0): B must not replay A's events by their ids.
    running = await startEchoFacade({ bearerTokens: ['token-a', 'token-b'], streamAfterMs: 0 });
    const { url } = running.facade;
    const opened = await post(url, initialize(), A);
    const sessionId = opened.headers.get('mcp-session-id') ?? '';
    const events = await readEvents(opened);
    const lastEventId = events.at(-1)?.lastEventId ?? '';
    expect(sessionId).not.toBe('');
    expect(lastEventId).not.toBe('');
    const asB = { ...B, 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' };

    const stolenPost = await post(url, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, asB);
    expect(stolenPost.status).toBe(404);
    const stolenGet = await fetch(url, { headers: { ...asB, accept: 'text/event-stream' } });
    expect(stolenGet.status).toBe(404);
    const replay = await fetch(url, {
      headers: { ...asB, accept: 'text/event-stream', 'last-event-id': lastEventId },
    });
    expect(replay.status).toBe(404);
    expect(await replay.text()).not.toContain('initialize');
    const stolenDelete = await fetch(url, { method: 'DELETE', headers: asB });
    expect(stolenDelete.status).toBe(404);
    // The session was not touched: A still uses it, and ends it.
    const asA = { ...A, 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' };
    const own = await post(url, { jsonrpc: '2.0', id: 3, method: 'tools/list' }, asA);
    expect(own.status).toBe(200);
    expect(messagesOf(await readEvents(own))).toEqual([
      expect.objectContaining({ id: 3, result: expect.objectContaining({ echo: 'tools/list' }) }),
    ]);
    expect((await fetch(url, { method: 'DELETE', headers: asA })).status).toBe(200);
  });

  it('does not bind sessions when no tokens are configured', async () => {
    running = await startEchoFacade();
    const { url } = running.facade;
    const opened = await post(url, initialize());
    const sessionId = opened.headers.get('mcp-session-id') ?? '';
    await readEvents(opened);
    const res = await fetch(url, {
      method: 'DELETE',
      headers: { 'mcp-session-id': sessionId, accept: ACCEPT_BOTH },
    });
    expect(res.status).toBe(200);
  });
});

describe('legacy SSE sessions bound to their token', () => {
  it('answers 404 to another token posting to the session', async () => {
    running = await startEchoFacade({ bearerTokens: ['token-a', 'token-b'] });
    const base = running.facade.url.slice(0, -'/mcp'.length);
    const stream = await fetch(`${base}/sse`, { headers: { ...A, accept: 'text/event-stream' } });
    // Read the `endpoint` event and keep the stream open (closing it ends the session).
    const reader = stream.body?.getReader();
    const first = new TextDecoder().decode((await reader?.read())?.value);
    const target = `${base}${/data: (\S+)/.exec(first)?.[1] ?? ''}`;
    expect(target).toContain('sessionId=');
    const stolen = await post(target, { jsonrpc: '2.0', id: 1, method: 'ping' }, B);
    expect(stolen.status).toBe(404);
    const own = await post(target, { jsonrpc: '2.0', id: 1, method: 'ping' }, A);
    expect(own.status).toBe(202);
    expect(running.received[0]).toEqual([{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
    await reader?.cancel();
  });
});
