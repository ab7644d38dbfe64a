import { NEVER, Observable, Subject, VirtualTimeScheduler } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { LocalError } from '../../../core/errors/errors.js';
import { cancelOnUnsubscribe } from '../../../core/operators/cancelOnUnsubscribe.js';
import { timeoutWithProgress } from '../../../core/operators/timeoutWithProgress.js';

const testScheduler = (): TestScheduler =>
  new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('cancelOnUnsubscribe', () => {
  it('runs cancel once when the consumer unsubscribes early (marbles)', () => {
    const reasons: unknown[] = [];
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('a 10ms b 10ms c|');
      expectObservable(
        source.pipe(cancelOnUnsubscribe((reason) => reasons.push(reason))),
        '^ 5ms !',
      ).toBe('a');
      expectSubscriptions(source.subscriptions).toBe('^ 5ms !');
    });
    expect(reasons).toEqual([undefined]);
  });

  it('unsubscribing twice still cancels once', () => {
    let calls = 0;
    const sub = NEVER.pipe(cancelOnUnsubscribe(() => calls++)).subscribe();
    sub.unsubscribe();
    sub.unsubscribe();
    expect(calls).toBe(1);
  });

  it('does not cancel after completion', () => {
    let calls = 0;
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('a|').pipe(cancelOnUnsubscribe(() => calls++))).toBe('a|');
    });
    expect(calls).toBe(0);
  });

  it('does not cancel on errors unless cancelOnError accepts them', () => {
    const reasons: unknown[] = [];
    const remote = new Error('peer said no');
    const local = new LocalError('timeout', 'too slow');
    const config = {
      cancel: (reason: unknown) => reasons.push(reason),
      cancelOnError: (error: unknown) => error instanceof LocalError,
    };
    const a = new Subject<number>();
    a.pipe(cancelOnUnsubscribe(config)).subscribe({ error: () => {} });
    a.error(remote);
    const b = new Subject<number>();
    const sub = b.pipe(cancelOnUnsubscribe(config)).subscribe({ error: () => {} });
    b.error(local);
    sub.unsubscribe();
    expect(reasons).toEqual([local]);
  });

  it('cancels before the error reaches the consumer and before the source is torn down', () => {
    const order: string[] = [];
    const scheduler = new VirtualTimeScheduler();
    const source = new Observable<number>(() => () => order.push('source teardown'));
    const sub = source
      .pipe(
        timeoutWithProgress({ idle: 10, scheduler }),
        cancelOnUnsubscribe({ cancel: () => order.push('cancel'), cancelOnError: () => true }),
      )
      .subscribe({ error: () => order.push('consumer error') });
    scheduler.flush();
    expect(order).toEqual(['cancel', 'consumer error', 'source teardown']);
    expect(sub.closed).toBe(true);
  });

  it('on unsubscribe, cancel runs before the source teardown', () => {
    const order: string[] = [];
    const source = new Observable<number>(() => () => order.push('source teardown'));
    source
      .pipe(cancelOnUnsubscribe(() => order.push('cancel')))
      .subscribe()
      .unsubscribe();
    expect(order).toEqual(['cancel', 'source teardown']);
  });

  it('each subscription has its own once', () => {
    let calls = 0;
    const cancelling = NEVER.pipe(cancelOnUnsubscribe(() => calls++));
    cancelling.subscribe().unsubscribe();
    cancelling.subscribe().unsubscribe();
    expect(calls).toBe(2);
  });
});
