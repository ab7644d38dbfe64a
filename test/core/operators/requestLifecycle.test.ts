/**
 * `requestLifecycle`, the fused operator every outbound request runs through: timeout with
 * progress reset and max total, abort, and cancellation, in one subscriber, on virtual time.
 * (Its two parts alone: timeoutWithProgress.test.ts, cancelOnUnsubscribe.test.ts.)
 */
import { NEVER, Observable, Subject, Subscription, VirtualTimeScheduler } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { LocalError } from '../../../core/errors/errors.js';
import { Deadlines } from '../../../core/operators/deadlines.js';
import { requestLifecycle } from '../../../core/operators/requestLifecycle.js';

const testScheduler = (): TestScheduler =>
  new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('requestLifecycle', () => {
  it('a timeout cancels the request at the peer, then errors, then tears the source down', () => {
    const order: string[] = [];
    const scheduler = new VirtualTimeScheduler();
    const source = new Observable<number>(() => () => order.push('source torn down'));
    source
      .pipe(
        requestLifecycle({
          timeout: 100,
          scheduler,
          meta: { method: 'tools/call', id: 7 },
          cancel: (reason) =>
            order.push(`cancel: ${reason instanceof LocalError ? reason.code : String(reason)}`),
        }),
      )
      .subscribe({
        error: (error: LocalError) => order.push(`error: ${error.code} ${error.details.id}`),
      });
    scheduler.flush();
    expect(order).toEqual(['cancel: timeout', 'error: timeout 7', 'source torn down']);
  });

  it('progress re-arms the idle limit; the max total limit holds whatever progress arrives (marbles)', () => {
    const reasons: unknown[] = [];
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold('30ms a 30ms b 30ms c 30ms d 30ms e');
      expectObservable(
        source.pipe(
          requestLifecycle({
            timeout: 50,
            maxTotalTimeout: 100,
            cancel: (reason) => reasons.push(reason),
          }),
        ),
      ).toBe(
        '30ms a 30ms b 30ms c 7ms #',
        undefined,
        new LocalError(
          'max-total-timeout',
          'Request exceeded its maximum total time of 100 ms (3 progress notifications)',
          { idle: 50, maxTotal: 100, elapsed: 100, progressCount: 3, idleFor: 8 },
        ),
      );
    });
    expect(reasons).toHaveLength(1);
    expect((reasons[0] as LocalError).code).toBe('max-total-timeout');
  });

  it('an abort fails the request with its reason and cancels it once', () => {
    const reasons: unknown[] = [];
    const controller = new AbortController();
    const errors: LocalError[] = [];
    const subscription = NEVER.pipe(
      requestLifecycle({
        signal: controller.signal,
        method: 'tools/call',
        cancel: (reason) => reasons.push(reason),
      }),
    ).subscribe({ error: (error: LocalError) => errors.push(error) });
    controller.abort('the user gave up');
    subscription.unsubscribe();
    expect(errors.map((e) => [e.code, e.message])).toEqual([
      ['cancelled', 'Request tools/call aborted: the user gave up'],
    ]);
    expect(reasons).toEqual([errors[0]]);
  });

  it('an already aborted signal fails at once, before the source is subscribed', () => {
    let subscribed = false;
    const reasons: unknown[] = [];
    const errors: unknown[] = [];
    new Observable<number>(() => {
      subscribed = true;
    })
      .pipe(requestLifecycle({ signal: AbortSignal.abort('no'), cancel: (r) => reasons.push(r) }))
      .subscribe({ error: (error) => errors.push(error) });
    expect(subscribed).toBe(false);
    expect(errors).toHaveLength(1);
    // Nothing was sent, so there is nothing to cancel at the peer.
    expect(reasons).toEqual([]);
  });

  it('removes its abort listener and its timer once the request settled', () => {
    const scheduler = new VirtualTimeScheduler();
    const controller = new AbortController();
    const source = new Subject<number>();
    let cancels = 0;
    source
      .pipe(
        requestLifecycle({
          timeout: 100,
          signal: controller.signal,
          scheduler,
          cancel: () => cancels++,
        }),
      )
      .subscribe({ error: () => {} });
    expect(scheduler.actions).toHaveLength(1);
    source.complete();
    expect(scheduler.actions.filter((a) => !a.closed)).toHaveLength(0);
    controller.abort();
    scheduler.flush();
    expect(cancels).toBe(0);
  });

  it('requests sharing a Deadlines FIFO time out at their own deadlines with one scheduled action', () => {
    const scheduler = new VirtualTimeScheduler();
    const deadlines = new Deadlines(scheduler);
    const failedAt: number[] = [];
    const start = (timeout: number) =>
      NEVER.pipe(requestLifecycle({ timeout, scheduler, deadlines, cancel: () => {} })).subscribe({
        error: () => failedAt.push(scheduler.now()),
      });
    start(100);
    scheduler.schedule(() => start(100), 30);
    scheduler.flush();
    expect(failedAt).toEqual([100, 130]);
    expect(deadlines.size).toBe(0);
  });

  it('is the subscriber RxJS subscribes to the source as it is (no wrapping subscriber)', () => {
    let seen: unknown;
    const source = new Observable<number>((subscriber) => {
      seen = subscriber;
    });
    source.pipe(requestLifecycle({ cancel: () => {} })).subscribe();
    // The lifecycle is a Subscription and the source's Observer at once.
    expect(seen).toBeInstanceOf(Subscription);
    expect(seen?.constructor.name).toBe('Lifecycle');
  });
});
