import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { type CloseReason, hasStreams } from '../../../core/rpc/transport.js';
import {
  ACCEPT_BOTH,
  bufferedBytesOf,
  type EchoFacade,
  initialize,
  messagesOf,
  openSession,
  post,
  readEvents,
  readMessages,
  startEchoFacade,
  until,
} from './fixtures.js';

let running: EchoFacade | undefined;
afterEach(async () => {
  await running?.facade.close();
  running = undefined;
});

async function start(options = {}): Promise<EchoFacade> {
  running = await startEchoFacade(options);
  return running;
}

describe('Streamable HTTP sessions', () => {
  it('assigns a random visible-ASCII session id on the session-start response', async () => {
    const { facade, sessions } = await start();
    const res = await post(facade.url, initialize());
    expect(res.status).toBe(200);
    const id = res.headers.get('mcp-session-id');
    expect(id).toMatch(/^[\x21-\x7e]{32,}$/);
    expect(await readMessages(res)).toEqual([
      expect.objectContaining({ id: 1, result: expect.objectContaining({ echo: 'initialize' }) }),
    ]);
    expect(sessions).toHaveLength(1);
    const other = await post(facade.url, initialize());
    expect(other.headers.get('mcp-session-id')).not.toBe(id);
    await readEvents(other);
  });

  it('requires the session id on later requests (400) and rejects unknown ones (404)', async () => {
    const { facade } = await start();
    await openSession(facade.url);
    const missing = await post(facade.url, { jsonrpc: '2.0', id: 2, method: 'tools/list' });
    expect(missing.status).toBe(400);
    const unknown = await post(
      facade.url,
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { 'mcp-session-id': 'no-such-session' },
    );
    expect(unknown.status).toBe(404);
    const get = await fetch(facade.url, { headers: { accept: 'text/event-stream' } });
    expect(get.status).toBe(400);
  });

  it('DELETE ends the session: the transport closes as remote, later requests get 404', async () => {
    const { facade, sessions } = await start();
    const id = await openSession(facade.url);
    const reasons: CloseReason[] = [];
    sessions[0]!.closed$.subscribe((reason) => reasons.push(reason));
    const del = await fetch(facade.url, { method: 'DELETE', headers: { 'mcp-session-id': id } });
    expect(del.status).toBe(200);
    expect(reasons).toEqual([{ kind: 'remote' }]);
    const after = await post(facade.url, { jsonrpc: '2.0', method: 'x' }, { 'mcp-session-id': id });
    expect(after.status).toBe(404);
  });

  it('a server-side close ends the session for the client (404)', async () => {
    const { facade, sessions } = await start();
    const id = await openSession(facade.url);
    await sessions[0]!.close();
    const after = await post(
      facade.url,
      { jsonrpc: '2.0', id: 5, method: 'x' },
      { 'mcp-session-id': id },
    );
    expect(after.status).toBe(404);
  });

  it('closes a session idle past sessionIdleTimeoutMs, but not one with an open stream', async () => {
    const { facade, sessions } = await start({ sessionIdleTimeoutMs: 100 });
    await openSession(facade.url);
    const busy = await openSession(facade.url);
    const get = await fetch(facade.url, {
      headers: { accept: 'text/event-stream', 'mcp-session-id': busy },
    });
    expect(get.status).toBe(200);
    const reasons: CloseReason[][] = [[], []];
    for (const [i, s] of sessions.entries()) s.closed$.subscribe((r) => reasons[i]!.push(r));
    await until(() => reasons[0]!.length === 1);
    expect(reasons[0]).toEqual([{ kind: 'local' }]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(reasons[1]).toEqual([]);
  });

  it('answers notifications and responses with 202 and no body, and delivers them', async () => {
    const { facade, received } = await start();
    const id = await openSession(facade.url);
    const note = { jsonrpc: '2.0', method: 'notifications/initialized' };
    const res = await post(facade.url, note, { 'mcp-session-id': id });
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('');
    const reply = await post(
      facade.url,
      { jsonrpc: '2.0', id: 'srv-1', result: {} },
      { 'mcp-session-id': id },
    );
    expect(reply.status).toBe(202);
    expect(received[0]).toContainEqual(note);
    expect(received[0]).toContainEqual({ jsonrpc: '2.0', id: 'srv-1', result: {} });
  });

  it('checks Accept (406), MCP-Protocol-Version (400) and message shape (400)', async () => {
    const { facade } = await start({ supportedProtocolVersions: ['2025-06-18'] });
    const json = await post(facade.url, initialize(), { accept: 'application/json' });
    expect(json.status).toBe(406);
    const version = await post(facade.url, initialize(), { 'mcp-protocol-version': '1999-01-01' });
    expect(version.status).toBe(400);
    const ok = await post(facade.url, initialize(), { 'mcp-protocol-version': '2025-06-18' });
    expect(ok.status).toBe(200);
    await readEvents(ok);
    const shape = await post(facade.url, { hello: 'world' });
    expect(shape.status).toBe(400);
    expect(await shape.json()).toMatchObject({ id: null, error: { code: -32600 } });
    const empty = await post(facade.url, []);
    expect(empty.status).toBe(400);
    const put = await fetch(facade.url, { method: 'PUT' });
    expect(put.status).toBe(405);
  });
});

describe('Streamable HTTP responses', () => {
  it('answers with application/json when preferJson is set, one body per POST', async () => {
    const { facade } = await start({ preferJson: true });
    const res = await post(facade.url, initialize());
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toMatchObject({ id: 1, result: { echo: 'initialize' } });
    const id = res.headers.get('mcp-session-id')!;
    const batch = await post(
      facade.url,
      [
        { jsonrpc: '2.0', id: 'b', method: 'second' },
        { jsonrpc: '2.0', method: 'note' },
        { jsonrpc: '2.0', id: 0, method: 'first' },
      ],
      { 'mcp-session-id': id },
    );
    expect(await batch.json()).toMatchObject([
      { id: 'b', result: { echo: 'second' } },
      { id: 0, result: { echo: 'first' } },
    ]);
  });

  it('streams SSE with event ids, and closes the stream after the last response', async () => {
    const { facade } = await start({ streamAfterMs: 0 });
    const res = await post(facade.url, initialize());
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const events = await readEvents(res); // returns only once the server ended the stream
    expect(events.every((e) => /^\d+:\d+$/.test(e.lastEventId))).toBe(true);
    expect(messagesOf(events)).toHaveLength(1);
  });

  it('answers a POST whose response comes first with one application/json body', async () => {
    const { facade } = await start();
    const id = await openSession(facade.url);
    const res = await post(
      facade.url,
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { 'mcp-session-id': id },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('mcp-session-id')).toBe(id);
    expect(res.headers.get('transfer-encoding')).toBeNull();
    const text = await res.text();
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect(JSON.parse(text)).toEqual({
      jsonrpc: '2.0',
      id: 2,
      result: { echo: 'tools/list', params: null },
    });
  });

  it('turns a held answer into SSE after streamAfterMs: primed, so the client can resume', async () => {
    let answer: (() => void) | undefined;
    running = await startEchoFacade({ streamAfterMs: 20 }, (session, message) => {
      if (message.method === 'slow') {
        answer = () => session.send({ jsonrpc: '2.0', id: message.id, result: { late: true } });
      } else if ('id' in message) session.send({ jsonrpc: '2.0', id: message.id, result: {} });
    });
    const url = running.facade.url;
    const id = await openSession(url);
    const abort = new AbortController();
    const res = await fetch(url, {
      method: 'POST',
      headers: { accept: ACCEPT_BOTH, 'content-type': 'application/json', 'mcp-session-id': id },
      body: JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'slow' }),
      signal: abort.signal,
    });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const [priming] = await readEvents(res, 1);
    expect(priming).toMatchObject({ data: '' });
    expect(answer).toBeDefined(); // not called yet: the stream started without it
    abort.abort();
    await until(() => bufferedBytesOf(running!.sessions[0]!) === 0);
    answer!();
    const resumed = await fetch(url, {
      headers: {
        accept: 'text/event-stream',
        'mcp-session-id': id,
        'last-event-id': priming!.lastEventId,
      },
    });
    expect(messagesOf(await readEvents(resumed))).toEqual([
      { jsonrpc: '2.0', id: 5, result: { late: true } },
    ]);
  });

  it('turns each of several held answers of a session into SSE when its own delay is up', async () => {
    // One timer per session serves every held answer: POSTs taken at different times each
    // stream after their own streamAfterMs, and one answered in time stays one JSON body.
    const answers = new Map<unknown, () => void>();
    running = await startEchoFacade({ streamAfterMs: 60 }, (session, message) => {
      if (message.method === 'slow' || message.method === 'quick') {
        answers.set(message.id, () =>
          session.send({ jsonrpc: '2.0', id: message.id, result: { id: message.id } }),
        );
      } else if ('id' in message) session.send({ jsonrpc: '2.0', id: message.id, result: {} });
    });
    const url = running.facade.url;
    const id = await openSession(url);
    const postOne = (n: number, method: string) =>
      fetch(url, {
        method: 'POST',
        headers: { accept: ACCEPT_BOTH, 'content-type': 'application/json', 'mcp-session-id': id },
        body: JSON.stringify({ jsonrpc: '2.0', id: n, method }),
      });
    const started = Date.now();
    const first = postOne(1, 'slow');
    await until(() => answers.has(1));
    await new Promise((resolve) => setTimeout(resolve, 30));
    const quick = postOne(2, 'quick');
    const second = postOne(3, 'slow');
    await until(() => answers.has(2) && answers.has(3));
    answers.get(2)!();
    const quickRes = await quick;
    expect(quickRes.headers.get('content-type')).toBe('application/json');
    expect(await quickRes.json()).toEqual({ jsonrpc: '2.0', id: 2, result: { id: 2 } });
    const firstRes = await first;
    expect(firstRes.headers.get('content-type')).toBe('text/event-stream');
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    const secondRes = await second;
    expect(secondRes.headers.get('content-type')).toBe('text/event-stream');
    expect(Date.now() - started).toBeGreaterThanOrEqual(85);
    answers.get(1)!();
    answers.get(3)!();
    expect(messagesOf(await readEvents(firstRes))).toEqual([
      { jsonrpc: '2.0', id: 1, result: { id: 1 } },
    ]);
    expect(messagesOf(await readEvents(secondRes))).toEqual([
      { jsonrpc: '2.0', id: 3, result: { id: 3 } },
    ]);
  });

  it('streams the responses held so far first when a batch turns into SSE', async () => {
    running = await startEchoFacade({}, (session, message) => {
      if (message.method === 'quick') session.send({ jsonrpc: '2.0', id: message.id, result: {} });
      else if (message.method === 'slow') {
        const later = (): void => {
          session.send(
            { jsonrpc: '2.0', method: 'progress', params: { n: 1 } },
            { relatedRequestId: message.id as string },
          );
          session.send({ jsonrpc: '2.0', id: message.id, result: { done: true } });
        };
        setTimeout(later, 5);
      } else if ('id' in message) session.send({ jsonrpc: '2.0', id: message.id, result: {} });
    });
    const url = running.facade.url;
    const id = await openSession(url);
    const res = await post(
      url,
      [
        { jsonrpc: '2.0', id: 'a', method: 'quick' },
        { jsonrpc: '2.0', id: 'b', method: 'slow' },
      ],
      { 'mcp-session-id': id },
    );
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(messagesOf(await readEvents(res))).toEqual([
      { jsonrpc: '2.0', id: 'a', result: {} },
      { jsonrpc: '2.0', method: 'progress', params: { n: 1 } },
      { jsonrpc: '2.0', id: 'b', result: { done: true } },
    ]);
  });

  it('sends related messages on the POST stream and unrelated ones on the GET stream', async () => {
    let release: (() => void) | undefined;
    running = await startEchoFacade({}, (session, message) => {
      if (message.method === 'slow') {
        session.send(
          { jsonrpc: '2.0', method: 'progress', params: { n: 1 } },
          { relatedRequestId: message.id as number },
        );
        session.send({ jsonrpc: '2.0', method: 'unrelated' });
        release = () => session.send({ jsonrpc: '2.0', id: message.id, result: { done: true } });
      } else if ('id' in message) session.send({ jsonrpc: '2.0', id: message.id, result: {} });
    });
    const url = running.facade.url;
    const id = await openSession(url);
    const get = await fetch(url, {
      headers: { accept: 'text/event-stream', 'mcp-session-id': id },
    });
    expect(get.status).toBe(200);
    const slow = await post(
      url,
      { jsonrpc: '2.0', id: 7, method: 'slow' },
      { 'mcp-session-id': id },
    );
    await until(() => release !== undefined);
    release!();
    const onPost = messagesOf(await readEvents(slow));
    expect(onPost).toEqual([
      { jsonrpc: '2.0', method: 'progress', params: { n: 1 } },
      { jsonrpc: '2.0', id: 7, result: { done: true } },
    ]);
    const onGet = messagesOf(await readEvents(get, 2));
    expect(onGet).toEqual([{ jsonrpc: '2.0', method: 'unrelated' }]);
  });

  it('keeps concurrent POST streams apart', async () => {
    const pending = new Map<unknown, () => void>();
    running = await startEchoFacade({}, (session, message) => {
      if (message.method === 'work') {
        const id = message.id as number;
        session.send(
          { jsonrpc: '2.0', method: 'progress', params: { of: id } },
          { relatedRequestId: id },
        );
        pending.set(id, () => session.send({ jsonrpc: '2.0', id, result: { of: id } }));
      } else if ('id' in message) session.send({ jsonrpc: '2.0', id: message.id, result: {} });
    });
    const url = running.facade.url;
    const id = await openSession(url);
    const a = await post(url, { jsonrpc: '2.0', id: 10, method: 'work' }, { 'mcp-session-id': id });
    const b = await post(url, { jsonrpc: '2.0', id: 11, method: 'work' }, { 'mcp-session-id': id });
    await until(() => pending.size === 2);
    pending.get(11)!();
    pending.get(10)!();
    const [onA, onB] = await Promise.all([readEvents(a), readEvents(b)]);
    expect(messagesOf(onA)).toEqual([
      { jsonrpc: '2.0', method: 'progress', params: { of: 10 } },
      { jsonrpc: '2.0', id: 10, result: { of: 10 } },
    ]);
    expect(messagesOf(onB)).toEqual([
      { jsonrpc: '2.0', method: 'progress', params: { of: 11 } },
      { jsonrpc: '2.0', id: 11, result: { of: 11 } },
    ]);
    const streams = new Set([...onA, ...onB].map((e) => e.lastEventId.split(':')[0]));
    expect(streams.size).toBe(2);
  });

  it('buffers unrelated messages until a GET stream opens', async () => {
    const { facade, sessions } = await start();
    const id = await openSession(facade.url);
    sessions[0]!.send({ jsonrpc: '2.0', method: 'early', params: { n: 1 } });
    sessions[0]!.send({ jsonrpc: '2.0', method: 'early', params: { n: 2 } });
    const get = await fetch(facade.url, {
      headers: { accept: 'text/event-stream', 'mcp-session-id': id },
    });
    const events = await readEvents(get, 3);
    expect(messagesOf(events)).toEqual([
      { jsonrpc: '2.0', method: 'early', params: { n: 1 } },
      { jsonrpc: '2.0', method: 'early', params: { n: 2 } },
    ]);
  });

  it('reports requests whose POST the client dropped on disconnects$', async () => {
    running = await startEchoFacade({}, (session, message) => {
      if (message.method === 'initialize')
        session.send({ jsonrpc: '2.0', id: message.id, result: {} });
    });
    const url = running.facade.url;
    const id = await openSession(url);
    const session = running.sessions[0]!;
    if (!hasStreams(session)) throw new Error('a Streamable HTTP session has streams');
    const seen: unknown[] = [];
    session.disconnects$.subscribe((event) => seen.push(event));
    const abort = new AbortController();
    const res = await fetch(url, {
      method: 'POST',
      headers: { accept: ACCEPT_BOTH, 'content-type': 'application/json', 'mcp-session-id': id },
      body: JSON.stringify([
        { jsonrpc: '2.0', id: 'a', method: 'hang' },
        { jsonrpc: '2.0', id: 9, method: 'hang' },
      ]),
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    abort.abort();
    await until(() => seen.length > 0);
    expect(seen).toEqual([{ requestIds: ['a', 9] }]);
    expect(session.closed$).toBeDefined();
  });
});

describe('Streamable HTTP resumption', () => {
  it('replays the events after Last-Event-ID on the same stream and continues it', async () => {
    let step: ((n: number) => void) | undefined;
    running = await startEchoFacade({}, (session, message) => {
      if (message.method === 'long') {
        step = (n) =>
          n < 3
            ? session.send(
                { jsonrpc: '2.0', method: 'tick', params: { n } },
                { relatedRequestId: 'L' },
              )
            : session.send({ jsonrpc: '2.0', id: 'L', result: { n } });
      } else if ('id' in message) session.send({ jsonrpc: '2.0', id: message.id, result: {} });
    });
    const url = running.facade.url;
    const id = await openSession(url);
    const abort = new AbortController();
    const res = await fetch(url, {
      method: 'POST',
      headers: { accept: ACCEPT_BOTH, 'content-type': 'application/json', 'mcp-session-id': id },
      body: JSON.stringify({ jsonrpc: '2.0', id: 'L', method: 'long' }),
      signal: abort.signal,
    });
    await until(() => step !== undefined);
    step!(1);
    const first = await readEvents(res, 2); // priming event + tick 1
    expect(messagesOf(first)).toEqual([{ jsonrpc: '2.0', method: 'tick', params: { n: 1 } }]);
    const lastId = first.at(-1)!.lastEventId;
    abort.abort();
    await until(() => bufferedBytesOf(running!.sessions[0]!) === 0);
    step!(2); // sent while no connection carries the stream
    const resumed = await fetch(url, {
      headers: { accept: 'text/event-stream', 'mcp-session-id': id, 'last-event-id': lastId },
    });
    expect(resumed.status).toBe(200);
    setTimeout(() => step!(3), 20);
    const rest = await readEvents(resumed);
    expect(messagesOf(rest)).toEqual([
      { jsonrpc: '2.0', method: 'tick', params: { n: 2 } },
      { jsonrpc: '2.0', id: 'L', result: { n: 3 } },
    ]);
  });

  it('never replays another stream, and rejects an unknown Last-Event-ID', async () => {
    const { facade, sessions } = await start({ streamAfterMs: 0 });
    const id = await openSession(facade.url);
    sessions[0]!.send({ jsonrpc: '2.0', method: 'for-get-stream' });
    const replay = await fetch(facade.url, {
      headers: { accept: 'text/event-stream', 'mcp-session-id': id, 'last-event-id': '1:0' },
    });
    // stream 1 (the initialize POST) is complete: its replay holds only its response
    expect(messagesOf(await readEvents(replay))).toEqual([
      expect.objectContaining({ id: 1, result: expect.anything() }),
    ]);
    const bad = await fetch(facade.url, {
      headers: { accept: 'text/event-stream', 'mcp-session-id': id, 'last-event-id': '99:0' },
    });
    expect(bad.status).toBe(400);
  });
});

describe('Stateless (modern) POSTs', () => {
  const META = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  const modernHeaders = (method: string) => ({
    accept: ACCEPT_BOTH,
    'content-type': 'application/json',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': method,
  });

  it('closes the modern exchange when its client drops the response (cancellation)', async () => {
    running = await startEchoFacade({}, () => {});
    const req = httpRequest(running.facade.url, {
      method: 'POST',
      headers: modernHeaders('tools/list'),
    });
    req.on('error', () => {});
    req.end(
      JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/list', params: { _meta: META } }),
    );
    await until(() => running?.sessions.length === 1);
    const reasons: CloseReason[] = [];
    running.sessions[0]!.closed$.subscribe((r) => reasons.push(r));
    req.destroy();
    await until(() => reasons.length === 1);
    expect(reasons).toEqual([{ kind: 'remote' }]);
  });

  it('answers a modern POST with one JSON body, no session id, and ends the exchange', async () => {
    const { facade, sessions } = await start();
    const res = await post(
      facade.url,
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: META } },
      modernHeaders('tools/list'),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('mcp-session-id')).toBeNull();
    expect(await res.json()).toMatchObject({ id: 1, result: { echo: 'tools/list' } });
    const reasons: CloseReason[] = [];
    sessions[0]!.closed$.subscribe((reason) => reasons.push(reason));
    expect(reasons).toEqual([{ kind: 'remote' }]);
  });

  it('streams SSE when a notification comes before the response', async () => {
    running = await startEchoFacade({}, (session, message) => {
      session.send({ jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } });
      session.send({ jsonrpc: '2.0', id: message.id, result: {} });
    });
    const res = await post(
      running.facade.url,
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 't', _meta: META } },
      { ...modernHeaders('tools/call'), 'mcp-name': 't' },
    );
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(messagesOf(await readEvents(res))).toEqual([
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } },
      { jsonrpc: '2.0', id: 2, result: {} },
    ]);
  });
});

describe('Streamable HTTP backpressure', () => {
  it('closes a session whose client stops reading, as a slow reader', async () => {
    const { facade, sessions } = await start({ maxBufferedBytes: 64 * 1024 });
    const id = await openSession(facade.url);
    const get = await fetch(facade.url, {
      headers: { accept: 'text/event-stream', 'mcp-session-id': id },
    });
    expect(get.status).toBe(200); // and never read
    const reasons: CloseReason[] = [];
    sessions[0]!.closed$.subscribe((r) => reasons.push(r));
    const big = { jsonrpc: '2.0', method: 'big', params: { pad: 'x'.repeat(256 * 1024) } };
    for (let i = 0; i < 400 && reasons.length === 0; i++) {
      sessions[0]!.send(big);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(reasons[0]).toMatchObject({ kind: 'slow-reader' });
  });
});
