/**
 * Disconnect → cancel on virtual time: a request whose HTTP response was dropped is cancelled
 * after the grace period unless its stream was resumed; answered requests are left alone.
 */
import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { cancelOnDisconnect } from '../../../actors/downstream/cancelOnDisconnect.js';
import { silentLogger } from '../../../core/log/log.js';
import type { JsonRpcId } from '../../../core/rpc/jsonrpc.js';
import type { Transport } from '../../../core/rpc/transport.js';
import {
  advanceTo,
  manualHandler,
  rawPeer,
  virtualTime,
} from '../../core/rpc/connectionHarness.js';

function setup(graceMs: number) {
  const scheduler = virtualTime();
  const { calls, handler } = manualHandler();
  const peer = rawPeer({ handlers: { request: handler } });
  const disconnects = new Subject<{ requestIds: JsonRpcId[] }>();
  const resumes = new Subject<{ requestIds: JsonRpcId[] }>();
  // Only the `StreamedServerTransport` members are read from the transport.
  const signals = {
    disconnects$: disconnects,
    resumes$: resumes,
    unanswered: () => {},
  } as unknown as Transport;
  const watch = cancelOnDisconnect(signals, peer.connection, {
    graceMs,
    scheduler,
    log: silentLogger,
  });
  const request = (id: JsonRpcId) =>
    peer.send({ jsonrpc: '2.0', id, method: 'tools/call', params: {} });
  return { scheduler, calls, peer, disconnects, resumes, watch, request };
}

describe('cancelOnDisconnect', () => {
  it('cancels at once with a grace of 0: the handler is torn down, its signal aborted, no response', () => {
    const t = setup(0);
    t.request(1);
    t.disconnects.next({ requestIds: [1] });
    expect(t.calls[0]?.tornDown).toBe(true);
    expect(t.calls[0]?.signal.aborted).toBe(true);
    expect(t.peer.connection.stats().inbound).toBe(0);
    expect(t.peer.received).toEqual([]);
  });

  it('waits for the grace period before cancelling', () => {
    const t = setup(1_000);
    t.request('a');
    t.request(2);
    advanceTo(t.scheduler, 100);
    t.disconnects.next({ requestIds: ['a', 2] });
    advanceTo(t.scheduler, 1_099);
    expect(t.calls.map((c) => c.tornDown)).toEqual([false, false]);
    advanceTo(t.scheduler, 1_100);
    expect(t.calls.map((c) => c.tornDown)).toEqual([true, true]);
  });

  it('does not cancel a request whose stream was resumed within the grace period', () => {
    const t = setup(1_000);
    t.request(1);
    t.request(2);
    t.disconnects.next({ requestIds: [1, 2] });
    advanceTo(t.scheduler, 500);
    t.resumes.next({ requestIds: [1] });
    advanceTo(t.scheduler, 5_000);
    expect(t.calls.map((c) => c.tornDown)).toEqual([false, true]);
  });

  it('keys ids by type: resuming "1" does not save 1', () => {
    const t = setup(10);
    t.request(1);
    t.disconnects.next({ requestIds: [1] });
    t.resumes.next({ requestIds: ['1'] });
    advanceTo(t.scheduler, 10);
    expect(t.calls[0]?.tornDown).toBe(true);
  });

  it('leaves a request answered during the grace period alone', () => {
    const t = setup(1_000);
    t.request(1);
    t.disconnects.next({ requestIds: [1] });
    t.calls[0]?.subscriber.next({ kind: 'result', result: { ok: true } });
    t.calls[0]?.subscriber.complete();
    advanceTo(t.scheduler, 2_000);
    expect(t.peer.received).toEqual([{ jsonrpc: '2.0', id: 1, result: { ok: true } }]);
    expect(t.calls[0]?.signal.aborted).toBe(false);
  });

  it('drops pending timers when unsubscribed (the session closed)', () => {
    const t = setup(1_000);
    t.request(1);
    t.disconnects.next({ requestIds: [1] });
    t.watch.unsubscribe();
    advanceTo(t.scheduler, 2_000);
    expect(t.calls[0]?.tornDown).toBe(false);
  });
});
