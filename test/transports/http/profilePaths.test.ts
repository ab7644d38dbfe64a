/**
 * Profile paths on the HTTP facade: `/mcp/<name>` and `/sse/<name>` for the names
 * `hasProfile` accepts, each session labelled with its profile; other names 404; a session
 * opened on one path is unknown on another.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type EchoFacade, initialize, post, readMessages, startEchoFacade } from './fixtures.js';

let running: EchoFacade | undefined;
afterEach(async () => {
  await running?.facade.close();
  running = undefined;
});

const start = async (names: string[]) => {
  const known = new Set(names);
  running = await startEchoFacade({ hasProfile: (name) => known.has(name) });
  return running;
};

describe('profile paths', () => {
  it('labels a session opened on /mcp/<name> with that profile, and one on /mcp with none', async () => {
    const { facade, sessions } = await start(['coding']);
    const profiled = await post(`${facade.url}/coding`, initialize());
    expect(profiled.status).toBe(200);
    await readMessages(profiled);
    const plain = await post(facade.url, initialize());
    await readMessages(plain);
    expect(sessions.map((s) => s.profile)).toEqual(['coding', undefined]);
  });

  it('answers 404 for a name no profile has, and when there are no profiles at all', async () => {
    const { facade } = await start(['coding']);
    expect((await post(`${facade.url}/other`, initialize())).status).toBe(404);
    expect((await post(`${facade.url}/coding/deeper`, initialize())).status).toBe(404);
    await facade.close();
    running = await startEchoFacade();
    expect((await post(`${running.facade.url}/coding`, initialize())).status).toBe(404);
  });

  it('keeps sessions to their path: an id from /mcp/<name> is unknown on /mcp', async () => {
    const { facade } = await start(['coding']);
    const opened = await post(`${facade.url}/coding`, initialize());
    await readMessages(opened);
    const id = opened.headers.get('mcp-session-id') ?? '';
    const headers = { 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' };
    const list = { jsonrpc: '2.0', id: 2, method: 'tools/list' };
    expect((await post(facade.url, list, headers)).status).toBe(404);
    expect((await post(`${facade.url}/coding`, list, headers)).status).toBe(200);
  });

  it('serves legacy SSE on /sse/<name>, its endpoint on /messages/<name>', async () => {
    const { facade, sessions } = await start(['coding']);
    const base = facade.url.slice(0, -'/mcp'.length);
    const controller = new AbortController();
    const res = await fetch(`${base}/sse/coding`, {
      headers: { accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body?.getReader();
    const first = new TextDecoder().decode((await reader?.read())?.value);
    expect(first).toMatch(/data: \/messages\/coding\?sessionId=/);
    expect(sessions.at(-1)?.profile).toBe('coding');
    controller.abort();
  });
});
