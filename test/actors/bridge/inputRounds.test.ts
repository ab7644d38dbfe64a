/**
 * Era bridging, modern upstream → legacy client, through a real Router on memory transports.
 * The fake upstream answers `tools/call` of `mrtr` the 2026-07-28 way: `input_required` with
 * elicitation + sampling (state "s1"), then roots (state "s2"), then the final result built
 * from the `inputResponses` it got; each round reports progress first. The client is a legacy
 * session (`initialize`) whose handlers answer the server-to-client requests.
 */
import { lastValueFrom, type Observable, of, Observable as Rx } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from '../../../actors/router/router.js';
import { parseConfig } from '../../../core/config/config.js';
import { RpcError } from '../../../core/errors/errors.js';
import { Connection, type InboundEvent } from '../../../core/rpc/connection.js';
import type { JsonObject, JsonRpcRequest } from '../../../core/rpc/jsonrpc.js';
import { createMemoryPair } from '../../../transports/memory.js';

const result = (value: JsonObject): Observable<InboundEvent> =>
  of({ kind: 'result', result: value });

const ROUND_1 = {
  resultType: 'input_required',
  inputRequests: {
    login: {
      method: 'elicitation/create',
      params: {
        mode: 'form',
        message: 'login?',
        requestedSchema: { type: 'object', properties: {} },
      },
    },
    capital: {
      method: 'sampling/createMessage',
      params: { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 5 },
    },
  },
  requestState: 's1',
};
const ROUND_2 = {
  resultType: 'input_required',
  inputRequests: { where: { method: 'roots/list' } },
  requestState: 's2',
};

function modernUpstream(end: ReturnType<typeof createMemoryPair>[1]) {
  const calls: JsonObject[] = [];
  const state = { cancelled: 0 };
  const server = new Connection(end, {
    handlers: {
      request: (request: JsonRpcRequest) => {
        const params = request.params ?? {};
        switch (request.method) {
          case 'initialize':
            return result({
              protocolVersion: params.protocolVersion as string,
              capabilities: { tools: {} },
              serverInfo: { name: 'modern', version: '1' },
            });
          case 'tools/list':
            return result({ tools: [{ name: 'mrtr', inputSchema: { type: 'object' } }] });
          case 'tools/call': {
            calls.push(params);
            const args = (params.arguments ?? {}) as JsonObject;
            const answer =
              params.requestState === undefined
                ? ROUND_1
                : params.requestState === 's1'
                  ? ROUND_2
                  : {
                      resultType: 'complete',
                      content: [{ type: 'text', text: JSON.stringify(params.inputResponses) }],
                    };
            if (args.hang === true && params.requestState === 's1') {
              return new Rx<InboundEvent>(() => () => void state.cancelled++);
            }
            return new Rx<InboundEvent>((subscriber) => {
              subscriber.next({ kind: 'progress', params: { progress: calls.length } });
              subscriber.next({ kind: 'result', result: answer });
              subscriber.complete();
            });
          }
          default:
            throw new RpcError(-32601, `fake: ${request.method}`);
        }
      },
    },
  });
  return { server, calls, state };
}

const ANSWERS: Record<string, JsonObject> = {
  'elicitation/create': { action: 'accept', content: { user: 'octocat' } },
  'sampling/createMessage': {
    role: 'assistant',
    content: { type: 'text', text: 'Paris' },
    model: 'm',
  },
  'roots/list': { roots: [{ uri: 'file:///w' }] },
};

async function legacyClient(
  router: Router,
  capabilities: JsonObject,
  onRequest: (request: JsonRpcRequest) => Observable<InboundEvent> = (r) =>
    result(ANSWERS[r.method] ?? {}),
) {
  const [clientEnd, routerEnd] = createMemoryPair();
  router.connect(routerEnd);
  const asked: string[] = [];
  const connection = new Connection(clientEnd, {
    handlers: {
      request: (request) => {
        asked.push(request.method);
        return onRequest(request);
      },
    },
  });
  await lastValueFrom(
    connection.request$('initialize', {
      protocolVersion: '2025-11-25',
      capabilities,
      clientInfo: { name: 'legacy', version: '1' },
    }),
  );
  connection.notify('notifications/initialized');
  return { connection, asked };
}

const ALL = { elicitation: { form: {} }, sampling: {}, roots: {} };

describe('modern upstream, legacy client: input_required becomes server-to-client requests', () => {
  let router: Router;
  let upstream: ReturnType<typeof modernUpstream>;

  const start = async (sessionMode: 'shared' | 'isolated' = 'shared') => {
    router = new Router(parseConfig({ mcpServers: { up: { command: 'fake', sessionMode } } }), {
      openTransport: async () => {
        const [routerEnd, upstreamEnd] = createMemoryPair();
        upstream = modernUpstream(upstreamEnd);
        return routerEnd;
      },
    });
    await router.start();
  };

  afterEach(async () => {
    await router?.close();
  });

  it.each(['shared', 'isolated'] as const)(
    'asks the client, retries with inputResponses and the upstream state, over two rounds, with progress (%s)',
    async (mode) => {
      await start(mode);
      const client = await legacyClient(router, ALL);
      const progress: unknown[] = [];
      const events: InboundEvent[] = [];
      await new Promise<void>((resolve, reject) =>
        client.connection
          .request$('tools/call', { name: 'up__mrtr', arguments: { x: 1 } }, { progress: true })
          .subscribe({
            next: (e) =>
              e.kind === 'progress' ? progress.push(e.params.progress) : events.push(e),
            error: reject,
            complete: resolve,
          }),
      );
      const final = (events[0] as { result: JsonObject }).result;
      expect(JSON.parse((final.content as { text: string }[])[0]?.text ?? '')).toEqual({
        where: ANSWERS['roots/list'],
      });
      expect(client.asked.sort()).toEqual([
        'elicitation/create',
        'roots/list',
        'sampling/createMessage',
      ]);
      // The upstream saw: the call, the retry with state s1 and both answers, the retry with s2.
      expect(upstream.calls.map((c) => c.requestState)).toEqual([undefined, 's1', 's2']);
      expect(upstream.calls[1]?.inputResponses).toEqual({
        login: ANSWERS['elicitation/create'],
        capital: ANSWERS['sampling/createMessage'],
      });
      expect(upstream.calls.every((c) => (c.arguments as JsonObject).x === 1)).toBe(true);
      expect(progress).toEqual([1, 2, 3]); // one per round, all delivered
      expect(router.stats().inflight).toBe(0);
    },
  );

  it('a legacy client without the capability gets -32021 and the upstream is not retried', async () => {
    await start();
    const client = await legacyClient(router, { elicitation: { form: {} } });
    const error = await lastValueFrom(
      client.connection.request$('tools/call', { name: 'up__mrtr', arguments: {} }),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: -32021, data: { requiredCapabilities: { sampling: {} } } });
    expect(client.asked).toEqual([]); // nothing was asked: all requests are checked first
    expect(upstream.calls).toHaveLength(1);
  });

  it('cancelling while the client is being asked cancels its requests; while the upstream runs, cancels upstream', async () => {
    await start();
    let asking = 0;
    let cancelledAtClient = 0;
    const client = await legacyClient(router, ALL, (request) =>
      request.method === 'elicitation/create'
        ? new Rx<InboundEvent>(() => {
            asking++;
            return () => void cancelledAtClient++;
          })
        : result(ANSWERS[request.method] ?? {}),
    );
    const controller = new AbortController();
    const pending = lastValueFrom(
      client.connection.request$(
        'tools/call',
        { name: 'up__mrtr', arguments: {} },
        { signal: controller.signal },
      ),
    ).catch((e: unknown) => e);
    await until(() => asking === 1);
    controller.abort();
    await pending;
    await until(() => cancelledAtClient === 1);
    expect(upstream.calls).toHaveLength(1);

    // Second round hangs upstream: the client cancels, the upstream call is cancelled.
    const other = await legacyClient(router, ALL);
    const second = new AbortController();
    const hanging = lastValueFrom(
      other.connection.request$(
        'tools/call',
        { name: 'up__mrtr', arguments: { hang: true } },
        { signal: second.signal },
      ),
    ).catch((e: unknown) => e);
    await until(() => upstream.calls.length === 3);
    second.abort();
    await hanging;
    await until(() => upstream.state.cancelled === 1);
    await until(() => router.stats().inflight === 0);
  });

  it('gives up after 8 rounds of an upstream that keeps asking', async () => {
    await start();
    const client = await legacyClient(router, ALL, (request) => {
      if (request.method === 'roots/list') return result(ANSWERS['roots/list'] as JsonObject);
      return result(ANSWERS[request.method] ?? {});
    });
    // Make the upstream loop: after s2 it would complete; patch its answers to always ask.
    const original = ROUND_2.requestState;
    ROUND_2.requestState = 's1';
    try {
      const error = await lastValueFrom(
        client.connection.request$('tools/call', { name: 'up__mrtr', arguments: {} }),
      ).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: -32603 });
      expect((error as Error).message).toContain('after 8 rounds');
      expect(upstream.calls).toHaveLength(8);
    } finally {
      ROUND_2.requestState = original;
    }
  });
});

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
}
