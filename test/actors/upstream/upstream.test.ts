/**
 * `Upstream.request$`: admission through the bounded queue, the immediate overload error,
 * slots released on completion and on cancellation, the queue deadline (virtual time),
 * `call`/`listAll` through the queue, and errors when not ready.
 *
 * The upstream's clock and its connection's scheduler are one `VirtualTimeScheduler`; the
 * memory pair delivers synchronously, so `settle()` (one macrotask) only lets p-queue's and
 * the session's promises run — no test waits on wall-clock time.
 */
import { map, Observable, of, Subject, take, throwError, VirtualTimeScheduler } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdmissionTicket } from '../../../actors/upstream/admission.js';
import { Upstream, type UpstreamState } from '../../../actors/upstream/upstream.js';
import type { SupervisorClock } from '../../../actors/upstream/upstreamSupervisor.js';
import { parseConfig } from '../../../core/config/config.js';
import { ErrorCode, RpcError } from '../../../core/errors/errors.js';
import { Connection } from '../../../core/rpc/connection.js';
import type { JsonObject } from '../../../core/rpc/jsonrpc.js';
import { createMemoryPair } from '../../../transports/memory.js';

const upstreams: Upstream[] = [];

/** Lets pending promises run (p-queue frees a slot a few microtasks after `done`). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** An XState-style clock over an RxJS virtual scheduler (one time source for everything). */
function clockOf(scheduler: VirtualTimeScheduler): SupervisorClock {
  return {
    now: () => scheduler.now(),
    setTimeout: (fn: () => void, ms: number) => scheduler.schedule(fn, ms),
    clearTimeout: (id: unknown) => (id as { unsubscribe(): void }).unsubscribe(),
  };
}

/** Runs the virtual clock forward to `to` ms (a no-op action makes `now()` reach it). */
function advanceTo(scheduler: VirtualTimeScheduler, to: number): void {
  scheduler.schedule(() => {}, to - scheduler.now());
  scheduler.maxFrames = to;
  scheduler.flush();
}

async function readyUpstream(
  options: { concurrency: number; maxQueue: number; timeoutMs?: number },
  pages?: JsonObject[],
) {
  const config = parseConfig({
    mcpServers: { u: { command: 'unused', ...options } },
  }).upstreams[0]!;
  const scheduler = new VirtualTimeScheduler();
  const release = new Subject<void>();
  const started: string[] = [];
  let cancelled = 0;
  const states: UpstreamState[] = [];
  const upstream = new Upstream({
    config,
    clientInfo: { name: 'mcp-mux', version: 'test' },
    capabilities: {},
    initializeTimeoutMs: 1_000,
    clock: clockOf(scheduler),
    onState: (_u, state) => states.push(state),
    open: async () => {
      const [client, server] = createMemoryPair();
      new Connection(server, {
        handlers: {
          request: (request) => {
            // A legacy server: the era probe gets what such servers answer.
            if (request.method === 'server/discover') {
              return throwError(() => new RpcError(-32601, 'Method not found'));
            }
            if (request.method === 'initialize') {
              return of({
                kind: 'result' as const,
                result: {
                  protocolVersion: '2025-06-18',
                  capabilities: {},
                  serverInfo: { name: 's', version: '1' },
                },
              });
            }
            if (request.method === 'tools/list') {
              const cursor = Number(request.params?.cursor ?? 0);
              return of({ kind: 'result' as const, result: pages?.[cursor] ?? {} });
            }
            const name = String(request.params?.name);
            started.push(name);
            return name === 'hang'
              ? new Observable<never>(() => () => {
                  cancelled++;
                })
              : release.pipe(
                  take(1),
                  map(() => ({ kind: 'result' as const, result: { ok: name } })),
                );
          },
        },
      });
      return new Connection(client, { scheduler });
    },
  });
  upstreams.push(upstream);
  upstream.start();
  for (let i = 0; i < 100 && upstream.state !== 'ready'; i++) await settle();
  expect(upstream.state).toBe('ready');
  return { upstream, scheduler, started, release, cancelled: () => cancelled, states };
}

afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

describe('Upstream.request$', () => {
  it('runs at most `concurrency` requests and queues the rest', async () => {
    const { upstream, started } = await readyUpstream({ concurrency: 2, maxQueue: 10 });
    const subs = ['hang', 'hang', 'hang'].map(() =>
      upstream.request$('tools/call', { name: 'hang' }, {}).subscribe({ error: () => {} }),
    );
    await settle();
    expect(started).toHaveLength(2);
    expect(upstream.load).toEqual({ queued: 1, running: 2 });
    subs[0]?.unsubscribe();
    await settle();
    expect(started).toHaveLength(3);
    for (const s of subs) s.unsubscribe();
  });

  it('errors at once with -32010 naming the upstream when the queue is full', async () => {
    const { upstream } = await readyUpstream({ concurrency: 1, maxQueue: 1 });
    const subs = [1, 2].map(() =>
      upstream.request$('tools/call', { name: 'hang' }, {}).subscribe({ error: () => {} }),
    );
    await settle();
    let error: unknown;
    upstream.request$('tools/call', { name: 'hang' }, {}).subscribe({ error: (e) => (error = e) });
    expect(error).toBeInstanceOf(RpcError);
    expect((error as RpcError).code).toBe(-32010);
    expect((error as RpcError).message).toContain('"u"');
    expect((error as RpcError).data).toEqual({ upstream: 'u', maxQueue: 1 });
    for (const s of subs) s.unsubscribe();
  });

  it('removes a request cancelled while queued without sending it, and cancels a running one', async () => {
    const { upstream, started, cancelled } = await readyUpstream({ concurrency: 1, maxQueue: 5 });
    const running = upstream
      .request$('tools/call', { name: 'hang' }, {})
      .subscribe({ error: () => {} });
    const queued = upstream
      .request$('tools/call', { name: 'queued' }, {})
      .subscribe({ error: () => {} });
    await settle();
    queued.unsubscribe();
    await settle();
    expect(upstream.load.queued).toBe(0);
    running.unsubscribe();
    await settle();
    expect(started).toEqual(['hang']);
    expect(cancelled()).toBe(1);
    expect(upstream.load).toEqual({ queued: 0, running: 0 });
  });

  it('errors with -32011 when the upstream is not ready', async () => {
    const { upstream } = await readyUpstream({ concurrency: 1, maxQueue: 1 });
    await upstream.close();
    let error: unknown;
    upstream.request$('tools/call', { name: 'x' }, {}).subscribe({ error: (e) => (error = e) });
    expect((error as RpcError).code).toBe(-32011);
    expect((error as RpcError).data).toMatchObject({ upstream: 'u' });
  });

  it('frees the slot when a running request completes: the queued one runs next', async () => {
    const { upstream, started, release } = await readyUpstream({ concurrency: 1, maxQueue: 5 });
    const first = upstream.call('tools/call', { name: 'one' });
    const second = upstream.call('tools/call', { name: 'two' });
    await settle();
    expect(started).toEqual(['one']);
    release.next();
    expect(await first).toEqual({ ok: 'one' });
    await settle();
    expect(started).toEqual(['one', 'two']);
    release.next();
    expect(await second).toEqual({ ok: 'two' });
    await settle();
    expect(upstream.queueStats()).toMatchObject({ waiting: 0, running: 0, slotsRunning: 0 });
  });

  it('gives onAdmit a ticket that follows the request from queued to running to done', async () => {
    const { upstream, release } = await readyUpstream({ concurrency: 1, maxQueue: 5 });
    const tickets: AdmissionTicket[] = [];
    const admit = (name: string) =>
      upstream
        .request$('tools/call', { name }, {}, 's', (t) => tickets.push(t))
        .subscribe({ error: () => {} });
    admit('one');
    admit('two');
    expect(tickets.map((t) => [t.state, t.position()])).toEqual([
      ['running', undefined],
      ['queued', 0],
    ]);
    release.next();
    await settle();
    expect(tickets.map((t) => t.state)).toEqual(['done', 'running']);
    release.next();
    await settle();
    expect(tickets.map((t) => t.state)).toEqual(['done', 'done']);
  });

  it('ends 100 calls queued behind a silent upstream by their own deadline, not in waves', async () => {
    const { upstream, scheduler, cancelled } = await readyUpstream({
      concurrency: 2,
      maxQueue: 200,
    });
    const ended: { at: number; code: number; queued: boolean }[] = [];
    for (let i = 0; i < 100; i++) {
      upstream.request$('tools/call', { name: 'hang' }, { timeout: 1_000 }).subscribe({
        error: (e: RpcError) =>
          ended.push({
            at: scheduler.now(),
            code: e.code,
            queued: (e.data as { queued?: boolean }).queued === true,
          }),
      });
    }
    expect(upstream.load).toEqual({ queued: 98, running: 2 });
    advanceTo(scheduler, 999);
    expect(ended).toHaveLength(0);
    advanceTo(scheduler, 1_000);
    // Without the queue deadline only the 2 running ones would end now, the next 2 at 2000 ms…
    expect(ended).toHaveLength(100);
    expect(ended.every((e) => e.at === 1_000 && e.code === ErrorCode.RequestTimeout)).toBe(true);
    expect(ended.filter((e) => e.queued)).toHaveLength(98);
    expect(cancelled()).toBe(2);
    await settle();
    expect(upstream.queueStats()).toEqual({
      waiting: 0,
      running: 0,
      lanes: 0,
      slotsQueued: 0,
      slotsRunning: 0,
    });
  });

  it('runs a request that waited with the rest of its timeout', async () => {
    const { upstream, scheduler, release, started } = await readyUpstream({
      concurrency: 1,
      maxQueue: 5,
    });
    upstream.request$('tools/call', { name: 'one' }, { timeout: 1_000 }).subscribe();
    let endedAt: number | undefined;
    upstream.request$('tools/call', { name: 'hang' }, { timeout: 1_000 }).subscribe({
      error: () => (endedAt = scheduler.now()),
    });
    advanceTo(scheduler, 600);
    release.next();
    await settle();
    expect(started).toEqual(['one', 'hang']);
    advanceTo(scheduler, 999);
    expect(endedAt).toBeUndefined();
    advanceTo(scheduler, 1_000);
    // It waited 600 ms, then ran for the 400 ms left: 1000 ms in all, not 1600.
    expect(endedAt).toBe(1_000);
  });

  it('fetches every page of a list through the queue (listAll)', async () => {
    const pages = [
      { tools: [{ name: 'a' }], nextCursor: '1' },
      { tools: [{ name: 'b' }], nextCursor: '2' },
      { tools: [{ name: 'c' }] },
    ];
    const { upstream } = await readyUpstream({ concurrency: 1, maxQueue: 0 }, pages);
    upstream.request$('tools/call', { name: 'hang' }, {}).subscribe({ error: () => {} });
    // The only slot is taken and maxQueue is 0: the list refresh is refused like any request.
    const refused = await upstream.listAll('tools/list', 'tools').catch((e: RpcError) => e);
    expect((refused as RpcError).code).toBe(-32010);
    await Promise.all(upstreams.splice(0).map((u) => u.close()));
    const free = await readyUpstream({ concurrency: 1, maxQueue: 0 }, pages);
    const tools = await free.upstream.listAll('tools/list', 'tools');
    expect(tools.map((t) => t.name)).toEqual(['a', 'b', 'c']);
  });
});
