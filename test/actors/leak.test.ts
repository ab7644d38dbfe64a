/**
 * No leaks: 100,000 requests through a real Router (in-process upstreams, four client
 * sessions) with random cancellations, timeouts, overloads and upstream restarts. Afterwards
 * every in-flight table (both ends of every connection), queue, fairness structure and
 * tracking map is empty, and no listener was left behind.
 */
import { lastValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors/errors.js';
import type { Connection } from '../../core/rpc/connection.js';
import { connectClient, startRouter, type TestClient, until } from './inProcess.js';

const TOTAL = 100_000;
const WINDOW = 128;
const KILL_EVERY = 10_000;

/** A small deterministic PRNG (Park–Miller), so a failure can be replayed. */
function prng(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return (state - 1) / 2147483646;
  };
}

type Outcome = 'ok' | 'cancelled' | 'timeout' | 'unavailable' | 'overloaded' | 'other';

describe('no leaks after 100,000 requests', () => {
  it('leaves every table, queue and map empty', async () => {
    const random = prng(42);
    const upstream = {
      command: 'x',
      concurrency: 8,
      maxQueue: 64,
      timeoutMs: 15,
      restart: { initialDelayMs: 5, maxDelayMs: 20 },
    };
    const { router, fakes } = await startRouter({ u1: upstream, u2: upstream });
    const clients: TestClient[] = [];
    for (let i = 0; i < 4; i++) clients.push(await connectClient(router));
    const exitListeners = process.listenerCount('exit');
    const outcomes = new Map<Outcome, number>();
    const count = (o: Outcome) => outcomes.set(o, (outcomes.get(o) ?? 0) + 1);

    const one = async (n: number): Promise<void> => {
      const client = clients[n % clients.length] as TestClient;
      const target = random() < 0.5 ? 'u1' : 'u2';
      const roll = random();
      const abort = new AbortController();
      let tool = 'echo';
      let args: Record<string, unknown> = { n };
      if (roll < 0.03)
        tool = 'hang'; // times out after timeoutMs
      else if (roll < 0.13) {
        tool = 'slow';
        args = { ms: 1 + Math.floor(random() * 3) };
      } else if (roll < 0.23) {
        tool = 'hang'; // cancelled by the client
        setTimeout(() => abort.abort('client gave up'), Math.floor(random() * 3));
      }
      const progress = random() < 0.2;
      try {
        await lastValueFrom(
          client.connection.request$(
            'tools/call',
            { name: `${target}__${tool}`, arguments: args },
            { signal: abort.signal, progress },
          ),
        );
        count('ok');
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (code === 'cancelled') count('cancelled');
        else if (code === ErrorCode.RequestTimeout) count('timeout');
        else if (code === ErrorCode.UpstreamUnavailable || code === ErrorCode.InvalidParams) {
          // Down (restarting): fast failures would burn the request budget; pace them.
          count('unavailable');
          await new Promise((resolve) => setTimeout(resolve, 2));
        } else if (code === ErrorCode.Overloaded) {
          count('overloaded');
          await new Promise((resolve) => setTimeout(resolve, 1));
        } else count('other');
      }
      if (n > 0 && n % KILL_EVERY === 0) fakes.latest(random() < 0.5 ? 'u1' : 'u2').kill();
    };

    const t0 = Date.now();
    let next = 0;
    const worker = async () => {
      while (next < TOTAL) await one(next++);
    };
    await Promise.all(Array.from({ length: WINDOW }, worker));
    const elapsed = Date.now() - t0;

    // Let restarts finish, then everything must be idle.
    expect(
      await until(() => [...router.upstreams.values()].every((u) => u.state === 'ready'), 5000),
    ).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));

    const total = [...outcomes.values()].reduce((a, b) => a + b, 0);
    expect(total).toBe(TOTAL);
    // Every path is exercised (the mix depends on the machine's speed: since the queue
    // deadline, a request that waits longer than timeoutMs in the queue times out there).
    expect(outcomes.get('ok')).toBeGreaterThan(TOTAL / 10);
    expect(outcomes.get('cancelled')).toBeGreaterThan(1000);
    expect(outcomes.get('timeout')).toBeGreaterThan(100);
    expect(outcomes.get('other') ?? 0).toBe(0);
    const kills = Math.floor((TOTAL - 1) / KILL_EVERY);
    expect(fakes.opens('u1') + fakes.opens('u2')).toBe(2 + kills);

    const idle = { outbound: 0, inbound: 0 };
    const tables = (c: Connection) => c.stats();
    for (const client of clients) expect(tables(client.connection)).toEqual(idle);
    for (const session of router.sessions) expect(tables(session.connection)).toEqual(idle);
    for (const u of router.upstreams.values()) {
      expect(u.connection && tables(u.connection)).toEqual(idle);
      expect(u.load).toEqual({ queued: 0, running: 0 });
      expect(u.queueStats()).toEqual({
        waiting: 0,
        running: 0,
        lanes: 0,
        slotsQueued: 0,
        slotsRunning: 0,
      });
    }
    // Every server, the dead ones included, holds nothing in flight.
    for (const server of fakes.servers) expect(tables(server.connection)).toEqual(idle);
    expect(router.stats().inflight).toBe(0);
    // The one in-flight index holds no record: each request's teardown removed it.
    expect(router.stats().inflight).toBe(0);
    expect(router.stats().subscriptions).toBe(0);
    expect(process.listenerCount('exit')).toBe(exitListeners);
    console.log(
      `leak test: ${TOTAL} requests in ${elapsed} ms (${Math.round(TOTAL / (elapsed / 1000))}/s)`,
      Object.fromEntries(outcomes),
    );

    for (const client of clients) await client.close();
    await until(() => router.sessions.size === 0, 1000);
    expect(router.stats().sessionsSeen).toBe(0);
    await router.close();
  }, 240_000);
});
