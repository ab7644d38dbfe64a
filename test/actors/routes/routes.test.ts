/**
 * Routes against a hand-made `RouteHost` (no Router, no upstream): a real catalog, and a
 * `forward` that records what would go upstream. This is what the host interface is for.
 */
import { randomBytes } from 'node:crypto';
import { from, lastValueFrom, type Observable, of, toArray, VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../actors/downstream/host.js';
import { type RoutedUpstream, type RouteHost, route } from '../../../actors/routes/index.js';
import { Catalog } from '../../../core/catalog/catalog.js';
import { CursorSealer } from '../../../core/catalog/cursor.js';
import { RpcError } from '../../../core/errors/errors.js';
import type { RequestEvent } from '../../../core/rpc/connection.js';
import type { JsonObject } from '../../../core/rpc/jsonrpc.js';

interface Forwarded {
  upstream: string;
  method: string;
  params: JsonObject;
}

function hostWith(
  upstreams: Record<string, RoutedUpstream>,
  answer: (f: Forwarded) => Observable<RequestEvent> = () =>
    of({ kind: 'result', result: { answered: true } }),
) {
  const catalog = new Catalog({ separator: '__' });
  let order = 0;
  for (const name of Object.keys(upstreams)) {
    const entry = { name, prefix: name, order: order++, tools: {}, prompts: {} };
    catalog.setItems(entry, 'tools', [{ name: 'echo', inputSchema: { type: 'object' } }]);
    catalog.setItems(entry, 'prompts', [{ name: 'greet' }]);
  }
  const forwarded: Forwarded[] = [];
  const scheduler = new VirtualTimeScheduler();
  const host: RouteHost = {
    catalog,
    scheduler,
    pageSize: 1,
    cursors: new CursorSealer(randomBytes(32)),
    isStarted: true,
    whenStarted: () => Promise.resolve(),
    upstream: (name) => upstreams[name],
    forward: (upstream, method, params) => {
      const f = { upstream, method, params };
      forwarded.push(f);
      return answer(f);
    },
    subscribe: () => Promise.reject(new Error('not used')),
    unsubscribe: () => Promise.reject(new Error('not used')),
    syncLogLevels: () => Promise.resolve(),
  };
  return { host, forwarded, scheduler };
}

const caller = (progressToken?: string): Caller => ({
  context: {
    protocolVersion: '2025-06-18',
    clientCapabilities: {},
    clientInfo: undefined,
    sessionId: '1',
  },
  session: undefined,
  inbound: {
    id: 7,
    signal: new AbortController().signal,
    ...(progressToken === undefined ? {} : { progressToken }),
  },
});

const run = (host: RouteHost, method: string, params: JsonObject, who = caller()) =>
  lastValueFrom(route(host, { jsonrpc: '2.0', id: 7, method, params }, who).pipe(toArray()));

const shared: RoutedUpstream = { capabilities: { tools: {} }, isolated: false };

describe('routes on a hand-made host', () => {
  it('tools/call goes to the upstream that listed the tool, with its own name and no progress token', async () => {
    const { host, forwarded } = hostWith({ a: shared, b: shared });
    const events = await run(host, 'tools/call', {
      name: 'b__echo',
      arguments: { x: 1 },
      _meta: { progressToken: 'client-token', other: 1 },
    });
    expect(forwarded).toEqual([
      {
        upstream: 'b',
        method: 'tools/call',
        params: { name: 'echo', arguments: { x: 1 }, _meta: { other: 1 } },
      },
    ]);
    expect(events).toEqual([{ kind: 'result', result: { answered: true } }]);
    // A `_meta` that held only the token is gone; the caller's params are left as they were.
    const params = { name: 'b__echo', arguments: {}, _meta: { progressToken: 'client-token' } };
    await run(host, 'tools/call', params);
    expect(forwarded[1]?.params).toEqual({ name: 'echo', arguments: {} });
    expect(params._meta).toEqual({ progressToken: 'client-token' });
  });

  it('an unknown tool is -32602 and nothing is forwarded', async () => {
    const { host, forwarded } = hostWith({ a: shared });
    const error = await run(host, 'tools/call', { name: 'a__nope' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect((error as RpcError).code).toBe(-32602);
    expect(forwarded).toEqual([]);
  });

  it('tools/list pages the catalog with the host page size', async () => {
    const { host } = hostWith({ a: shared, b: shared });
    const [first] = await run(host, 'tools/list', {});
    const page = (first as { result: JsonObject }).result;
    expect((page.tools as JsonObject[]).map((t) => t.name)).toEqual(['a__echo']);
    const [second] = await run(host, 'tools/list', { cursor: page.nextCursor as string });
    expect(((second as { result: JsonObject }).result.tools as JsonObject[])[0]?.name).toBe(
      'b__echo',
    );
  });

  it('completion for an upstream without `completions` is answered empty, not forwarded', async () => {
    const { host, forwarded } = hostWith({ a: { capabilities: { prompts: {} }, isolated: false } });
    const [event] = await run(host, 'completion/complete', {
      ref: { type: 'ref/prompt', name: 'a__greet' },
      argument: { name: 'who', value: 'x' },
    });
    expect(event).toEqual({
      kind: 'result',
      result: { completion: { values: [], hasMore: false } },
    });
    expect(forwarded).toEqual([]);
  });

  it('a result that follows progress is sent one tick later on the host scheduler', () => {
    const { host, scheduler } = hostWith({ a: shared }, () =>
      from<RequestEvent[]>([
        { kind: 'progress', params: { progressToken: 0, progress: 1 } },
        { kind: 'result', result: { done: true } },
      ]),
    );
    const seen: RequestEvent[] = [];
    route(
      host,
      { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'a__echo' } },
      caller('t'),
    ).subscribe((event) => seen.push(event));
    // The upstream's token is dropped; the caller's is added by its connection.
    expect(seen).toEqual([{ kind: 'progress', params: { progress: 1 } }]);
    scheduler.flush();
    expect(seen.at(-1)).toEqual({ kind: 'result', result: { done: true } });
  });
});
