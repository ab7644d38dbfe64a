/**
 * Era bridging, legacy upstream → modern client, through a real Router on memory transports:
 * the upstream's `ask` tool sends server-to-client requests (rounds of them, each round in
 * parallel) and answers with what it got back; the modern client is a raw `Connection` that
 * sends 2026-07-28 requests (context in `_meta`) and retries with `inputResponses`.
 */
import {
  concatMap,
  forkJoin,
  from,
  lastValueFrom,
  NEVER,
  type Observable,
  of,
  Observable as Rx,
  reduce,
  tap,
} from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from '../../../actors/router/router.js';
import { parseConfig } from '../../../core/config/config.js';
import { RpcError } from '../../../core/errors/errors.js';
import { Connection, type InboundEvent } from '../../../core/rpc/connection.js';
import type { JsonObject, JsonRpcRequest } from '../../../core/rpc/jsonrpc.js';
import { materialized } from '../../../core/rpc/wire.js';
import { createMemoryPair } from '../../../transports/memory.js';

const result = (value: JsonObject): Observable<InboundEvent> =>
  of({ kind: 'result', result: value });

interface Ask {
  method: string;
  params?: JsonObject;
}

/** Upstream whose `ask` tool runs `arguments.rounds` (arrays of requests) one after the other. */
function fakeUpstream(end: ReturnType<typeof createMemoryPair>[1]) {
  const seen = { calls: 0, cancelled: 0, answers: [] as unknown[] };
  /** Counts a call the router cancelled (unsubscribed before it ended). */
  const cancellable = (source: Observable<InboundEvent>) =>
    new Rx<InboundEvent>((subscriber) => {
      let done = false;
      const subscription = source.subscribe({
        next: (e) => subscriber.next(e),
        error: (e: unknown) => {
          done = true;
          subscriber.error(e);
        },
        complete: () => {
          done = true;
          subscriber.complete();
        },
      });
      return () => {
        subscription.unsubscribe();
        if (!done) seen.cancelled++;
      };
    });
  const server: Connection = new Connection(end, {
    handlers: {
      request: (request: JsonRpcRequest) => {
        // Forwarded arguments may arrive as their text (core/rpc/envelopeScan.ts).
        const params = ((materialized(request) as JsonRpcRequest).params ?? {}) as JsonObject;
        switch (request.method) {
          case 'initialize':
            return result({
              protocolVersion: params.protocolVersion as string,
              capabilities: { tools: {} },
              serverInfo: { name: 'legacy', version: '1' },
            });
          case 'tools/list':
            return result({ tools: [{ name: 'ask', inputSchema: { type: 'object' } }] });
          case 'tools/call': {
            seen.calls++;
            const args = (params.arguments ?? {}) as JsonObject;
            const rounds = (args.rounds ?? []) as Ask[][];
            return cancellable(
              from(rounds).pipe(
                concatMap((round) =>
                  forkJoin(
                    round.map((ask) =>
                      lastValueFrom(
                        server.request$(ask.method, ask.params ?? {}, {
                          // `giveUpMs`: the upstream cancels its own request (notifications/cancelled).
                          ...(typeof args.giveUpMs === 'number' ? { timeout: args.giveUpMs } : {}),
                        }),
                      ).then(
                        (e) => (e.kind === 'result' ? e.result : null),
                        (error: unknown) => ({ error: (error as Error).message }),
                      ),
                    ),
                  ),
                ),
                reduce((all, answers) => [...all, ...answers], [] as unknown[]),
                tap((answers) => seen.answers.push(...answers)),
                concatMap((answers) =>
                  (params.arguments as JsonObject).hang === true
                    ? NEVER
                    : of<InboundEvent>({
                        kind: 'result',
                        result: { content: [{ type: 'text', text: JSON.stringify(answers) }] },
                      }),
                ),
              ),
            );
          }
          default:
            throw new RpcError(-32601, `fake: ${request.method}`);
        }
      },
    },
  });
  return { server, seen };
}

const ELICIT: Ask = {
  method: 'elicitation/create',
  params: { mode: 'form', message: 'name?', requestedSchema: { type: 'object', properties: {} } },
};
const SAMPLE: Ask = {
  method: 'sampling/createMessage',
  params: { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 5 },
};
const ROOTS: Ask = { method: 'roots/list' };

const ALL_CAPS = { elicitation: { form: {} }, sampling: {}, roots: {} };

function modernClient(router: Router) {
  const [clientEnd, routerEnd] = createMemoryPair();
  router.connect(routerEnd);
  const connection = new Connection(clientEnd, {});
  const call = async (params: JsonObject, caps: JsonObject = ALL_CAPS): Promise<JsonObject> => {
    const event = await lastValueFrom(
      connection.request$('tools/call', {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': caps,
        },
      }),
    );
    if (event.kind !== 'result') throw new Error('no result');
    return event.result;
  };
  return { connection, call };
}

const answerFor = (method: unknown): JsonObject => {
  if (method === 'elicitation/create') return { action: 'accept', content: { name: 'octocat' } };
  if (method === 'sampling/createMessage') {
    return { role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'm' };
  }
  return { roots: [{ uri: 'file:///work', name: 'work' }] };
};

/** Answers every input request of an `input_required` result. */
const answersTo = (interim: JsonObject): JsonObject => {
  if (!interim.inputRequests) throw new Error(`not input_required: ${JSON.stringify(interim)}`);
  return Object.fromEntries(
    Object.entries(interim.inputRequests as Record<string, JsonObject>).map(([key, request]) => [
      key,
      answerFor(request.method),
    ]),
  );
};

describe('legacy upstream, modern client: server requests become input_required', () => {
  let router: Router;
  let upstream: ReturnType<typeof fakeUpstream>;

  const start = async (
    mcpMux: JsonObject = {},
    options: { key?: string; gatherMs?: number; concurrency?: number } = {},
  ) => {
    const up = { command: 'fake', concurrency: options.concurrency ?? 16 };
    router = new Router(parseConfig({ mcpServers: { up }, mcpMux }), {
      openTransport: async () => {
        const [routerEnd, upstreamEnd] = createMemoryPair();
        upstream = fakeUpstream(upstreamEnd);
        return routerEnd;
      },
      ...(options.key === undefined ? {} : { requestStateKey: options.key }),
      ...(options.gatherMs === undefined ? {} : { inputGatherMs: options.gatherMs }),
    });
    await router.start();
  };

  afterEach(async () => {
    await router?.close();
  });

  it('bridges two rounds (elicitation + sampling together, then sampling) and returns the final result', async () => {
    await start();
    const client = modernClient(router);
    const args = { name: 'up__ask', arguments: { rounds: [[ELICIT, SAMPLE], [SAMPLE]] } };
    const first = await client.call(args);
    expect(first.resultType).toBe('input_required');
    const requests = first.inputRequests as Record<string, JsonObject>;
    expect(
      Object.values(requests)
        .map((r) => r.method)
        .sort(),
    ).toEqual(['elicitation/create', 'sampling/createMessage']);
    expect(typeof first.requestState).toBe('string');
    const second = await client.call({
      ...args,
      inputResponses: answersTo(first),
      requestState: first.requestState,
    });
    expect(second.resultType).toBe('input_required');
    expect(
      Object.values(second.inputRequests as JsonObject).map((r) => (r as JsonObject).method),
    ).toEqual(['sampling/createMessage']);
    const final = await client.call({
      ...args,
      inputResponses: answersTo(second),
      requestState: second.requestState,
    });
    expect(final.resultType).toBe('complete');
    const text = ((final.content as JsonObject[])[0] as JsonObject).text as string;
    expect(JSON.parse(text)).toEqual([
      answerFor('elicitation/create'),
      answerFor('sampling/createMessage'),
      answerFor('sampling/createMessage'),
    ]);
    expect(upstream.seen.calls).toBe(1); // the retries never reached the upstream as new calls
    expect(router.stats().heldRounds).toBe(0);
    expect(router.stats().modernCalls).toBe(0);
    expect(router.stats().inflight).toBe(0);
  });

  it('asks again for what a retry left unanswered', async () => {
    await start();
    const client = modernClient(router);
    const args = { name: 'up__ask', arguments: { rounds: [[ELICIT, SAMPLE]] } };
    const first = await client.call(args);
    const all = answersTo(first);
    const [elicitKey] = Object.keys(all).filter((k) => k.startsWith('elicitation'));
    const partial = await client.call({
      ...args,
      inputResponses: { [elicitKey as string]: all[elicitKey as string] },
      requestState: first.requestState,
    });
    expect(partial.resultType).toBe('input_required');
    expect(Object.keys(partial.inputRequests as JsonObject)).toEqual(
      Object.keys(all).filter((k) => k !== elicitKey),
    );
    const final = await client.call({
      ...args,
      inputResponses: answersTo(partial),
      requestState: partial.requestState,
    });
    expect(final.resultType).toBe('complete');
  });

  it('refuses tampered, replayed, foreign, mismatched and other-principal states with -32602 before any upstream sees them', async () => {
    await start();
    const client = modernClient(router);
    const args = { name: 'up__ask', arguments: { rounds: [[ELICIT]] } };
    const first = await client.call(args);
    const state = first.requestState as string;
    const retry = (requestState: unknown, params: JsonObject = args) =>
      client.call({ ...params, inputResponses: answersTo(first), requestState }).then(
        () => undefined,
        (error: unknown) => error as RpcError,
      );
    const [body, mac] = [
      state.slice(0, state.lastIndexOf('.')),
      state.slice(state.lastIndexOf('.') + 1),
    ];
    const claims = JSON.parse(Buffer.from(body.slice('mux1.'.length), 'base64url').toString());
    const forged = `mux1.${Buffer.from(JSON.stringify({ ...claims, expiresAt: claims.expiresAt + 1e9 })).toString('base64url')}.${mac}`;
    const cases: [unknown, JsonObject, string][] = [
      [forged, args, 'failed verification'],
      [`${state.slice(0, -2)}AA`, args, 'failed verification'],
      ['eyJzdGF0ZSI6MX0', args, 'not issued by mcp-mux'],
      [42, args, 'not issued by mcp-mux'],
      [state, { ...args, arguments: { rounds: [[SAMPLE]] } }, 'another request'],
    ];
    for (const [requestState, params, message] of cases) {
      const error = await retry(requestState, params);
      expect(error, message).toBeInstanceOf(RpcError);
      expect(error?.code).toBe(-32602);
      expect(error?.message).toContain(message);
    }
    // The real state still works once, then is a replay.
    const final = await client.call({
      ...args,
      inputResponses: answersTo(first),
      requestState: state,
    });
    expect(final.resultType).toBe('complete');
    const replay = await retry(state);
    expect(replay?.code).toBe(-32602);
    expect(replay?.message).toContain('already used');
    expect(upstream.seen.calls).toBe(1);
  });

  it('binds the state to the principal: another principal gets -32602', async () => {
    await start();
    const a = modernClient(router);
    const args = { name: 'up__ask', arguments: { rounds: [[ELICIT]] } };
    const first = await a.call(args);
    // A second connection whose transport authenticated someone else.
    const [clientEnd, routerEnd] = createMemoryPair();
    Object.defineProperty(routerEnd, 'principal', {
      value: { id: 'token:someone-else', scopes: [] },
    });
    router.connect(routerEnd);
    const b = new Connection(clientEnd, {});
    const error = await lastValueFrom(
      b.request$('tools/call', {
        ...args,
        inputResponses: answersTo(first),
        requestState: first.requestState,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': ALL_CAPS,
        },
      }),
    ).catch((e: unknown) => e as RpcError);
    expect(error).toMatchObject({ code: -32602 });
    expect((error as Error).message).toContain('another principal');
    // The owner can still use it.
    const final = await a.call({
      ...args,
      inputResponses: answersTo(first),
      requestState: first.requestState,
    });
    expect(final.resultType).toBe('complete');
  });

  it('a state sealed with another key (another instance) is refused', async () => {
    await start({}, { key: 'k'.repeat(32) });
    const client = modernClient(router);
    const args = { name: 'up__ask', arguments: { rounds: [[ELICIT]] } };
    const first = await client.call(args);
    await router.close();
    await start({}, { key: 'z'.repeat(32) });
    const other = modernClient(router);
    const error = await other
      .call({ ...args, inputResponses: answersTo(first), requestState: first.requestState })
      .catch((e: unknown) => e as RpcError);
    expect(error).toMatchObject({ code: -32602 });
    expect((error as Error).message).toContain('another key');
  });

  it('only asks for what the client declared: -32021 to the client, an error to the upstream', async () => {
    await start();
    const client = modernClient(router);
    const error = await client
      .call({ name: 'up__ask', arguments: { rounds: [[SAMPLE]] } }, { elicitation: {} })
      .catch((e: unknown) => e as RpcError);
    expect(error).toMatchObject({ code: -32021 });
    expect((error as RpcError).data).toEqual({ requiredCapabilities: { sampling: {} } });
    expect(router.stats().modernCalls).toBe(0);
  });

  it('ends an unclaimed round after the TTL: the upstream gets an error and its call is cancelled, nothing leaks', async () => {
    await start({ inputRequiredTtlMs: 1_000 });
    const client = modernClient(router);
    const args = { name: 'up__ask', arguments: { rounds: [[ELICIT, ROOTS]] } };
    const first = await client.call(args);
    expect(first.resultType).toBe('input_required');
    expect(router.stats().heldRounds).toBe(1);
    expect(router.stats().inflight).toBe(1); // the upstream call is still running, held
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(router.stats().heldRounds).toBe(0);
    expect(router.stats().modernCalls).toBe(0);
    expect(router.stats().inflight).toBe(0);
    expect(upstream.seen.cancelled).toBe(1);
    const late = await client
      .call({ ...args, inputResponses: answersTo(first), requestState: first.requestState })
      .catch((e: unknown) => e as RpcError);
    expect(late).toMatchObject({ code: -32602 });
    expect((late as Error).message).toContain('expired');
  });

  it('a client cancelling its retry mid-round cancels the upstream call, nothing leaks', async () => {
    await start();
    const client = modernClient(router);
    const args = { name: 'up__ask', arguments: { rounds: [[ELICIT]], hang: true } };
    const first = await client.call(args);
    const controller = new AbortController();
    const pending = lastValueFrom(
      client.connection.request$(
        'tools/call',
        {
          ...args,
          inputResponses: answersTo(first),
          requestState: first.requestState,
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': ALL_CAPS,
          },
        },
        { signal: controller.signal },
      ),
    ).catch((e: unknown) => e);
    await until(() => upstream.seen.answers.length === 1);
    controller.abort();
    await pending;
    await until(() => upstream.seen.cancelled === 1);
    expect(router.stats().heldRounds).toBe(0);
    expect(router.stats().modernCalls).toBe(0);
    expect(router.stats().inflight).toBe(0);
  });

  it('an upstream that cancels its held request mid-round: the retry gets its final result', async () => {
    await start();
    const client = modernClient(router);
    const args = { name: 'up__ask', arguments: { rounds: [[ELICIT]], giveUpMs: 100 } };
    const first = await client.call(args);
    expect(first.resultType).toBe('input_required');
    // The upstream gives up on its elicitation and finishes without it.
    await until(() => upstream.seen.answers.length === 1);
    expect(JSON.stringify(upstream.seen.answers[0])).toContain('error');
    const final = await client.call({
      ...args,
      inputResponses: answersTo(first), // names a request the upstream no longer waits for
      requestState: first.requestState,
    });
    expect(final.resultType).toBe('complete');
    expect(JSON.stringify(final.content)).toContain('error');
    expect(router.stats().heldRounds).toBe(0);
    expect(router.stats().inflight).toBe(0);
  });

  it('with a legacy session and a modern caller on one shared upstream, the latest call in flight gets the request', async () => {
    await start();
    const [clientEnd, routerEnd] = createMemoryPair();
    router.connect(routerEnd);
    const legacyAsked: string[] = [];
    const legacy = new Connection(clientEnd, {
      handlers: {
        request: (r) => {
          legacyAsked.push(r.method);
          return result(answerFor(r.method));
        },
      },
    });
    await lastValueFrom(
      legacy.request$('initialize', {
        protocolVersion: '2025-11-25',
        capabilities: ALL_CAPS,
        clientInfo: { name: 'legacy', version: '1' },
      }),
    );
    legacy.notify('notifications/initialized');
    const modern = modernClient(router);
    // 1. The legacy call is older (and hangs): the modern call's elicitation is bridged.
    const hanging = new AbortController();
    const older = lastValueFrom(
      legacy.request$(
        'tools/call',
        { name: 'up__ask', arguments: { rounds: [], hang: true } },
        { signal: hanging.signal },
      ),
    ).catch(() => undefined);
    await until(() => upstream.seen.calls === 1);
    const bridged = await modern.call({ name: 'up__ask', arguments: { rounds: [[ELICIT]] } });
    expect(bridged.resultType).toBe('input_required');
    expect(legacyAsked).toEqual([]);
    hanging.abort();
    await older;
    // 2. The modern call is older: the legacy session's own call gets its request.
    const pending = modern.call({ name: 'up__ask', arguments: { rounds: [], hang: true } });
    void pending.catch(() => undefined);
    await until(() => upstream.seen.calls === 3);
    const direct = await lastValueFrom(
      legacy.request$('tools/call', { name: 'up__ask', arguments: { rounds: [[ELICIT]] } }),
    );
    expect(JSON.stringify(direct)).toContain('octocat');
    expect(legacyAsked).toEqual(['elicitation/create']);
  });

  it("never bridges a shared upstream's roots/list: the router answers it from the config", async () => {
    await start();
    const client = modernClient(router);
    const done = await client.call({ name: 'up__ask', arguments: { rounds: [[ROOTS]] } });
    expect(done.resultType).toBe('complete');
    const text = ((done.content as JsonObject[])[0] as JsonObject).text as string;
    expect(JSON.parse(text)).toEqual([{ roots: [] }]);
    expect(router.stats().heldRounds).toBe(0);
  });

  it('leaks nothing after 600 bridged calls that complete, are abandoned, cancelled or tampered with', async () => {
    // One call at a time: on a shared upstream, concurrent callers' server requests are
    // attributed to the latest caller (a best guess, README), which this test is not about.
    // A held call keeps its upstream slot until it ends: room for the abandoned ones.
    await start(
      { inputRequiredTtlMs: 1_000, maxHeldRoundsPerPrincipal: 1_000 },
      { gatherMs: 1, concurrency: 1_000 },
    );
    const client = modernClient(router);
    const outcomes = { complete: 0, abandoned: 0, cancelled: 0, refused: 0 };
    const one = async (n: number) => {
      const args = { name: 'up__ask', arguments: { rounds: [[ELICIT, ROOTS], [SAMPLE]], n } };
      const first = await client.call(args);
      const kind = n % 4;
      if (kind === 1) {
        outcomes.abandoned++; // never retried: the TTL ends it
        return;
      }
      if (kind === 2) {
        const error = await client
          .call({
            ...args,
            inputResponses: answersTo(first),
            requestState: `${first.requestState}x`,
          })
          .catch((e: unknown) => e as RpcError);
        if ((error as RpcError).code === -32602) outcomes.refused++;
        return; // and then abandoned
      }
      const second = await client.call({
        ...args,
        inputResponses: answersTo(first),
        requestState: first.requestState,
      });
      if (kind === 3) {
        // Cancel the last round's retry while the upstream still waits for nothing more.
        const controller = new AbortController();
        const pending = lastValueFrom(
          client.connection.request$(
            'tools/call',
            {
              ...args,
              requestState: second.requestState,
              _meta: {
                'io.modelcontextprotocol/protocolVersion': '2026-07-28',
                'io.modelcontextprotocol/clientCapabilities': ALL_CAPS,
              },
            },
            { signal: controller.signal },
          ),
        ).catch(() => undefined);
        controller.abort();
        await pending;
        outcomes.cancelled++;
        return;
      }
      const final = await client.call({
        ...args,
        inputResponses: answersTo(second),
        requestState: second.requestState,
      });
      if (final.resultType === 'complete') outcomes.complete++;
    };
    let next = 0;
    const worker = async () => {
      while (next < 600) await one(next++);
    };
    await worker();
    expect(outcomes).toEqual({ complete: 150, abandoned: 150, cancelled: 150, refused: 150 });
    await until(() => router.stats().heldRounds === 0);
    expect(router.stats().modernCalls).toBe(0);
    expect(router.stats().inflight).toBe(0);
    const upstreamConnection = router.upstreams.get('up')?.connection;
    expect(upstreamConnection?.stats()).toEqual({ outbound: 0, inbound: 0 });
    const [session] = router.sessions;
    expect(session?.connection.stats()).toEqual({ outbound: 0, inbound: 0 });
    expect(upstream.seen.calls).toBe(600);
  });
});

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
}
