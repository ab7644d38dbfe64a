/**
 * Helpers for the HTTP transport tests: a facade on 127.0.0.1:0 whose sessions echo requests,
 * a raw `node:http` request (fetch would not let a test forge `Host`), and an SSE reader.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { isBuffered, type Transport } from '../../../core/rpc/transport.js';
import {
  createHttpFacade,
  type HttpFacade,
  type HttpFacadeOptions,
} from '../../../transports/http/httpFacade.js';
import { type ParsedSseEvent, SseParser } from '../../../transports/http/sseParser.js';

export interface EchoFacade {
  facade: HttpFacade;
  sessions: Transport[];
  /** Messages each session received, in order. */
  received: unknown[][];
}

type Handler = (session: Transport, message: Record<string, unknown>) => void;

/** Answers every request with `{ echo: method, params }`, on the request's stream. */
export const echo: Handler = (session, message) => {
  if (typeof message.method === 'string' && 'id' in message) {
    session.send({
      jsonrpc: '2.0',
      id: message.id,
      result: { echo: message.method, params: message.params ?? null },
    });
  }
};

/** What a session holds unsent (every built-in transport is a `BufferedTransport`). */
export function bufferedBytesOf(session: Transport): number {
  if (!isBuffered(session)) throw new Error('the session does not count what it buffers');
  return session.bufferedBytes;
}

export async function startEchoFacade(
  options: HttpFacadeOptions = {},
  handler: Handler = echo,
): Promise<EchoFacade> {
  const facade = await createHttpFacade({ port: 0, ...options });
  const sessions: Transport[] = [];
  const received: unknown[][] = [];
  facade.connections$.subscribe((session) => {
    sessions.push(session);
    const log: unknown[] = [];
    received.push(log);
    session.messages$.subscribe((value) => {
      log.push(value);
      for (const item of Array.isArray(value) ? value : [value]) {
        handler(session, item as Record<string, unknown>);
      }
    });
  });
  return { facade, sessions, received };
}

export const initialize = (id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 't', version: '1' },
  },
});

export const ACCEPT_BOTH = 'application/json, text/event-stream';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One HTTP request with full control of the headers; resolves with the whole response. */
export function raw(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

export async function post(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { accept: ACCEPT_BOTH, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** Reads SSE events from a fetch response until `count` events arrived (or the body ends). */
export async function readEvents(
  res: Response,
  count = Number.POSITIVE_INFINITY,
): Promise<ParsedSseEvent[]> {
  const events: ParsedSseEvent[] = [];
  const parser = new SseParser({ onEvent: (event) => events.push(event) });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  while (events.length < count) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.push(decoder.decode(value, { stream: true }));
  }
  await reader.cancel().catch(() => {});
  return events;
}

/**
 * The JSON-RPC messages of a POST's answer, whichever form it took: one `application/json`
 * body (a batch counts as its items) or an SSE stream read to its end.
 */
export async function readMessages(res: Response): Promise<unknown[]> {
  if (res.headers.get('content-type')?.startsWith('application/json')) {
    const body: unknown = await res.json();
    return Array.isArray(body) ? body : [body];
  }
  return messagesOf(await readEvents(res));
}

/** The JSON-RPC messages among SSE events (skips the empty priming events). */
export const messagesOf = (events: ParsedSseEvent[]): unknown[] =>
  events.filter((e) => e.type === 'message' && e.data !== '').map((e) => JSON.parse(e.data));

/** Polls `check` every 5 ms until it is true (at most `ms`). */
export async function until(check: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Starts a session with `initialize` (SSE mode) and returns its id. */
export async function openSession(url: string): Promise<string> {
  const res = await post(url, initialize());
  const id = res.headers.get('mcp-session-id');
  await readEvents(res);
  if (!id) throw new Error('no session id');
  return id;
}
