/**
 * In-process upstreams and clients for router tests: every upstream is a `Connection` with a
 * handler on the far end of a memory pair (no SDK, no process), every client a `Connection`
 * on another pair. Fast enough to push 100,000 requests through a real `Router`.
 *
 * Fake upstream tools (`tools/call` by name):
 * - `echo`: answers at once with the arguments;
 * - `slow`: answers after `arguments.ms` (real timers);
 * - `hang`: never answers (until cancelled);
 * - `big`: answers with `arguments.bytes` characters of text.
 */
import { finalize, lastValueFrom, map, NEVER, Observable, of, timer } from 'rxjs';
import { Router, type RouterOptions } from '../../actors/router/router.js';
import { parseConfig, type RouterConfig } from '../../core/config/config.js';
import { RpcError } from '../../core/errors/errors.js';
import { Connection, type InboundEvent } from '../../core/rpc/connection.js';
import type { JsonObject, JsonRpcRequest } from '../../core/rpc/jsonrpc.js';
import type { CloseReason, Transport } from '../../core/rpc/transport.js';
import { createMemoryPair, type MemoryTransportEnd } from '../../transports/memory.js';

const result = (value: JsonObject): Observable<InboundEvent> =>
  of({ kind: 'result', result: value });

const text = (value: string): JsonObject => ({ content: [{ type: 'text', text: value }] });

export interface FakeServer {
  name: string;
  connection: Connection;
  /** The router's end of the pair. */
  routerEnd: MemoryTransportEnd;
  /** Ids of `hang` calls that ended (cancelled by the router, or the connection closed). */
  cancelled: unknown[];
  /** Requests received, by method. */
  seen: Map<string, number>;
  /** `tools/call` arguments in the order the calls arrived (when `recordCalls`). */
  calls: JsonObject[];
  recordCalls: boolean;
  /** `params._meta` of every `tools/call`, in arrival order. */
  metas: JsonObject[];
  /** Answer `ping` (set false to make keepalive fail). */
  answerPings: boolean;
  /** Answer `ping` with an invalid response (`"result": "pong"`). */
  invalidPings: boolean;
  /** Answer `initialize` (set false before the open to make the handshake time out). */
  answerInitialize: boolean;
  /** Dies as a killed process does: the router's end closes with `exit` / SIGKILL. */
  kill(): void;
  /** `resources/subscribe` requests running now, and the most at once (`resources` option). */
  subscribing: number;
  maxSubscribing: number;
}

export interface FakeUpstreamOptions {
  tools?: string[];
  /**
   * Declare `resources.subscribe` with the template `<name>://item/{id}`; `resources/subscribe`
   * is answered after `subscribeDelayMs` (default at once), counted in `seen`, and the most
   * running at once is kept in `maxSubscribing`.
   */
  resources?: { subscribeDelayMs?: number };
  /** Per upstream name: answer `initialize`? (default true) */
  answerInitialize?: (name: string, attempt: number) => boolean;
}

/** Opens fake upstreams for a router and keeps every server it opened. */
export class FakeUpstreams {
  readonly servers: FakeServer[] = [];
  readonly #options: FakeUpstreamOptions;

  constructor(options: FakeUpstreamOptions = {}) {
    this.#options = options;
  }

  /** Times upstream `name` was opened. */
  opens(name: string): number {
    return this.servers.filter((s) => s.name === name).length;
  }

  /** The latest server of upstream `name`. */
  latest(name: string): FakeServer {
    const server = this.servers.filter((s) => s.name === name).at(-1);
    if (!server) throw new Error(`upstream ${name} was never opened`);
    return server;
  }

  readonly openTransport = async (config: { name: string }): Promise<Transport> => {
    const [routerEnd, serverEnd] = createMemoryPair();
    const attempt = this.opens(config.name) + 1;
    const server = fakeServer(
      config.name,
      routerEnd,
      serverEnd,
      this.#options.tools,
      this.#options.resources,
    );
    server.answerInitialize = this.#options.answerInitialize?.(config.name, attempt) ?? true;
    this.servers.push(server);
    return routerEnd;
  };
}

function fakeServer(
  name: string,
  routerEnd: MemoryTransportEnd,
  serverEnd: MemoryTransportEnd,
  tools = ['echo', 'slow', 'hang', 'big'],
  resources?: FakeUpstreamOptions['resources'],
): FakeServer {
  const server: FakeServer = {
    name,
    subscribing: 0,
    maxSubscribing: 0,
    routerEnd,
    cancelled: [],
    seen: new Map(),
    calls: [],
    recordCalls: false,
    metas: [],
    answerPings: true,
    invalidPings: false,
    answerInitialize: true,
    connection: undefined as unknown as Connection,
    kill: () => {
      const end = (t: MemoryTransportEnd, reason: CloseReason) =>
        (t as unknown as { end(reason: CloseReason): void }).end(reason);
      end(routerEnd, { kind: 'exit', code: null, signal: 'SIGKILL' });
      end(serverEnd, { kind: 'local' });
    },
  };
  const handle = (request: JsonRpcRequest): Observable<InboundEvent> => {
    const params = request.params ?? {};
    server.seen.set(request.method, (server.seen.get(request.method) ?? 0) + 1);
    switch (request.method) {
      case 'initialize':
        if (!server.answerInitialize) return NEVER;
        return result({
          protocolVersion: params.protocolVersion as string,
          capabilities: {
            tools: { listChanged: true },
            ...(resources ? { resources: { subscribe: true } } : {}),
          },
          serverInfo: { name: `fake ${name}`, version: '1' },
        });
      case 'ping':
        if (server.invalidPings) return result('pong' as unknown as JsonObject);
        return server.answerPings ? result({}) : NEVER;
      case 'tools/list':
        return result({ tools: tools.map((t) => ({ name: t, inputSchema: { type: 'object' } })) });
      case 'resources/list':
        return result({ resources: [] });
      case 'resources/templates/list':
        return result({
          resourceTemplates: [{ uriTemplate: `${name}://item/{id}`, name: 'item' }],
        });
      case 'resources/unsubscribe':
        return result({});
      case 'resources/subscribe': {
        server.subscribing++;
        server.maxSubscribing = Math.max(server.maxSubscribing, server.subscribing);
        return timer(resources?.subscribeDelayMs ?? 0).pipe(
          map((): InboundEvent => ({ kind: 'result', result: {} })),
          finalize(() => {
            server.subscribing--;
          }),
        );
      }
      case 'tools/call': {
        const args = (params.arguments ?? {}) as JsonObject;
        if (server.recordCalls) server.calls.push(args);
        server.metas.push((params._meta ?? {}) as JsonObject);
        switch (params.name) {
          case 'echo':
            return result(text(JSON.stringify(args)));
          case 'slow':
            return timer(Number(args.ms ?? 10)).pipe(
              map((): InboundEvent => ({ kind: 'result', result: text('slow done') })),
            );
          case 'hang':
            // Ends only when cancelled (or the connection closes): recorded in `cancelled`.
            return new Observable<InboundEvent>(() => () => server.cancelled.push(request.id));
          case 'big':
            return result(text('x'.repeat(Number(args.bytes ?? 1024))));
          default:
            throw new RpcError(-32602, `unknown tool ${String(params.name)}`);
        }
      }
      default:
        throw new RpcError(-32601, `fake: ${request.method}`);
    }
  };
  server.connection = new Connection(serverEnd, {
    handlers: {
      request: handle,
    },
  });
  return server;
}

export interface TestClient {
  connection: Connection;
  /** Methods of the notifications the router sent this client, in order. */
  notifications: string[];
  call(name: string, args?: JsonObject, options?: { signal?: AbortSignal }): Promise<JsonObject>;
  listTools(): Promise<string[]>;
  close(): Promise<void>;
}

export async function connectClient(
  router: Router,
  routerEnd?: Transport,
  options: { profile?: string } = {},
): Promise<TestClient> {
  const [clientEnd, defaultRouterEnd] = createMemoryPair();
  router.connect(routerEnd ?? defaultRouterEnd, options);
  const notifications: string[] = [];
  const connection = new Connection(clientEnd, {
    handlers: { notification: (n) => notifications.push(n.method) },
  });
  await lastValueFrom(
    connection.request$('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'test', version: '1' },
    }),
  );
  connection.notify('notifications/initialized');
  const request = async (method: string, params: JsonObject, signal?: AbortSignal) => {
    const event = await lastValueFrom(
      connection.request$(method, params, signal ? { signal } : {}),
    );
    if (event.kind !== 'result') throw new Error('no result');
    return event.result;
  };
  return {
    connection,
    notifications,
    call: (name, args = {}, options = {}) =>
      request('tools/call', { name, arguments: args }, options.signal),
    listTools: async () => {
      const listed = await request('tools/list', {});
      return (listed.tools as { name: string }[]).map((t) => t.name);
    },
    close: () => connection.close(),
  };
}

/** A router over fake upstreams; `servers` is the raw `mcpServers` object (command is unused). */
export async function startRouter(
  servers: Record<string, JsonObject>,
  options: { mcpMux?: JsonObject; fakes?: FakeUpstreams; router?: Partial<RouterOptions> } = {},
): Promise<{ router: Router; fakes: FakeUpstreams; config: RouterConfig }> {
  const fakes = options.fakes ?? new FakeUpstreams();
  const config = parseConfig({ mcpServers: servers, mcpMux: options.mcpMux ?? {} });
  const router = new Router(config, { openTransport: fakes.openTransport, ...options.router });
  await router.start();
  return { router, fakes, config };
}

/** Polls `check` every 5 ms for up to `ms` (bounded); returns whether it became true. */
export async function until(check: () => boolean, ms = 5000): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return check();
}

/** The error a promise rejects with (fails the test if it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<RpcError> {
  const outcome = await promise.then(
    () => new Error('expected a rejection'),
    (error: unknown) => error,
  );
  if (!(outcome instanceof RpcError)) throw outcome;
  return outcome;
}
