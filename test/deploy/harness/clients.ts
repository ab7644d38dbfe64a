/**
 * Clients of a balanced deployment: v1 SDK clients holding legacy Streamable HTTP sessions,
 * raw 2026-07-28 stateless POSTs (what a pinned v2 client sends, with every header visible),
 * and a raw SSE reader for GET streams and `Last-Event-ID` resumption. Every wait is bounded.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type ParsedSseEvent, SseParser } from '../../../transports/http/sseParser.js';
import { instanceOfEnvText } from './muxInstances.js';

export const MODERN_VERSION = '2026-07-28';
export const LEGACY_VERSION = '2025-11-25';

/** The tool whose answer names the instance that served it (muxInstances.ts). */
export const IDENTITY_TOOL = 'ev__get-env';

export interface LegacySession {
  client: Client;
  transport: StreamableHTTPClientTransport;
  sessionId(): string | undefined;
  /** Calls the identity tool; the name of the instance that served the call. */
  whoServes(timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

/** A v1 SDK client (legacy era) with a Streamable HTTP session through `url`. */
export async function openLegacySession(url: string, name = 'deploy-test'): Promise<LegacySession> {
  const transport = new StreamableHTTPClientTransport(new URL(url));
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport, { timeout: 10_000 });
  return {
    client,
    transport,
    sessionId: () => transport.sessionId,
    whoServes: async (timeoutMs = 10_000) => {
      const result = await client.callTool({ name: IDENTITY_TOOL, arguments: {} }, undefined, {
        timeout: timeoutMs,
      });
      const text = (result.content as { type: string; text?: string }[])[0]?.text ?? '';
      const instance = instanceOfEnvText(text);
      if (!instance) throw new Error(`no instance in the answer: ${text.slice(0, 200)}`);
      return instance;
    },
    close: () => client.close(),
  };
}

const modernMeta = {
  'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
  'io.modelcontextprotocol/clientCapabilities': {},
};

export interface ModernAnswer {
  status: number;
  /** Which instance served it (identity tool only). */
  instance?: string | undefined;
  body: string;
  headers: Headers;
}

/** One stateless 2026-07-28 `tools/call` as a raw POST (no session id). */
export async function modernToolCall(
  url: string,
  id: number | string,
  name = IDENTITY_TOOL,
  args: Record<string, unknown> = {},
  timeoutMs = 10_000,
): Promise<ModernAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': MODERN_VERSION,
      'mcp-method': 'tools/call',
      'mcp-name': name,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name, arguments: args, _meta: modernMeta },
    }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = await response.text();
  let instance: string | undefined;
  const json = jsonOf(body, response.headers.get('content-type') ?? '');
  const text = (json as { result?: { content?: { text?: string }[] } } | undefined)?.result
    ?.content?.[0]?.text;
  if (text !== undefined) instance = instanceOfEnvText(text);
  return { status: response.status, instance, body, headers: response.headers };
}

/** The JSON-RPC response in a body that is JSON or an SSE stream (its last data event). */
function jsonOf(body: string, contentType: string): unknown {
  try {
    if (!contentType.includes('text/event-stream')) return JSON.parse(body);
    const events: ParsedSseEvent[] = [];
    const parser = new SseParser({ onEvent: (event) => events.push(event) });
    parser.push(body);
    const data = events.filter((e) => e.data !== '').map((e) => JSON.parse(e.data) as unknown);
    return data.find((m) => typeof m === 'object' && m !== null && 'id' in m);
  } catch {
    return undefined;
  }
}

export interface SseMessage {
  id?: unknown;
  method?: string;
  params?: Record<string, unknown>;
  result?: unknown;
  error?: unknown;
}

/**
 * An SSE response read event by event as it arrives, each event stamped with its arrival time.
 * `lastEventId` includes priming events (no data).
 */
export class SseReader {
  readonly events: (ParsedSseEvent & { at: number })[] = [];
  lastEventId = '';
  readonly done: Promise<void>;
  readonly #abort: AbortController;

  constructor(response: Response, abort: AbortController) {
    this.#abort = abort;
    const parser = new SseParser({
      onEvent: (event) => this.events.push({ ...event, at: Date.now() }),
    });
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

  messages(): (SseMessage & { at: number })[] {
    return this.events
      .filter((e) => e.data !== '')
      .map((e) => ({ ...(JSON.parse(e.data) as SseMessage), at: e.at }));
  }

  /** Drops the connection, as a client that went away would. */
  drop(): void {
    this.#abort.abort();
  }
}

/** Raw legacy-session requests (what the SDK hides: statuses, SSE framing, event ids). */
export class RawLegacySession {
  constructor(
    readonly url: string,
    readonly sessionId: string,
  ) {}

  /** `initialize` + `notifications/initialized` through `url`; throws on a non-2xx. */
  static async open(url: string): Promise<RawLegacySession> {
    const response = await fetch(url, {
      method: 'POST',
      headers: postHeaders(),
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: {
          protocolVersion: LEGACY_VERSION,
          capabilities: {},
          clientInfo: { name: 'raw-deploy', version: '1.0.0' },
        },
      }),
      signal: AbortSignal.timeout(10_000),
    });
    await response.text();
    const id = response.headers.get('mcp-session-id');
    if (response.status !== 200 || !id) throw new Error(`initialize: ${response.status}`);
    const session = new RawLegacySession(url, id);
    const initialized = await session.post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await initialized.text();
    if (initialized.status !== 202) {
      throw Object.assign(new Error(`notifications/initialized: ${initialized.status}`), {
        status: initialized.status,
        sessionId: id,
      });
    }
    return session;
  }

  post(body: unknown, signal: AbortSignal = AbortSignal.timeout(10_000)): Promise<Response> {
    return fetch(this.url, {
      method: 'POST',
      headers: { ...postHeaders(), 'mcp-session-id': this.sessionId },
      body: JSON.stringify(body),
      signal,
    });
  }

  /** Calls the identity tool on this session; the instance that served it, or the status. */
  async whoServes(id = Date.now()): Promise<{ status: number; instance?: string | undefined }> {
    const response = await this.post({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: IDENTITY_TOOL, arguments: {} },
    });
    const body = await response.text();
    const json = jsonOf(body, response.headers.get('content-type') ?? '');
    const text = (json as { result?: { content?: { text?: string }[] } } | undefined)?.result
      ?.content?.[0]?.text;
    return {
      status: response.status,
      instance: text === undefined ? undefined : instanceOfEnvText(text),
    };
  }

  /** A tools/call answered as an SSE stream, read as it arrives. */
  async callStreaming(id: number, name: string, args: object, meta?: object): Promise<SseReader> {
    const abort = new AbortController();
    const response = await this.post(
      {
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name, arguments: args, ...(meta ? { _meta: meta } : {}) },
      },
      abort.signal,
    );
    if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
      throw new Error(`expected an SSE answer, got ${response.status} ${await response.text()}`);
    }
    return new SseReader(response, abort);
  }

  /** The GET stream (standalone, or resumed with `lastEventId`). */
  async getStream(lastEventId?: string): Promise<{ status: number; reader?: SseReader }> {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), 10_000);
    const response = await fetch(this.url, {
      headers: {
        accept: 'text/event-stream',
        'mcp-session-id': this.sessionId,
        'mcp-protocol-version': LEGACY_VERSION,
        ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
      },
      signal: abort.signal,
    });
    clearTimeout(timer);
    if (response.status !== 200) {
      await response.text();
      return { status: response.status };
    }
    return { status: 200, reader: new SseReader(response, abort) };
  }

  async delete(): Promise<number> {
    const response = await fetch(this.url, {
      method: 'DELETE',
      headers: { 'mcp-session-id': this.sessionId },
      signal: AbortSignal.timeout(5_000),
    });
    await response.text();
    return response.status;
  }
}

const postHeaders = () => ({
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': LEGACY_VERSION,
});
