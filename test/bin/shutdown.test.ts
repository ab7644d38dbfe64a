/**
 * Graceful shutdown (bin/shutdown.ts) of a real Router over in-process upstreams: what it waits
 * for, what it cancels at the deadline (virtual time) or when hurried, and the signal handling
 * (signals emitted on `process`, exit injected).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handleTerminationSignals, shutdown } from '../../bin/shutdown.js';
import { createLogger } from '../../core/log/log.js';
import { connectClient, rejection, startRouter, until } from '../actors/inProcess.js';

afterEach(() => {
  vi.useRealTimers();
});

async function setup() {
  const { router, fakes } = await startRouter({ s: { command: 'x' } });
  const client = await connectClient(router);
  const lines: string[] = [];
  const log = createLogger({ sink: (line) => lines.push(line), level: 'info' });
  let facadesClosed = 0;
  const closeFacades = async () => {
    facadesClosed++;
  };
  return { router, fakes, client, lines, log, closeFacades, facadesClosed: () => facadesClosed };
}

describe('shutdown', () => {
  it('with nothing in flight: closes the facades and the router at once', async () => {
    const { router, log, lines, closeFacades, facadesClosed } = await setup();
    await shutdown(router, { log, closeFacades, timeoutMs: 60_000 });
    expect(facadesClosed()).toBe(1);
    expect(lines.some((l) => l.includes('waiting up to'))).toBe(false);
    expect(lines.at(-1)).toContain('shut down');
    expect(router.inFlight).toBe(0);
  });

  it('lets a request in flight finish before closing', async () => {
    const { router, client, log, lines } = await setup();
    const call = client.call('s__slow', { ms: 50 });
    expect(await until(() => router.inFlight === 1)).toBe(true);
    await shutdown(router, { log, timeoutMs: 10_000 });
    expect(await call).toEqual({ content: [{ type: 'text', text: 'slow done' }] });
    expect(lines.some((l) => l.includes('waiting up to 10000ms for 1 request(s) in flight'))).toBe(
      true,
    );
    expect(lines.some((l) => l.includes('cancelling'))).toBe(false);
  });

  it('cancels what is left at the deadline: the client is told why, the upstream gets cancelled', async () => {
    const { router, fakes, client, log, lines } = await setup();
    const call = rejection(client.call('s__hang'));
    expect(await until(() => router.inFlight === 1)).toBe(true);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const done = shutdown(router, { log, timeoutMs: 10_000 });
    await vi.advanceTimersByTimeAsync(9_900);
    expect(router.inFlight).toBe(1); // still waiting, short of the deadline
    await vi.advanceTimersByTimeAsync(200);
    vi.useRealTimers();
    await done;
    expect((await call).message).toContain('mcp-mux is shutting down');
    expect(fakes.latest('s').cancelled).toHaveLength(1);
    expect(lines.some((l) => l.includes('cancelling 1 request(s) still in flight'))).toBe(true);
  });

  it('cancels at once when hurried (a second signal), whatever the timeout', async () => {
    const { router, client, log } = await setup();
    const call = rejection(client.call('s__hang'));
    expect(await until(() => router.inFlight === 1)).toBe(true);
    await shutdown(router, { log, timeoutMs: 3_600_000, hurry: Promise.resolve() });
    expect((await call).message).toContain('mcp-mux is shutting down');
  });
});

describe('handleTerminationSignals', () => {
  it('first signal starts the shutdown, the second hurries it, the third exits 130', async () => {
    const before = process.listenerCount('SIGTERM');
    const exits: number[] = [];
    const lines: string[] = [];
    const signals = handleTerminationSignals(
      createLogger({ sink: (line) => lines.push(line) }),
      (code) => exits.push(code),
    );
    try {
      let hurried = false;
      void signals.hurry.then(() => {
        hurried = true;
      });
      process.emit('SIGTERM', 'SIGTERM');
      expect(await signals.signalled).toBe('SIGTERM');
      await Promise.resolve();
      expect(hurried).toBe(false);
      process.emit('SIGINT', 'SIGINT');
      await signals.hurry;
      expect(exits).toEqual([]);
      process.emit('SIGINT', 'SIGINT');
      expect(exits).toEqual([130]);
      expect(lines.some((l) => l.includes('SIGINT a third time: exiting now'))).toBe(true);
    } finally {
      signals.dispose();
    }
    expect(process.listenerCount('SIGTERM')).toBe(before);
  });
});
