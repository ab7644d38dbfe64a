/**
 * Sessions belong to the bearer token that created them: with A's
 * `Mcp-Session-Id` (or legacy `sessionId`), client B gets 404 for POST, GET (with or without
 * `Last-Event-ID`) and DELETE, exactly as for an unknown id, and A's session is untouched.
 * With JWTs a session keeps the rights of the token that opened it: the same subject with
 * other scopes or another client gets 403; two tokens without `sub` are two principals.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type OAuthServer, startOAuthServer } from '../../fixtures/oauthServer.js';
import {
  ACCEPT_BOTH,
  type EchoFacade,
  initialize,
  messagesOf,
  post,
  readEvents,
  readMessages,
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

describe('sessions keep the rights of the JWT that opened them', () => {
  let auth: OAuthServer;
  beforeAll(async () => {
    auth = await startOAuthServer();
  });
  afterAll(() => auth.close());

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const onSession = (token: string, sessionId: string) => ({
    ...bearer(token),
    'mcp-session-id': sessionId,
    'mcp-protocol-version': '2025-06-18',
  });

  it('answers 403 to the same subject with other scopes or client, 404 to another subject', async () => {
    running = await startEchoFacade({ jwt: { issuer: auth.issuer, jwksUrl: auth.jwksUrl } });
    const { url } = running.facade;
    const mint = (claims: Record<string, unknown>) => auth.mint(claims, { audience: url });
    const admin = await mint({ sub: 'carol', client_id: 'app', scope: 'mcp:read mcp:admin' });
    const opened = await post(url, initialize(), bearer(admin));
    expect(opened.status).toBe(200);
    const sessionId = opened.headers.get('mcp-session-id') ?? '';
    await readEvents(opened);
    const list = { jsonrpc: '2.0', id: 2, method: 'tools/list' };

    const weaker = await mint({ sub: 'carol', client_id: 'app', scope: 'mcp:read' });
    const otherClient = await mint({
      sub: 'carol',
      client_id: 'other',
      scope: 'mcp:read mcp:admin',
    });
    for (const token of [weaker, otherClient]) {
      const refused = await post(url, list, onSession(token, sessionId));
      expect(refused.status).toBe(403);
      const body = (await refused.json()) as { error: { code: number; message: string } };
      expect(body.error).toEqual({ code: -32000, message: expect.stringMatching(/other rights/) });
      const get = await fetch(url, {
        headers: { ...onSession(token, sessionId), accept: 'text/event-stream' },
      });
      expect(get.status).toBe(403);
      await get.body?.cancel();
      const del = await fetch(url, { method: 'DELETE', headers: onSession(token, sessionId) });
      expect(del.status).toBe(403);
    }
    const stranger = await mint({ sub: 'dave', client_id: 'app', scope: 'mcp:read mcp:admin' });
    expect((await post(url, list, onSession(stranger, sessionId))).status).toBe(404);
    // Only the session's messages from the opener reached it; a fresh token of the same
    // rights (scopes in another order) goes on using it.
    const same = await mint({ sub: 'carol', client_id: 'app', scope: 'mcp:admin mcp:read' });
    const own = await post(url, list, onSession(same, sessionId));
    expect(own.status).toBe(200);
    expect(await readMessages(own)).toEqual([
      expect.objectContaining({ id: 2, result: expect.objectContaining({ echo: 'tools/list' }) }),
    ]);
    expect(running.received[0]?.filter((m) => (m as { id?: number }).id === 2)).toHaveLength(1);
  });

  it('answers 403 on a legacy SSE session to the same subject with other scopes', async () => {
    running = await startEchoFacade({ jwt: { issuer: auth.issuer, jwksUrl: auth.jwksUrl } });
    const url = running.facade.url;
    const base = url.slice(0, -'/mcp'.length);
    const admin = await auth.mint({ sub: 'carol', scope: 'mcp:admin' }, { audience: url });
    const weaker = await auth.mint({ sub: 'carol', scope: 'mcp:read' }, { audience: url });
    const stream = await fetch(`${base}/sse`, {
      headers: { ...bearer(admin), accept: 'text/event-stream' },
    });
    const reader = stream.body?.getReader();
    const first = new TextDecoder().decode((await reader?.read())?.value);
    const target = `${base}${/data: (\S+)/.exec(first)?.[1] ?? ''}`;
    const refused = await post(target, { jsonrpc: '2.0', id: 1, method: 'ping' }, bearer(weaker));
    expect(refused.status).toBe(403);
    expect(running.received[0]).toEqual([]);
    const own = await post(target, { jsonrpc: '2.0', id: 1, method: 'ping' }, bearer(admin));
    expect(own.status).toBe(202);
    await reader?.cancel();
  });

  it('keeps two tokens without sub apart (by client id) and refuses one naming nobody', async () => {
    running = await startEchoFacade({ jwt: { issuer: auth.issuer, jwksUrl: auth.jwksUrl } });
    const { url } = running.facade;
    const serviceA = await auth.mint({ client_id: 'svc-a', scope: 'x' }, { audience: url });
    const serviceB = await auth.mint({ client_id: 'svc-b', scope: 'x' }, { audience: url });
    const opened = await post(url, initialize(), bearer(serviceA));
    expect(opened.status).toBe(200);
    const sessionId = opened.headers.get('mcp-session-id') ?? '';
    await readEvents(opened);
    const list = { jsonrpc: '2.0', id: 2, method: 'tools/list' };
    expect((await post(url, list, onSession(serviceB, sessionId))).status).toBe(404);
    const nobody = await auth.mint({ scope: 'x' }, { audience: url });
    const refused = await post(url, initialize(), bearer(nobody));
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect((await post(url, list, onSession(serviceA, sessionId))).status).toBe(200);
  });
});
