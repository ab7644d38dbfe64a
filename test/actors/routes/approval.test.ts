/**
 * The approval step for modern (2026-07-28) callers, with a hand-made `Approvals` over the real
 * sealer: the first call gets an `input_required` round; the retry's sealed `requestState` must
 * be bound to the same upstream, params and principal and is good once; a state that fails a
 * check is -32602 and nothing is forwarded; a state not issued for an approval passes through.
 */
import { randomBytes } from 'node:crypto';
import {
  asyncScheduler,
  firstValueFrom,
  NEVER,
  Observable,
  of,
  type SchedulerLike,
  VirtualTimeScheduler,
} from 'rxjs';
import { describe, expect, it } from 'vitest';
import { approveThen } from '../../../actors/routes/approval.js';
import type { Approvals } from '../../../actors/routes/host.js';
import type { Caller } from '../../../actors/routes/shared.js';
import { ErrorCode, RpcError } from '../../../core/errors/errors.js';
import { NonceLedger, RequestStateSealer } from '../../../core/mcp/requestState.js';
import type { ApprovalDecision } from '../../../core/observe/observer.js';
import type { InboundEvent, JsonObject } from '../../../core/rpc/index.js';

function approvals(scheduler: SchedulerLike = asyncScheduler) {
  const sealer = new RequestStateSealer(randomBytes(32));
  const ledger = new NonceLedger();
  const decisions: ApprovalDecision[] = [];
  const declined: string[] = [];
  const value: Approvals = {
    needs: () => true,
    fallback: 'deny',
    remember: 'none',
    redact: undefined,
    ttlMs: 60_000,
    scheduler,
    now: () => 1_000,
    seal: (claims) => sealer.seal(claims),
    open: (state, expected) => sealer.open(state, expected),
    claim: (nonce, expiresAt, now) => ledger.claim(nonce, expiresAt, now),
    remembered: () => new Set(),
    decided: (_upstream, decision) => decisions.push(decision),
    declined: (call) => declined.push(call.exposed),
  };
  return { value, decisions, declined };
}

const modernCaller = (principal: string, elicitation = true): Caller =>
  ({
    context: {
      protocolVersion: '2026-07-28',
      clientCapabilities: elicitation ? { elicitation: { form: {} } } : {},
      principal,
      sessionId: '',
    },
    session: undefined,
    inbound: { signal: new AbortController().signal },
  }) as unknown as Caller;

const call = (params: JsonObject) => ({
  upstream: 'fs',
  original: 'delete_file',
  exposed: 'fs__delete_file',
  method: 'tools/call',
  params,
});

const ran =
  (sent: JsonObject[]) =>
  (params: JsonObject): Observable<InboundEvent> => {
    sent.push(params);
    return of({ kind: 'result', result: { content: [] } });
  };

const first = async (a: Approvals, params: JsonObject, principal = 'alice') => {
  const sent: JsonObject[] = [];
  const event = await firstValueFrom(
    approveThen(a, call(params), modernCaller(principal), ran(sent)),
  );
  expect(sent).toEqual([]);
  return (event as { result: unknown }).result as {
    resultType: string;
    requestState: string;
    inputRequests: JsonObject;
  };
};

const reasonOf = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(RpcError);
    expect((error as RpcError).code).toBe(ErrorCode.InvalidParams);
    return ((error as RpcError).data as { reason?: unknown }).reason;
  }
  return 'no error';
};

describe('approval of a modern caller', () => {
  const params = { name: 'fs__delete_file', arguments: { path: '/x' } };

  it('answers input_required, then forwards the call as it came on an accepting retry', async () => {
    const { value, decisions } = approvals();
    const interim = await first(value, params);
    expect(interim.resultType).toBe('input_required');
    expect(interim.inputRequests.approval).toMatchObject({
      method: 'elicitation/create',
      params: { requestedSchema: { type: 'object', properties: {} } },
    });
    const retry = {
      ...params,
      inputResponses: { approval: { action: 'accept', content: {} } },
      requestState: interim.requestState,
    };
    const sent: JsonObject[] = [];
    await firstValueFrom(approveThen(value, call(retry), modernCaller('alice'), ran(sent)));
    expect(sent).toEqual([params]);
    expect(decisions).toEqual(['accepted']);
    // Good once: the same retry again is a replay.
    const again = () => approveThen(value, call(retry), modernCaller('alice'), ran(sent));
    expect(reasonOf(again)).toBe('replayed');
    expect(sent).toHaveLength(1);
  });

  it('declines on decline, and refuses a state bound to another call or principal', async () => {
    const { value, declined } = approvals();
    const interim = await first(value, params);
    const answer = (action: string, over: JsonObject = {}, principal = 'alice') => {
      const sent: JsonObject[] = [];
      const retry = {
        ...params,
        inputResponses: { approval: { action } },
        requestState: interim.requestState,
        ...over,
      };
      return {
        sent,
        run: () => approveThen(value, call(retry), modernCaller(principal), ran(sent)),
      };
    };
    const other = answer('accept', { arguments: { path: '/etc' } });
    expect(reasonOf(other.run)).toBe('request');
    const stolen = answer('accept', {}, 'mallory');
    expect(reasonOf(stolen.run)).toBe('principal');
    const forged = answer('accept', { requestState: `${interim.requestState}x` });
    expect(reasonOf(forged.run)).toBe('tampered');
    const no = answer('decline');
    const event = await firstValueFrom(no.run());
    const declinedResult = (event as { result: unknown }).result;
    expect(declinedResult).toMatchObject({ isError: true });
    expect(JSON.stringify(declinedResult)).toContain('declined by the user');
    for (const attempt of [other, stolen, forged, no]) expect(attempt.sent).toEqual([]);
    expect(declined).toEqual(['fs__delete_file']);
  });

  it('passes a retry whose state was not issued for an approval; fails closed without elicitation', async () => {
    const { value } = approvals();
    const sent: JsonObject[] = [];
    const retry = { ...params, requestState: 'upstream-opaque-1' };
    await firstValueFrom(approveThen(value, call(retry), modernCaller('alice'), ran(sent)));
    expect(sent).toEqual([retry]);
    const cannot = () => approveThen(value, call(params), modernCaller('alice', false), ran(sent));
    expect(cannot).toThrow(expect.objectContaining({ code: ErrorCode.ApprovalUnavailable }));
  });
});

describe('approval of a legacy session', () => {
  it('declines when the user does not answer within ttlMs, and cancels the question', () => {
    const time = new VirtualTimeScheduler();
    const { value, decisions } = approvals(time);
    const asked: JsonObject[] = [];
    let cancelled = 0;
    const session = {
      connection: {
        request$: (_method: string, params: JsonObject) =>
          new Observable(() => {
            asked.push(params);
            const inner = NEVER.subscribe();
            return () => {
              inner.unsubscribe();
              cancelled++;
            };
          }),
      },
    };
    const caller = {
      ...modernCaller('alice'),
      context: {
        protocolVersion: '2025-06-18',
        clientCapabilities: { elicitation: {} },
        sessionId: 's',
      },
      session,
      inbound: { id: 7, signal: new AbortController().signal },
    } as unknown as Caller;
    const sent: JsonObject[] = [];
    const events: unknown[] = [];
    approveThen(
      value,
      call({ name: 'fs__delete_file', arguments: {} }),
      caller,
      ran(sent),
    ).subscribe((event) => events.push((event as { result: unknown }).result));
    expect(asked).toHaveLength(1);
    time.flush();
    expect(cancelled).toBe(1);
    expect(sent).toEqual([]);
    expect(decisions).toEqual(['declined']);
    expect(JSON.stringify(events)).toContain('declined by the user');
  });
});
