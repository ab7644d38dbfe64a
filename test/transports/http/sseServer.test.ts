import { afterEach, describe, expect, it } from 'vitest';
import type { CloseReason } from '../../../core/rpc/transport.js';
import { type EchoFacade, initialize, readEvents, startEchoFacade, until } from './fixtures.js';

let running: EchoFacade | undefined;
afterEach(async () => {
  await running?.facade.close();
  running = undefined;
});

const base = (facade: EchoFacade) => running!.facade.url.replace(/\/mcp$/, '') || facade.facade.url;

describe('legacy HTTP+SSE server', () => {
  it('sends the endpoint event first, takes POSTs with 202 and answers on the stream', async () => {
    running = await startEchoFacade();
    const root = base(running);
    const stream = await fetch(`${root}/sse`, { headers: { accept: 'text/event-stream' } });
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('\n\n')) text += decoder.decode((await reader.read()).value);
    const match = /event: endpoint\ndata: (\/messages\?sessionId=[\w-]+)\n\n/.exec(text);
    expect(match).not.toBeNull();
    const res = await fetch(`${root}${match![1]}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(initialize(3)),
    });
    expect(res.status).toBe(202);
    while (!text.includes('event: message')) text += decoder.decode((await reader.read()).value);
    while (!text.endsWith('\n\n')) text += decoder.decode((await reader.read()).value);
    const data = /event: message\ndata: (.*)\n\n/.exec(text)![1]!;
    expect(JSON.parse(data)).toMatchObject({ id: 3, result: { echo: 'initialize' } });
    const reasons: CloseReason[] = [];
    running.sessions[0]!.closed$.subscribe((reason) => reasons.push(reason));
    await reader.cancel();
    await until(() => reasons.length > 0);
    expect(reasons).toEqual([{ kind: 'remote' }]);
    const gone = await fetch(`${root}${match![1]}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(initialize(4)),
    });
    expect(gone.status).toBe(404);
  });

  it('answers 404 for an unknown session and 400 without one', async () => {
    running = await startEchoFacade();
    const root = base(running);
    const post = (query: string) =>
      fetch(`${root}/messages${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    expect((await post('?sessionId=nope')).status).toBe(404);
    expect((await post('')).status).toBe(400);
  });

  it('closing the server-side transport ends the client stream', async () => {
    running = await startEchoFacade();
    const stream = await fetch(`${base(running)}/sse`, {
      headers: { accept: 'text/event-stream' },
    });
    await until(() => running!.sessions.length === 1);
    await running.sessions[0]!.close();
    const events = await readEvents(stream);
    expect(events.map((e) => e.type)).toEqual(['endpoint']);
  });

  it('refuses a message nested past maxJsonDepth with 400 by id; the session goes on', async () => {
    running = await startEchoFacade({ maxJsonDepth: 16 });
    const root = base(running);
    const stream = await fetch(`${root}/sse`, { headers: { accept: 'text/event-stream' } });
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('\n\n')) text += decoder.decode((await reader.read()).value);
    const path = /data: (\/messages\?sessionId=[\w-]+)/.exec(text)![1]!;
    const post = (body: string) =>
      fetch(`${root}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    const deep = `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"arguments":${'['.repeat(40)}${']'.repeat(40)}}}`;
    const refused = await post(deep);
    expect(refused.status).toBe(400);
    const answer = (await refused.json()) as {
      id: number;
      error: { code: number; message: string };
    };
    expect(answer).toMatchObject({ id: 5, error: { code: -32600 } });
    expect(answer.error.message).toContain('deeper than 16 levels');
    expect(running.received[0] ?? []).toEqual([]);
    expect((await post(JSON.stringify(initialize(6)))).status).toBe(202);
    while (!text.includes('"id":6')) text += decoder.decode((await reader.read()).value);
    expect(running.received[0]).toHaveLength(1);
    await reader.cancel();
  });
});
