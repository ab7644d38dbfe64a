/**
 * The held-round table on virtual time (no router): the gathering window, the TTL (held
 * requests answered with an error, the upstream call cancelled, nothing left), the expiry of
 * the state itself, per-principal limits, progress while attached, shutdown.
 */
import { Observable, Subject, VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { ModernCallers } from '../../../actors/bridge/modernCallers.js';
import type { Caller } from '../../../actors/downstream/host.js';
import { RpcError } from '../../../core/errors/errors.js';
import { silentLogger } from '../../../core/log/log.js';
import { stateKey } from '../../../core/mcp/requestState.js';
import type { InboundEvent, RequestEvent } from '../../../core/rpc/connection.js';
import type { JsonObject, JsonRpcRequest } from '../../../core/rpc/jsonrpc.js';

function advanceTo(scheduler: VirtualTimeScheduler, to: number): void {
  scheduler.schedule(() => {}, to - scheduler.now());
  scheduler.maxFrames = to;
  scheduler.flush();
}

const caller = (principal?: string, caps: JsonObject = { elicitation: {}, roots: {} }): Caller => ({
  context: {
    protocolVersion: '2026-07-28',
    clientCapabilities: caps,
    clientInfo: undefined,
    sessionId: 'c',
    ...(principal === undefined ? {} : { principal }),
  },
  session: undefined,
  inbound: { id: 1, signal: new AbortController().signal },
});

const request = (method: string, params: JsonObject = {}): JsonRpcRequest => ({
  jsonrpc: '2.0',
  id: 9,
  method,
  params,
});

/** A fake upstream call: `events` drives it, `cancelled` counts unsubscriptions before its end. */
function upstreamCall() {
  const events = new Subject<RequestEvent>();
  const state = { cancelled: 0 };
  const call$ = new Observable<RequestEvent>((subscriber) => {
    let done = false;
    const subscription = events.subscribe({
      next: (e) => subscriber.next(e),
      complete: () => {
        done = true;
        subscriber.complete();
      },
    });
    return () => {
      subscription.unsubscribe();
      if (!done) state.cancelled++;
    };
  });
  return { events, state, call$ };
}

/** Subscribes and records what a client request gets. */
function watch(source: Observable<RequestEvent> | Observable<InboundEvent>) {
  const seen: { events: RequestEvent[]; error?: unknown; done: boolean } = {
    events: [],
    done: false,
  };
  const subscription = source.subscribe({
    next: (e) => seen.events.push(e),
    error: (error: unknown) => {
      seen.error = error;
    },
    complete: () => {
      seen.done = true;
    },
  });
  return { seen, subscription };
}

const PARAMS = { name: 'ask', arguments: {} };

function setup(options: { maxPerPrincipal?: number } = {}) {
  const scheduler = new VirtualTimeScheduler();
  const modern = new ModernCallers({
    scheduler,
    key: stateKey('k'.repeat(32)),
    ttlMs: 1_000,
    gatherMs: 10,
    log: silentLogger,
    ...options,
  });
  return { scheduler, modern, rounds: modern.rounds };
}

describe('held rounds on virtual time', () => {
  it('gathers the requests of one window into one input_required, forwards progress while attached', () => {
    const { scheduler, modern } = setup();
    const upstream = upstreamCall();
    const client = watch(modern.track('up', 'tools/call', PARAMS, caller(), () => upstream.call$));
    upstream.events.next({ kind: 'progress', params: { progress: 1 } });
    const a = watch(
      modern.hold(
        'up',
        request('elicitation/create', { message: 'a' }),
      ) as Observable<InboundEvent>,
    );
    advanceTo(scheduler, 5);
    const b = watch(modern.hold('up', request('roots/list')) as Observable<InboundEvent>);
    advanceTo(scheduler, 9);
    expect(client.seen.done).toBe(false);
    advanceTo(scheduler, 10);
    expect(client.seen.done).toBe(true);
    const [progress, interim] = client.seen.events;
    expect(progress).toEqual({ kind: 'progress', params: { progress: 1 } });
    const result = (interim as { result: JsonObject }).result;
    expect(Object.keys(result.inputRequests as JsonObject)).toEqual(['elicitation-1', 'roots-2']);
    expect(a.seen.done || b.seen.done).toBe(false);
  });

  it('ends an unclaimed round at the TTL: held requests get an error, the upstream call is cancelled', () => {
    const { scheduler, modern, rounds } = setup();
    const upstream = upstreamCall();
    const client = watch(modern.track('up', 'tools/call', PARAMS, caller(), () => upstream.call$));
    const held = watch(
      modern.hold('up', request('elicitation/create')) as Observable<InboundEvent>,
    );
    advanceTo(scheduler, 10);
    const state = (client.seen.events[0] as { result: JsonObject }).result.requestState;
    expect(rounds.size).toBe(1);
    advanceTo(scheduler, 1_009);
    expect(held.seen.error).toBeUndefined();
    advanceTo(scheduler, 1_010);
    expect(held.seen.error).toBeInstanceOf(RpcError);
    expect((held.seen.error as Error).message).toContain('did not retry within 1000 ms');
    expect(upstream.state.cancelled).toBe(1);
    expect(rounds.size).toBe(0);
    expect(rounds.running).toBe(0);
    // The retry comes too late: its state has expired, and nothing runs.
    let error: unknown;
    try {
      modern.track(
        'up',
        'tools/call',
        { ...PARAMS, requestState: state },
        caller(),
        () => upstream.call$,
      );
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: -32602, data: { reason: 'expired' } });
  });

  it('keeps the upstream result for the retry when it comes while the client is away', () => {
    const { scheduler, modern, rounds } = setup();
    const upstream = upstreamCall();
    const client = watch(modern.track('up', 'tools/call', PARAMS, caller(), () => upstream.call$));
    watch(modern.hold('up', request('roots/list')) as Observable<InboundEvent>);
    advanceTo(scheduler, 10);
    const state = (client.seen.events[0] as { result: JsonObject }).result.requestState;
    upstream.events.next({ kind: 'result', result: { content: [] } });
    upstream.events.complete();
    const retry = watch(
      modern.track(
        'up',
        'tools/call',
        { ...PARAMS, requestState: state },
        caller(),
        () => upstream.call$,
      ),
    );
    expect(retry.seen.events).toEqual([{ kind: 'result', result: { content: [] } }]);
    expect(retry.seen.done).toBe(true);
    expect(rounds.size).toBe(0);
  });

  it('limits held rounds per principal: past it the upstream request is refused at once', () => {
    const { scheduler, modern, rounds } = setup({ maxPerPrincipal: 1 });
    const one = upstreamCall();
    watch(modern.track('up', 'tools/call', PARAMS, caller('p'), () => one.call$));
    watch(modern.hold('up', request('roots/list')) as Observable<InboundEvent>);
    const two = upstreamCall();
    watch(modern.track('up', 'tools/call', PARAMS, caller('p'), () => two.call$));
    const refused = watch(modern.hold('up', request('roots/list')) as Observable<InboundEvent>);
    expect(refused.seen.error).toMatchObject({
      code: -32010,
      data: { reason: 'held-rounds-full' },
    });
    // Another principal still has room.
    const three = upstreamCall();
    watch(modern.track('up', 'tools/call', PARAMS, caller('q'), () => three.call$));
    const held = watch(modern.hold('up', request('roots/list')) as Observable<InboundEvent>);
    expect(held.seen.error).toBeUndefined();
    expect(rounds.size).toBe(2);
    advanceTo(scheduler, 2_000);
    expect(rounds.size).toBe(0);
  });

  it('refuses what the caller did not declare: -32021 to it, the gap to the upstream', () => {
    const { modern, rounds } = setup();
    const upstream = upstreamCall();
    const client = watch(
      modern.track(
        'up',
        'tools/call',
        PARAMS,
        caller(undefined, { roots: {} }),
        () => upstream.call$,
      ),
    );
    expect(() => modern.hold('up', request('sampling/createMessage'))).toThrow(
      /did not declare the "sampling"/,
    );
    expect(client.seen.error).toMatchObject({ code: -32021 });
    expect(upstream.state.cancelled).toBe(1);
    expect(rounds.running).toBe(0);
  });

  it('rounds ending out of order leave the running list right: the latest is still the cause', () => {
    const { rounds } = setup();
    const calls = [upstreamCall(), upstreamCall(), upstreamCall()];
    const latest: unknown[] = [];
    const started = calls.map((c) => {
      const seen = watch(rounds.start('up', 'tools/call', PARAMS, caller(), () => c.call$));
      latest.push(rounds.latest('up'));
      return seen;
    });
    expect(new Set(latest).size).toBe(3);
    const [oldest, , newest] = latest;
    // The middle one answers: the newest is still the latest.
    calls[1]?.events.next({ kind: 'result', result: { content: [] } });
    expect(started[1]?.seen.events).toHaveLength(1);
    expect(rounds.running).toBe(2);
    expect(rounds.latest('up')).toBe(newest);
    // The newest answers: the oldest is the latest now; then it answers too.
    calls[2]?.events.next({ kind: 'result', result: { content: [] } });
    expect(rounds.running).toBe(1);
    expect(rounds.latest('up')).toBe(oldest);
    calls[0]?.events.next({ kind: 'result', result: { content: [] } });
    expect(rounds.running).toBe(0);
    expect(rounds.latest('up')).toBeUndefined();
    expect(rounds.runningAt('up')).toBe(0);
  });

  it('shutdown ends every round', () => {
    const { scheduler, modern, rounds } = setup();
    const upstream = upstreamCall();
    watch(modern.track('up', 'tools/call', PARAMS, caller(), () => upstream.call$));
    const held = watch(modern.hold('up', request('roots/list')) as Observable<InboundEvent>);
    advanceTo(scheduler, 10);
    rounds.close();
    expect(held.seen.error).toBeInstanceOf(RpcError);
    expect(upstream.state.cancelled).toBe(1);
    expect(rounds.size + rounds.running).toBe(0);
  });

  it('checks retries before anything runs: inputResponses without a state, or not an object', () => {
    const { modern } = setup();
    const upstream = upstreamCall();
    let calls = 0;
    const call = () => {
      calls++;
      return upstream.call$;
    };
    const thrown = (params: JsonObject) => {
      try {
        modern.track('up', 'tools/call', { ...PARAMS, ...params }, caller(), call);
      } catch (error) {
        return error;
      }
      return undefined;
    };
    expect(thrown({ inputResponses: { a: {} } })).toMatchObject({
      code: -32602,
      data: { reason: 'missing' },
    });
    expect(thrown({ inputResponses: [], requestState: 'mux1.x.y' })).toMatchObject({
      code: -32602,
    });
    expect(thrown({ requestState: 'opaque-from-elsewhere' })).toMatchObject({
      code: -32602,
      data: { reason: 'foreign' },
    });
    expect(calls).toBe(0);
    // Methods outside MRTR just run.
    watch(modern.track('up', 'completion/complete', { requestState: 'x' }, caller(), call));
    expect(calls).toBe(1);
  });
});
