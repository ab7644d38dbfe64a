/** Two Connections talking to each other over an in-memory pair. */
import { lastValueFrom, Observable, type Subscription, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { RpcError } from '../../../core/errors/errors.js';
import { Connection, type InboundEvent } from '../../../core/rpc/connection.js';
import { createMemoryPair } from '../../../transports/memory.js';
import { advanceTo, virtualTime } from './connectionHarness.js';

function pair() {
  const scheduler = virtualTime();
  const [a, b] = createMemoryPair();
  const aborted: unknown[] = [];
  /** Emits `steps` progress values `step` ms apart, then the result; honours its signal. */
  const server = new Connection(b, {
    scheduler,
    handlers: {
      request: (request, context) =>
        new Observable<InboundEvent>((subscriber) => {
          context.signal.addEventListener('abort', () => aborted.push(request.id));
          if (request.method === 'fail') throw new RpcError(-32602, 'nope');
          const steps = Number(request.params?.steps ?? 0);
          const step = Number(request.params?.step ?? 10);
          const actions: Subscription[] = [];
          for (let i = 1; i <= steps; i++) {
            actions.push(
              scheduler.schedule(
                () => subscriber.next({ kind: 'progress', params: { progress: i, total: steps } }),
                i * step,
              ),
            );
          }
          actions.push(
            scheduler.schedule(
              () => {
                subscriber.next({ kind: 'result', result: { steps } });
                subscriber.complete();
              },
              (steps + 1) * step,
            ),
          );
          return () => {
            for (const action of actions) action.unsubscribe();
          };
        }),
    },
  });
  const client = new Connection(a, { scheduler });
  return { scheduler, client, server, aborted };
}

describe('Connection pair', () => {
  it('progress flows end to end in order, with the token mapped back to the request', async () => {
    const { scheduler, client, server } = pair();
    const events = lastValueFrom(
      client.request$('tools/call', { steps: 3 }, { progress: true, timeout: 50 }).pipe(toArray()),
    );
    advanceTo(scheduler, 100);
    expect(await events).toEqual([
      { kind: 'progress', params: { progress: 1, total: 3, progressToken: 0 } },
      { kind: 'progress', params: { progress: 2, total: 3, progressToken: 0 } },
      { kind: 'progress', params: { progress: 3, total: 3, progressToken: 0 } },
      { kind: 'result', result: { steps: 3 } },
    ]);
    expect(client.stats()).toEqual({ outbound: 0, inbound: 0 });
    expect(server.stats()).toEqual({ outbound: 0, inbound: 0 });
  });

  it('unsubscribing on the client cancels the handler on the server: no response, tables empty', () => {
    const { scheduler, client, server, aborted } = pair();
    const sub = client.request$('tools/call', { steps: 5, step: 100 }).subscribe();
    advanceTo(scheduler, 150);
    expect(server.stats().inbound).toBe(1);
    sub.unsubscribe();
    expect(aborted).toEqual([0]);
    advanceTo(scheduler, 2000);
    expect(client.stats()).toEqual({ outbound: 0, inbound: 0 });
    expect(server.stats()).toEqual({ outbound: 0, inbound: 0 });
  });

  it('a client timeout cancels the server handler', () => {
    const { scheduler, client, server, aborted } = pair();
    let code: unknown;
    client
      .request$('tools/call', { steps: 1, step: 500 }, { timeout: 100 })
      .subscribe({ error: (e: { code: unknown }) => (code = e.code) });
    advanceTo(scheduler, 100);
    expect(code).toBe('timeout');
    expect(aborted).toEqual([0]);
    expect(server.stats().inbound).toBe(0);
  });

  it('leaves nothing behind after many mixed requests', async () => {
    const { scheduler, client, server } = pair();
    const outcomes: Promise<unknown>[] = [];
    for (let i = 0; i < 200; i++) {
      const method = i % 5 === 0 ? 'fail' : 'tools/call';
      const done = lastValueFrom(
        client.request$(
          method,
          { steps: i % 4 },
          { progress: i % 2 === 0, timeout: i % 7 === 0 ? 15 : 1000 },
        ),
      ).catch((e: unknown) => e);
      outcomes.push(done);
      if (i % 11 === 0) {
        const sub = client.request$('tools/call', { steps: 3 }).subscribe();
        scheduler.schedule(() => sub.unsubscribe(), 5);
      }
    }
    advanceTo(scheduler, 10_000);
    const results = await Promise.all(outcomes);
    expect(results.filter((r) => r instanceof RpcError)).toHaveLength(40);
    expect(client.stats()).toEqual({ outbound: 0, inbound: 0 });
    expect(server.stats()).toEqual({ outbound: 0, inbound: 0 });
  });

  it('when one side closes, the other sees closed$ and fails its in-flight requests', async () => {
    const { client, server } = pair();
    const pending = lastValueFrom(client.request$('tools/call', { steps: 1, step: 1000 })).catch(
      (e: unknown) => e,
    );
    await server.close();
    expect(await lastValueFrom(client.closed$)).toEqual({ kind: 'remote' });
    expect(await pending).toMatchObject({ code: 'closed' });
    expect(client.isClosed).toBe(true);
    expect(server.isClosed).toBe(true);
  });
});
