/**
 * `RouterEvents` (actors/router/events.ts): nothing is built or sent unwatched, refusals are
 * told from other failures by `refusalOf`, and `watch` reports a route's throw and error.
 */
import { lastValueFrom, of, throwError } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { type RouterEvent, RouterEvents, refusalOf } from '../../../actors/router/events.js';
import { ErrorCode, RpcError } from '../../../core/errors/errors.js';

const denied = new RpcError(ErrorCode.InvalidParams, 'Access denied: x', {
  reason: 'access_denied',
});
const request = { jsonrpc: '2.0' as const, id: 1, method: 'tools/call', params: { name: 'a__x' } };

describe('RouterEvents', () => {
  it('is inactive without subscribers, and emits only to subscribers', () => {
    const events = new RouterEvents();
    expect(events.active).toBe(false);
    events.emit({ type: 'session.closed', sessionId: '1', reason: 'local' }); // dropped
    const seen: RouterEvent[] = [];
    const subscription = events.events$.subscribe((e) => seen.push(e));
    expect(events.active).toBe(true);
    events.emit({ type: 'session.closed', sessionId: '2', reason: 'remote' });
    subscription.unsubscribe();
    expect(events.active).toBe(false);
    expect(seen).toEqual([{ type: 'session.closed', sessionId: '2', reason: 'remote' }]);
  });

  it('classifies refusals and nothing else', () => {
    expect(refusalOf(denied)).toBe('denied');
    expect(refusalOf(new RpcError(ErrorCode.InvalidParams, 'Unknown tool: a__x'))).toBe('unknown');
    expect(refusalOf(new RpcError(ErrorCode.ResourceNotFound, 'Resource not found: x://y'))).toBe(
      'unknown',
    );
    expect(refusalOf(new RpcError(ErrorCode.UpstreamUnavailable, 'down'))).toBe('unavailable');
    expect(refusalOf(new RpcError(ErrorCode.Overloaded, 'full'))).toBe('rate-limited');
    // An upstream's own invalid-params error, a timeout, anything not an RpcError: not refusals.
    expect(refusalOf(new RpcError(ErrorCode.InvalidParams, 'bad argument'))).toBeUndefined();
    expect(refusalOf(new RpcError(ErrorCode.RequestTimeout, 'slow'))).toBeUndefined();
    expect(refusalOf(new Error('x'))).toBeUndefined();
  });

  it('watch reports a synchronous throw and an error of the Observable, not a result', async () => {
    const events = new RouterEvents();
    const seen: RouterEvent[] = [];
    events.events$.subscribe((e) => seen.push(e));
    const caller = { sessionId: '7' };
    expect(() =>
      events.watch(request, caller, () => {
        throw denied;
      }),
    ).toThrow(denied);
    await expect(
      lastValueFrom(events.watch(request, caller, () => throwError(() => denied))),
    ).rejects.toBe(denied);
    await lastValueFrom(
      events.watch(request, caller, () => of({ kind: 'result' as const, result: {} })),
    );
    expect(seen).toHaveLength(2);
    expect(seen[0]).toEqual({
      type: 'call.refused',
      reason: 'denied',
      method: 'tools/call',
      name: 'a__x',
      sessionId: '7',
      code: ErrorCode.InvalidParams,
      message: 'Access denied: x',
    });
  });
});
