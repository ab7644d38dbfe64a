import { describe, expect, it } from 'vitest';
import type { LocalError } from '../../../core/errors/errors.js';
import type { RequestEvent } from '../../../core/rpc/connection.js';
import { advanceTo, rawPeer, virtualTime } from './connectionHarness.js';

const progress = (n: number) => ({
  jsonrpc: '2.0',
  method: 'notifications/progress',
  params: { progressToken: 0, progress: n },
});

function setup(options: {
  timeout?: number;
  maxTotalTimeout?: number;
  resetTimeoutOnProgress?: boolean;
}) {
  const scheduler = virtualTime();
  const peer = rawPeer({ scheduler });
  const events: RequestEvent[] = [];
  let error: LocalError | undefined;
  let completed = false;
  peer.connection
    .request$('tools/call', { name: 'slow' }, { progress: true, ...options })
    .subscribe({
      next: (e) => events.push(e),
      error: (e: LocalError) => (error = e),
      complete: () => (completed = true),
    });
  return {
    scheduler,
    peer,
    events,
    get error() {
      return error;
    },
    get completed() {
      return completed;
    },
    /** The raw peer sends `message` at virtual time `at`. */
    at(time: number, message: unknown) {
      scheduler.schedule(() => peer.send(message), time - scheduler.now());
    },
  };
}

describe('Connection timeouts on virtual time', () => {
  it('idle timeout: errors, sends one cancel with the reason, and forgets the request', () => {
    const t = setup({ timeout: 100 });
    advanceTo(t.scheduler, 99);
    expect(t.error).toBeUndefined();
    advanceTo(t.scheduler, 100);
    expect(t.error?.code).toBe('timeout');
    expect(t.error?.details).toMatchObject({
      method: 'tools/call',
      id: 0,
      idle: 100,
      progressCount: 0,
    });
    expect(t.peer.received.slice(1)).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 0, reason: t.error?.message },
      },
    ]);
    expect(t.peer.connection.stats().outbound).toBe(0);
  });

  it('each progress notification re-arms the idle timeout', () => {
    const t = setup({ timeout: 100 });
    t.at(80, progress(1));
    t.at(160, progress(2));
    t.at(240, { jsonrpc: '2.0', id: 0, result: { ok: 1 } });
    advanceTo(t.scheduler, 1000);
    expect(t.error).toBeUndefined();
    expect(t.completed).toBe(true);
    expect(t.events.map((e) => e.kind)).toEqual(['progress', 'progress', 'result']);
    expect(t.peer.received).toHaveLength(1); // no cancel
  });

  it('without resetTimeoutOnProgress, progress does not extend the limit', () => {
    const t = setup({ timeout: 100, resetTimeoutOnProgress: false });
    t.at(80, progress(1));
    advanceTo(t.scheduler, 100);
    expect(t.error?.code).toBe('timeout');
    expect(t.events).toHaveLength(1);
  });

  it('maxTotalTimeout with no progress', () => {
    const t = setup({ maxTotalTimeout: 500 });
    advanceTo(t.scheduler, 499);
    expect(t.error).toBeUndefined();
    advanceTo(t.scheduler, 500);
    expect(t.error?.code).toBe('max-total-timeout');
  });

  it('maxTotalTimeout with steady progress inside the idle limit', () => {
    const t = setup({ timeout: 100, maxTotalTimeout: 300 });
    for (let time = 50; time < 1000; time += 50) t.at(time, progress(time));
    advanceTo(t.scheduler, 1000);
    expect(t.error?.code).toBe('max-total-timeout');
    expect(t.error?.details).toMatchObject({ elapsed: 300, maxTotal: 300 });
    // Progress at 50..250 got through; 300 came after the deadline fired at the same instant.
    expect(t.events.length).toBeGreaterThanOrEqual(5);
    const cancels = t.peer.received.filter(
      (m) => (m as { method?: string }).method === 'notifications/cancelled',
    );
    expect(cancels).toHaveLength(1);
  });

  it('a response after the timeout is dropped; the subscriber saw only the error', () => {
    const t = setup({ timeout: 100 });
    t.at(150, { jsonrpc: '2.0', id: 0, result: {} });
    advanceTo(t.scheduler, 200);
    expect(t.error?.code).toBe('timeout');
    expect(t.events).toEqual([]);
    expect(t.completed).toBe(false);
  });

  it('a result in time cancels the timers (nothing fires later)', () => {
    const t = setup({ timeout: 100, maxTotalTimeout: 200 });
    t.at(10, { jsonrpc: '2.0', id: 0, result: {} });
    advanceTo(t.scheduler, 10);
    expect(t.completed).toBe(true);
    expect(t.scheduler.actions).toHaveLength(0);
  });
});
