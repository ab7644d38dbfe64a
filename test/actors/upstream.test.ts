/**
 * `Upstream.request$`: admission through the bounded queue, the immediate overload error,
 * slots released on completion and on cancellation, and errors when not ready.
 */
import { Observable, of, Subject, take } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { Upstream, type UpstreamState } from '../../actors/upstream.js';
import { parseConfig } from '../../core/config.js';
import { Connection } from '../../core/connection.js';
import { RpcError } from '../../core/errors.js';
import { createMemoryPair } from '../../transports/memory.js';

const upstreams: Upstream[] = [];

async function readyUpstream(options: { concurrency: number; maxQueue: number }) {
  const config = parseConfig({
    mcpServers: { u: { command: 'unused', ...options } },
  }).upstreams[0]!;
  const release = new Subject<void>();
  const started: string[] = [];
  let cancelled = 0;
  const states: UpstreamState[] = [];
  const upstream = new Upstream({
    config,
    clientInfo: { name: 'mcp-mux', version: 'test' },
    capabilities: {},
    initializeTimeoutMs: 1_000,
    onState: (_u, state) => states.push(state),
    open: async () => {
      const [client, server] = createMemoryPair();
      new Connection(server, {
        handlers: {
          request: (request) => {
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
            started.push(String(request.params?.name));
            return request.params?.name === 'hang'
              ? new Observable<never>(() => () => {
                  cancelled++;
                })
              : release.pipe(take(1), () => of({ kind: 'result' as const, result: { ok: true } }));
          },
        },
      });
      return new Connection(client);
    },
  });
  upstreams.push(upstream);
  upstream.start();
  for (let i = 0; i < 100 && upstream.state !== 'ready'; i++)
    await new Promise((r) => setTimeout(r, 5));
  return { upstream, started, release, cancelled: () => cancelled, states };
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
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toHaveLength(2);
    expect(upstream.load).toEqual({ queued: 1, running: 2 });
    subs[0]?.unsubscribe();
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toHaveLength(3);
    for (const s of subs) s.unsubscribe();
  });

  it('errors at once with -32010 naming the upstream when the queue is full', async () => {
    const { upstream } = await readyUpstream({ concurrency: 1, maxQueue: 1 });
    const subs = [1, 2].map(() =>
      upstream.request$('tools/call', { name: 'hang' }, {}).subscribe({ error: () => {} }),
    );
    await new Promise((r) => setTimeout(r, 10));
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
    await new Promise((r) => setTimeout(r, 10));
    queued.unsubscribe();
    await new Promise((r) => setTimeout(r, 10));
    expect(upstream.load.queued).toBe(0);
    running.unsubscribe();
    await new Promise((r) => setTimeout(r, 10));
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
});
