/**
 * The HTTP and WebSocket listeners of the real CLI (`--http`, `--ws`, bearer tokens from
 * MCP_MUX_TOKENS, `--max-body-bytes`, `--disconnect-grace-ms`), spoken to with raw HTTP so
 * every status code and header is visible: DNS-rebinding rejection, authentication, body
 * limit, unknown and deleted sessions, a resumed SSE stream that replays what was missed, and
 * a dropped response that cancels the upstream request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { type ParsedSseEvent, SseParser } from '../../transports/http/sseParser.js';
import { INITIALIZE, POST_HEADERS, type Proc, rawRequest, startCli, until } from './cliNetwork.js';
import { everything, fixture, writeConfig } from './harness.js';

const TOKEN = 'tok-b';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const GRACE_MS = 1_000;

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** An SSE response read event by event; `lastEventId` includes priming events (no data). */
class SseReader {
  readonly events: ParsedSseEvent[] = [];
  lastEventId = '';
  readonly #abort: AbortController;
  readonly done: Promise<void>;

  constructor(response: Response, abort: AbortController) {
    this.#abort = abort;
    const parser = new SseParser({ onEvent: (event) => this.events.push(event) });
    const body = response.body;
    if (!body) throw new Error('no body');
    this.done = (async () => {
      const decoder = new TextDecoder();
      try {
        for await (const chunk of body as AsyncIterable<Uint8Array>) {
          parser.push(decoder.decode(chunk, { stream: true }));
          this.lastEventId = parser.lastEventId;
        }
      } catch {
        // aborted
      }
    })();
  }

  messages(): {
    id?: unknown;
    method?: string;
    params?: Record<string, unknown>;
    result?: unknown;
  }[] {
    return this.events.filter((e) => e.data !== '').map((e) => JSON.parse(e.data));
  }

  /** Drops the connection, as a client that went away would. */
  drop(): void {
    this.#abort.abort();
  }
}

describe('CLI HTTP listener: protection, sessions, resumption, disconnects', () => {
  let cli: Proc & { listeners: { http?: string; ws?: string } };
  let url = '';
  let host = '';

  async function post(
    body: unknown,
    sessionId?: string,
  ): Promise<{ response: Response; abort: AbortController }> {
    const abort = new AbortController();
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        ...POST_HEADERS,
        ...AUTH,
        ...(sessionId === undefined ? {} : { 'mcp-session-id': sessionId }),
      },
      body: JSON.stringify(body),
      signal: abort.signal,
    });
    return { response, abort };
  }

  /** A fresh initialized session; returns its id. */
  async function openSession(): Promise<string> {
    const { response } = await post(INITIALIZE);
    expect(response.status).toBe(200);
    const id = response.headers.get('mcp-session-id');
    await response.text();
    if (!id) throw new Error('no session id');
    const initialized = await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, id);
    expect(initialized.response.status).toBe(202);
    return id;
  }

  /** A tools/call whose response comes as an SSE stream. */
  async function callStreaming(
    sessionId: string,
    id: number,
    name: string,
    args: object,
    meta?: object,
  ) {
    const { response, abort } = await post(
      {
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name, arguments: args, ...(meta ? { _meta: meta } : {}) },
      },
      sessionId,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    return new SseReader(response, abort);
  }

  async function callResult(
    sessionId: string,
    id: number,
    name: string,
    args: object = {},
  ): Promise<string> {
    // A quick answer comes as one JSON body, a slower one as SSE (streamAfterMs).
    const { response } = await post(
      { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } },
      sessionId,
    );
    expect(response.status).toBe(200);
    let messages: { id?: unknown; result?: unknown }[];
    if (response.headers.get('content-type') === 'application/json') {
      messages = [(await response.json()) as { id?: unknown; result?: unknown }];
    } else {
      const reader = new SseReader(response, new AbortController());
      await reader.done;
      messages = reader.messages();
    }
    const result = messages.find((m) => m.id === id)?.result as {
      content: { text: string }[];
    };
    return result.content[0]?.text ?? '';
  }

  beforeAll(async () => {
    const config = writeConfig({
      mcpServers: {
        rec: fixture('recordingServer'),
        everything: everything(),
        iso: fixture('sessionServer', { sessionMode: 'isolated' }),
      },
    });
    cli = await startCli(
      config,
      [
        '--http',
        '127.0.0.1:0',
        '--ws',
        '127.0.0.1:0',
        '--max-body-bytes',
        '8192',
        '--disconnect-grace-ms',
        String(GRACE_MS),
      ],
      { MCP_MUX_TOKENS: 'tok-a, tok-b' },
    );
    url = cli.listeners.http ?? '';
    host = new URL(url).host;
  }, 30_000);

  afterAll(async () => {
    await cli?.stop();
  });

  it('rejects a foreign Host or Origin with 403 (DNS rebinding) and accepts its own', async () => {
    const body = JSON.stringify(INITIALIZE);
    const evilHost = await rawRequest(url, {
      headers: { ...POST_HEADERS, ...AUTH, host: 'evil.example.com' },
      body,
    });
    expect(evilHost.status).toBe(403);
    const evilOrigin = await rawRequest(url, {
      headers: { ...POST_HEADERS, ...AUTH, host, origin: 'http://evil.example.com' },
      body,
    });
    expect(evilOrigin.status).toBe(403);
    const own = await rawRequest(url, {
      headers: { ...POST_HEADERS, ...AUTH, host, origin: `http://${host}` },
      body,
    });
    expect(own.status).toBe(200);
  });

  it('answers a missing or wrong bearer token with 401 and WWW-Authenticate', async () => {
    const body = JSON.stringify(INITIALIZE);
    const missing = await rawRequest(url, { headers: POST_HEADERS, body });
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    const wrong = await rawRequest(url, {
      headers: { ...POST_HEADERS, authorization: 'Bearer nope' },
      body,
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    const legacy = await rawRequest(url.replace(/\/mcp$/, '/sse'), {
      method: 'GET',
      headers: { accept: 'text/event-stream' },
    });
    expect(legacy.status).toBe(401);
  });

  it('refuses a WebSocket upgrade without a token with 401', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(cli.listeners.ws ?? '', ['mcp']);
      socket.on('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        socket.terminate();
      });
      socket.on('open', () => reject(new Error('the upgrade was accepted')));
      socket.on('error', () => {});
    });
    expect(status).toBe(401);
  });

  it('answers a body over --max-body-bytes with 413', async () => {
    const big = { ...INITIALIZE, params: { ...INITIALIZE.params, padding: 'x'.repeat(10_000) } };
    const response = await rawRequest(url, {
      headers: { ...POST_HEADERS, ...AUTH, host },
      body: JSON.stringify(big),
    });
    expect(response.status).toBe(413);
  });

  it('answers an unknown session id with 404; DELETE ends the session and its isolated upstream', async () => {
    const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const unknown = await post(list, 'no-such-session');
    expect(unknown.response.status).toBe(404);
    await unknown.response.text();
    const id = await openSession();
    const { pid } = JSON.parse(await callResult(id, 2, 'iso__whoami')) as { pid: number };
    expect(alive(pid)).toBe(true);
    const deleted = await fetch(url, {
      method: 'DELETE',
      headers: { ...AUTH, 'mcp-session-id': id },
    });
    expect(deleted.status).toBe(200);
    const after = await post(list, id);
    expect(after.response.status).toBe(404);
    await after.response.text();
    await until(() => !alive(pid), 10_000, 'the isolated upstream process to exit');
  });

  it('replays what a dropped SSE stream missed on GET with Last-Event-ID, and the request survives', async () => {
    const session = await openSession();
    // 5 steps over 2.5 s; dropped after the first, so a grace timer that resumption did not stop
    // would cancel it at ~1.5 s, before its result.
    const reader = await callStreaming(
      session,
      7,
      'everything__trigger-long-running-operation',
      { duration: 2.5, steps: 5 },
      { progressToken: 'resume-me' },
    );
    await until(
      () => reader.messages().some((m) => m.method === 'notifications/progress'),
      5_000,
      'the first progress',
    );
    const before = reader.messages();
    const lastEventId = reader.lastEventId;
    reader.drop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const abort = new AbortController();
    const resumed = await fetch(url, {
      headers: {
        ...AUTH,
        accept: 'text/event-stream',
        'mcp-session-id': session,
        'last-event-id': lastEventId,
      },
      signal: abort.signal,
    });
    expect(resumed.status).toBe(200);
    const replay = new SseReader(resumed, abort);
    await until(() => replay.messages().some((m) => m.id === 7), 6_000, 'the result, resumed');
    const all = [...before, ...replay.messages()];
    const progress = all
      .filter((m) => m.method === 'notifications/progress')
      .map((m) => m.params?.progress);
    expect(progress).toEqual([1, 2, 3, 4, 5]);
    const result = all.find((m) => m.id === 7)?.result as { content: { text: string }[] };
    expect(result.content[0]?.text).toContain('Long running operation completed');
  });

  it('cancels the upstream request when the client drops its response and does not come back', async () => {
    const session = await openSession();
    const startedAt = Date.now();
    const reader = await callStreaming(session, 9, 'rec__wait', { ms: 20_000 });
    await until(() => reader.lastEventId !== '', 5_000, 'the priming event');
    reader.drop();
    const seen = await until(
      async () => {
        const text = await callResult(session, Date.now(), 'rec__cancellations');
        const list = JSON.parse(text) as { requestId: unknown; reason: unknown }[];
        return list.length > 0 ? list : undefined;
      },
      10_000,
      'the cancellation to reach the upstream',
    );
    expect(seen).toHaveLength(1);
    // Not before the grace period: the client might have resumed.
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(GRACE_MS);
  });
});
