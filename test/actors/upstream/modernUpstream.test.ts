/**
 * `Upstream` toward a modern (2026-07-28) fake server on a memory pair: the context and the
 * headers each request gets, the upstream's serverInfo moved out of results, `input_required`
 * passed through (a modern caller answers it; the router bridges it for a legacy session), and
 * the list `ttlMs`.
 */
import { lastValueFrom, NEVER, type Observable, of, toArray } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { Upstream } from '../../../actors/upstream/upstream.js';
import { parseConfig } from '../../../core/config/config.js';
import type { RequestContext } from '../../../core/mcp/context.js';
import { Connection, type InboundEvent } from '../../../core/rpc/connection.js';
import type { JsonObject } from '../../../core/rpc/jsonrpc.js';
import type { SendOptions, Transport } from '../../../core/rpc/transport.js';
import { createMemoryPair } from '../../../transports/memory.js';

const upstreams: Upstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
const result = (value: JsonObject): Observable<InboundEvent> =>
  of({ kind: 'result' as const, result: value });

const SERVER_INFO = { 'io.modelcontextprotocol/serverInfo': { name: 'up', version: '1' } };

async function modernUpstream(capabilities: JsonObject = { tools: {} }) {
  const config = parseConfig({ mcpServers: { u: { command: 'unused' } } }).upstreams[0]!;
  const seen: { method: string; params: JsonObject | undefined; headers?: unknown }[] = [];
  const upstream = new Upstream({
    config,
    clientInfo: { name: 'mcp-mux', version: 'test' },
    capabilities: {},
    initializeTimeoutMs: 1_000,
    onState: () => {},
    open: async () => {
      const [client, server] = createMemoryPair();
      // Records the per-message headers the client side hands its transport.
      const send = client.send.bind(client) as Transport['send'];
      client.send = (message: unknown, options?: SendOptions) => {
        const m = message as { method?: string; params?: JsonObject };
        if (m.method) seen.push({ method: m.method, params: m.params, headers: options?.headers });
        send(message, options);
      };
      new Connection(server, {
        handlers: {
          request: (request) => {
            if (request.method === 'server/discover') {
              return result({
                resultType: 'complete',
                supportedVersions: ['2026-07-28'],
                capabilities,
                _meta: SERVER_INFO,
              });
            }
            if (request.method === 'subscriptions/listen') return NEVER;
            if (request.method === 'tools/list') {
              return result({
                tools: [{ name: 't', inputSchema: {} }],
                ttlMs: 30_000,
                _meta: SERVER_INFO,
              });
            }
            return result({
              resultType: 'input_required',
              inputRequests: { q: { method: 'elicitation/create', params: {} } },
              requestState: 'opaque',
              _meta: SERVER_INFO,
            });
          },
        },
      });
      return new Connection(client);
    },
  });
  upstreams.push(upstream);
  upstream.start();
  for (let i = 0; i < 100 && upstream.state !== 'ready'; i++) await settle();
  expect(upstream.state).toBe('ready');
  expect(upstream.era).toBe('modern');
  return { upstream, seen };
}

const modernCaller: RequestContext = {
  protocolVersion: '2026-07-28',
  clientCapabilities: { elicitation: {} },
  clientInfo: { name: 'caller', version: '9' },
  sessionId: 'c1',
  logLevel: 'warning',
};
const legacyCaller: RequestContext = {
  protocolVersion: '2025-11-25',
  clientCapabilities: { elicitation: {} },
  clientInfo: { name: 'old', version: '1' },
  sessionId: 's1',
};

describe('Upstream toward a modern server', () => {
  it('sends the caller context in _meta and the request-metadata headers', async () => {
    const { upstream, seen } = await modernUpstream();
    await lastValueFrom(
      upstream
        .request$(
          'tools/call',
          { name: 't', _meta: { traceparent: 'tp' } },
          {
            timeout: 1_000,
            context: modernCaller,
          },
        )
        .pipe(toArray()),
    );
    const call = seen.find((m) => m.method === 'tools/call');
    expect(call?.params?._meta).toEqual({
      traceparent: 'tp',
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
      'io.modelcontextprotocol/clientInfo': { name: 'caller', version: '9' },
      'io.modelcontextprotocol/logLevel': 'warning',
    });
    expect(call?.headers).toEqual({
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 't',
    });
  });

  it('passes input_required to a modern caller untouched but for the upstream serverInfo (moved)', async () => {
    const { upstream } = await modernUpstream();
    const events = await lastValueFrom(
      upstream
        .request$('tools/call', { name: 't' }, { timeout: 1_000, context: modernCaller })
        .pipe(toArray()),
    );
    expect(events).toEqual([
      {
        kind: 'result',
        result: {
          resultType: 'input_required',
          inputRequests: { q: { method: 'elicitation/create', params: {} } },
          requestState: 'opaque',
          _meta: { 'io.github.mcp-mux/upstreamServerInfo': { name: 'up', version: '1' } },
        },
      },
    ]);
  });

  it("passes a legacy caller's capabilities, and its input_required (for the bridge)", async () => {
    const { upstream, seen } = await modernUpstream();
    const events = await lastValueFrom(
      upstream
        .request$('tools/call', { name: 't' }, { timeout: 1_000, context: legacyCaller })
        .pipe(toArray()),
    );
    expect(events[0]).toMatchObject({ kind: 'result', result: { resultType: 'input_required' } });
    const call = seen.find((m) => m.method === 'tools/call');
    expect(call?.params?._meta).toMatchObject({
      'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
      'io.modelcontextprotocol/clientInfo': { name: 'old', version: '1' },
    });
  });

  it('records the ttlMs of a list', async () => {
    const { upstream } = await modernUpstream();
    await upstream.listAll('tools/list', 'tools');
    expect(upstream.listTtlMs('tools/list')).toBe(30_000);
    expect(upstream.listTtlMs('prompts/list')).toBeUndefined();
  });

  it('answers resources/subscribe once the listen naming the URI is sent, not before', async () => {
    const { upstream, seen } = await modernUpstream({ resources: { subscribe: true } });
    const named = () =>
      seen.some((m) => {
        const filter = (m.params?.notifications ?? {}) as JsonObject;
        return (
          m.method === 'subscriptions/listen' &&
          Array.isArray(filter.resourceSubscriptions) &&
          filter.resourceSubscriptions.includes('file:///a')
        );
      });
    // A first subscription opens the listen; the second one restarts it on the next turn.
    await upstream.call('resources/subscribe', { uri: 'file:///b' });
    await settle();
    let sentBeforeAnswer = false;
    await upstream.call('resources/subscribe', { uri: 'file:///a' }).then(() => {
      sentBeforeAnswer = named();
    });
    expect(sentBeforeAnswer).toBe(true);
  });

  it('re-sends its listen filter once for a burst of resource subscriptions, not once per URI', async () => {
    const { upstream, seen } = await modernUpstream({ resources: { subscribe: true } });
    const listens = () => seen.filter((m) => m.method === 'subscriptions/listen');
    const uris = Array.from({ length: 300 }, (_, i) => `file:///r/${i}`);
    await Promise.all(uris.map((uri) => upstream.call('resources/subscribe', { uri })));
    await settle();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(listens()).toHaveLength(1);
    const filter = (listens()[0]?.params?.notifications ?? {}) as JsonObject;
    expect(filter.resourceSubscriptions).toEqual(uris);
    await Promise.all(uris.map((uri) => upstream.call('resources/unsubscribe', { uri })));
    await new Promise((resolve) => setTimeout(resolve, 5));
    // One more listen, for no URI: none is opened (nothing else to ask), so still one.
    expect(listens().length).toBeLessThanOrEqual(2);
  });
});
