/**
 * The in-flight index: one record per routed request, found by (session, id) and by upstream,
 * listed oldest first, and one teardown. Unit part on hand-made upstream calls; router part
 * through a real Router (its status view and its counters read the same index).
 */
import { lastValueFrom, NEVER, Observable, Subject } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientSession } from '../../../actors/downstream/host.js';
import { InflightIndex } from '../../../actors/router/inflight.js';
import type { Router } from '../../../actors/router/router.js';
import type { AdmissionTicket } from '../../../actors/upstream/admission.js';
import { RpcError } from '../../../core/errors/errors.js';
import type { RequestEvent } from '../../../core/rpc/connection.js';
import { connectClient, startRouter, until } from '../inProcess.js';

const session = { id: 's' } as ClientSession;

function index() {
  const opened: string[] = [];
  const failures: unknown[] = [];
  let moment = 0;
  const inflight = new InflightIndex({
    now: () => 42,
    moment: () => ++moment,
    opened: (r) => {
      opened.push(`${String(r.id)}`);
    },
    failed: (_r, error) => {
      failures.push(error);
    },
  });
  return { inflight, opened, failures };
}

describe('InflightIndex', () => {
  it('holds a request with its session, id, upstream, tokens, admission and state', () => {
    const { inflight } = index();
    let admission: AdmissionTicket = { state: 'queued', position: () => 3, waitedMs: 0 };
    let sent: ((id: number) => void) | undefined;
    const subscription = inflight
      .track(
        { session, id: 9, method: 'tools/call', upstream: 'a', progressToken: 'p' },
        ({ onSent, onAdmit }) => {
          onAdmit(admission);
          sent = onSent;
          return NEVER;
        },
      )
      .subscribe();
    const find = (id: unknown) =>
      [...inflight.toUpstream('a')].find((r) => r.session === session && r.id === id);
    expect(find(9)).toMatchObject({
      upstream: 'a',
      method: 'tools/call',
      progressToken: 'p',
      upstreamId: undefined,
      state: 'queued',
      position: 3,
      startedAt: 42,
      moment: 1,
    });
    admission = { state: 'running', position: () => undefined, waitedMs: 5 };
    sent?.(17);
    expect(find(9)).toMatchObject({ upstreamId: 17, state: 'running' });
    expect(find(9)?.position).toBeUndefined();
    expect(find('9')).toBeUndefined(); // 9 and "9" are different requests
    expect(inflight.cancel(session, '9', new Error('no such request'))).toBe(false);
    expect(find(9)).toMatchObject({ state: 'running' });
    subscription.unsubscribe();
    expect(find(9)).toBeUndefined();
    expect(inflight.size).toBe(0);
  });

  it('one teardown: unsubscribing ends the upstream call and removes the record', () => {
    const { inflight, opened } = index();
    let upstreamEnded = false;
    const record = { session, id: 1, method: 'm', upstream: 'a', progressToken: undefined };
    const subscription = inflight
      .track(record, () => new Observable<RequestEvent>(() => () => (upstreamEnded = true)))
      .subscribe();
    subscription.unsubscribe();
    subscription.unsubscribe();
    expect(upstreamEnded).toBe(true);
    expect(opened).toEqual(['1']);
    expect(inflight.size).toBe(0);
    expect([...inflight.toUpstream('a')]).toEqual([]);
  });

  it('finds the requests toward one upstream, and lists the oldest first', () => {
    const { inflight } = index();
    const other = { id: 't' } as ClientSession;
    const track = (s: ClientSession | undefined, id: number, upstream: string) =>
      inflight
        .track({ session: s, id, method: 'm', upstream, progressToken: undefined }, () => NEVER)
        .subscribe();
    const first = track(session, 1, 'a');
    track(other, 1, 'b');
    track(undefined, 7, 'a');
    const ids = (records: Iterable<{ id: unknown; moment: number }>) =>
      [...records].map((r) => `${String(r.id)}@${r.moment}`);
    const oldest = (limit: number) =>
      inflight.oldest(limit, 50).map((r) => `${String(r.id)}:${r.upstream}+${r.ageMs}`);
    expect(ids(inflight.toUpstream('a')).sort()).toEqual(['1@1', '7@3']);
    // Started at 42 on the index's clock, listed at 50.
    expect(oldest(2)).toEqual(['1:a+8', '1:b+8']);
    first.unsubscribe();
    expect(ids(inflight.toUpstream('a'))).toEqual(['7@3']);
    expect(oldest(10)).toEqual(['1:b+8', '7:a+8']);
    expect(inflight.oldest(0, 50)).toEqual([]);
  });

  it('cancel fails the request toward the client and ends it upstream', async () => {
    const { inflight } = index();
    let upstreamEnded = false;
    const record = { session, id: 'x', method: 'm', upstream: 'a', progressToken: undefined };
    const outcome = lastValueFrom(
      inflight.track(
        record,
        () => new Observable<RequestEvent>(() => () => (upstreamEnded = true)),
      ),
    ).catch((error: unknown) => error);
    const error = new RpcError(-32012, 'cancelled by the operator');
    expect(inflight.cancel(session, 'x', error)).toBe(true);
    expect(await outcome).toBe(error);
    expect(upstreamEnded).toBe(true);
    expect(inflight.size).toBe(0);
    expect(inflight.cancel(session, 'x', error)).toBe(false);
  });

  it('cancelAll fails every request in flight toward its client, each with its own error', async () => {
    const { inflight } = index();
    const ended: string[] = [];
    const start = (id: number, upstream: string) =>
      lastValueFrom(
        inflight.track(
          { session, id, method: 'm', upstream, progressToken: undefined },
          () => new Observable<RequestEvent>(() => () => ended.push(`${upstream}${id}`)),
        ),
      ).catch((error: unknown) => (error as RpcError).message);
    const one = start(1, 'a');
    const two = start(2, 'b');
    expect(inflight.cancelAll((r) => new RpcError(-32012, `cancelled at ${r.upstream}`))).toBe(2);
    expect(await one).toBe('cancelled at a');
    expect(await two).toBe('cancelled at b');
    expect(ended.sort()).toEqual(['a1', 'b2']);
    expect(inflight.size).toBe(0);
    expect(inflight.cancelAll(() => new Error('none left'))).toBe(0);
  });

  it('an upstream error is reported, then the record is gone', async () => {
    const { inflight, failures } = index();
    const upstream = new Subject<RequestEvent>();
    const record = { session, id: 2, method: 'm', upstream: 'a', progressToken: undefined };
    const outcome = lastValueFrom(inflight.track(record, () => upstream)).catch((e: unknown) => e);
    const error = new RpcError(-32042, 'elicit');
    upstream.error(error);
    expect(await outcome).toBe(error);
    expect(failures).toEqual([error]);
    expect(inflight.size).toBe(0);
  });
});

describe('the router keeps one in-flight record per routed request', () => {
  let router: Router | undefined;
  afterEach(async () => {
    await router?.close();
    router = undefined;
  });

  it('running and queued requests are listed oldest first, and leave with their teardown', async () => {
    const started = await startRouter({ a: { command: 'x', concurrency: 1, maxQueue: 4 } });
    router = started.router;
    const client = await connectClient(router);
    const [session] = [...router.sessions];
    if (!session) throw new Error('no session');
    const first = new AbortController();
    const second = new AbortController();
    const running = client.call('a__hang', {}, { signal: first.signal }).catch(() => 'cancelled');
    const queued = client.call('a__hang', {}, { signal: second.signal }).catch(() => 'cancelled');
    expect(await until(() => router?.stats().inflight === 2)).toBe(true);
    // The client's ids: 0 was initialize, 1 tools/call (hang), 2 the second hang.
    const [one, two, ...rest] = router.requests();
    expect(rest).toEqual([]);
    expect(one).toMatchObject({
      session,
      id: 1,
      upstream: 'a',
      method: 'tools/call',
      state: 'running',
    });
    expect(typeof one?.upstreamId).toBe('number');
    expect(two).toMatchObject({ id: 2, upstream: 'a', state: 'queued', upstreamId: undefined });
    // Its place in the upstream's queue, from the admission ticket (0 = next to run).
    expect(two?.position).toBe(0);
    // The queued one first: it leaves the queue and never reaches the upstream.
    second.abort();
    expect(await queued).toBe('cancelled');
    expect(await until(() => router?.requests().length === 1)).toBe(true);
    expect(router.requests()[0]).toMatchObject({ id: 1 });
    first.abort();
    expect(await running).toBe('cancelled');
    expect(await until(() => router?.stats().inflight === 0)).toBe(true);
    expect(started.fakes.latest('a').cancelled).toHaveLength(1);
    expect(router.requests()).toEqual([]);
  });
});
