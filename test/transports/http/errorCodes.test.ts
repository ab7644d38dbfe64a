/**
 * The JSON-RPC codes in the HTTP layer's own answers: a session that is unknown or gone is
 * 404 with -32001 (`SessionNotFound`, the official SDK servers' body), so a client can tell
 * it from a 404 for a path the facade does not serve (-32000, `TransportRefused`).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../core/errors/errors.js';
import { type EchoFacade, echo, openSession, post, startEchoFacade, until } from './fixtures.js';

let running: EchoFacade | undefined;
afterEach(async () => {
  await running?.facade.close();
  running = undefined;
});

const errorOf = async (res: Response) => ((await res.json()) as { error: unknown }).error;

describe('HTTP error bodies', () => {
  it('answers an unknown Streamable HTTP session with 404 SessionNotFound', async () => {
    running = await startEchoFacade();
    await openSession(running.facade.url);
    const res = await post(
      running.facade.url,
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { 'mcp-session-id': 'no-such-session' },
    );
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toEqual({
      code: ErrorCode.SessionNotFound,
      message: 'Session not found',
    });
  });

  it('answers a path it does not serve with 404 TransportRefused, not SessionNotFound', async () => {
    running = await startEchoFacade();
    const res = await post(new URL('/elsewhere', running.facade.url).href, {});
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toMatchObject({ code: ErrorCode.TransportRefused });
  });

  it('answers an unknown legacy SSE session with 404 SessionNotFound', async () => {
    running = await startEchoFacade();
    const res = await fetch(new URL('/messages?sessionId=nope', running.facade.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toMatchObject({ code: ErrorCode.SessionNotFound });
  });

  it('answers a POST still waiting for its JSON reply with 404 SessionNotFound when the session ends', async () => {
    running = await startEchoFacade({ preferJson: true }, (session, message) => {
      if (message.method !== 'hang') echo(session, message);
    });
    const id = await openSession(running.facade.url);
    const pending = post(
      running.facade.url,
      { jsonrpc: '2.0', id: 2, method: 'hang' },
      { 'mcp-session-id': id },
    );
    await until(() => running?.received[0]?.length === 2);
    await running.sessions[0]!.close();
    const res = await pending;
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toEqual({
      code: ErrorCode.SessionNotFound,
      message: 'Session ended',
    });
  });
});
