import { NEVER, Observable, VirtualTimeScheduler } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { LocalError } from '../../../core/errors/errors.js';
import { timeoutWithProgress } from '../../../core/operators/timeoutWithProgress.js';

const testScheduler = (): TestScheduler =>
  new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

/** Matches any error in a marble expectation; details are checked separately. */
const anyError = expect.any(LocalError) as unknown as LocalError;

describe('timeoutWithProgress: idle limit', () => {
  it('errors after `idle` ms without any value, and unsubscribes the source', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('-');
      expectObservable(source.pipe(timeoutWithProgress({ idle: 100 }))).toBe(
        '100ms #',
        undefined,
        anyError,
      );
      expectSubscriptions(source.subscriptions).toBe('^ 99ms !');
    });
  });

  it('each value re-arms it: values 81 ms apart never time out at 100 ms', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold('a 80ms b 80ms c 80ms |');
      expectObservable(source.pipe(timeoutWithProgress({ idle: 100 }))).toBe(
        'a 80ms b 80ms c 80ms |',
      );
    });
  });

  it('errors when one gap is too long, 100 ms after the last value', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold('a 50ms b 150ms c|');
      expectObservable(source.pipe(timeoutWithProgress({ idle: 100 }))).toBe(
        'a 50ms b 99ms #',
        undefined,
        anyError,
      );
    });
  });

  it('with resetOnProgress false it is measured from subscription', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold('a 80ms b 80ms c|');
      expectObservable(
        source.pipe(timeoutWithProgress({ idle: 100, resetOnProgress: false })),
      ).toBe('a 80ms b 18ms #', undefined, anyError);
    });
  });

  it('the error carries what was seen', () => {
    testScheduler().run(({ cold, flush }) => {
      let error: unknown;
      cold('a 30ms b 200ms |')
        .pipe(timeoutWithProgress({ idle: 100, meta: { method: 'tools/call', id: 0 } }))
        .subscribe({ error: (e: unknown) => (error = e) });
      flush();
      expect(error).toBeInstanceOf(LocalError);
      const local = error as LocalError;
      expect(local.code).toBe('timeout');
      expect(local.details).toEqual({
        method: 'tools/call',
        id: 0,
        idle: 100,
        elapsed: 131,
        progressCount: 2,
        idleFor: 100,
      });
      expect(local.message).toMatch(/no progress for 100 ms/);
    });
  });
});

describe('timeoutWithProgress: max total limit', () => {
  it('errors after `maxTotal` ms with no values', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-').pipe(timeoutWithProgress({ maxTotal: 300 }))).toBe(
        '300ms #',
        undefined,
        anyError,
      );
    });
  });

  it('errors after `maxTotal` ms even with steady progress inside the idle limit', () => {
    testScheduler().run(({ cold, expectObservable, flush }) => {
      const source = cold('a 49ms b 49ms c 49ms d 49ms e 49ms f|');
      const limited = source.pipe(timeoutWithProgress({ idle: 100, maxTotal: 180 }));
      expectObservable(limited).toBe('a 49ms b 49ms c 49ms d 29ms #', undefined, anyError);
      flush();
      let error: LocalError | undefined;
      limited.subscribe({ error: (e: LocalError) => (error = e) });
      flush();
      expect(error?.code).toBe('max-total-timeout');
      expect(error?.details).toMatchObject({ maxTotal: 180, elapsed: 180, progressCount: 4 });
    });
  });

  it('max-total-timeout wins when both limits expire at the same instant', () => {
    testScheduler().run(({ flush }) => {
      let error: LocalError | undefined;
      NEVER.pipe(timeoutWithProgress({ idle: 100, maxTotal: 100 })).subscribe({
        error: (e: LocalError) => (error = e),
      });
      flush();
      expect(error?.code).toBe('max-total-timeout');
    });
  });
});

describe('timeoutWithProgress: no limit, settled sources, long limits', () => {
  it('returns the source itself when no limit is set (undefined, NaN, Infinity)', () => {
    const source = new Observable<number>();
    expect(timeoutWithProgress<number>({})(source)).toBe(source);
    expect(
      timeoutWithProgress<number>({ idle: Number.NaN, maxTotal: Number.POSITIVE_INFINITY })(source),
    ).toBe(source);
  });

  it('a source that completes leaves no timer behind', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('a 10ms |').pipe(timeoutWithProgress({ idle: 100 }))).toBe('a 10ms |');
    });
    const scheduler = new VirtualTimeScheduler();
    let closed = false;
    const sub = new Observable<number>((s) => {
      s.next(1);
      s.complete();
    })
      .pipe(timeoutWithProgress({ idle: 100, maxTotal: 200, scheduler }))
      .subscribe({ complete: () => (closed = true) });
    expect(closed).toBe(true);
    expect(sub.closed).toBe(true);
    expect(scheduler.actions).toHaveLength(0);
  });

  it('source errors pass through unchanged', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const boom = new Error('boom');
      expectObservable(
        cold('a 5ms #', undefined, boom).pipe(timeoutWithProgress({ idle: 100 })),
      ).toBe('a 5ms #', undefined, boom);
    });
  });

  it('takes limits longer than a 32-bit timer in steps, firing at the exact time', () => {
    const scheduler = new VirtualTimeScheduler();
    let at: number | undefined;
    NEVER.pipe(timeoutWithProgress({ maxTotal: 5_000_000_000, scheduler })).subscribe({
      error: () => (at = scheduler.now()),
    });
    scheduler.flush();
    expect(at).toBe(5_000_000_000);
  });

  it('unsubscribing cancels the timer', () => {
    const scheduler = new VirtualTimeScheduler();
    let errored = false;
    const sub = NEVER.pipe(timeoutWithProgress({ idle: 10, scheduler })).subscribe({
      error: () => (errored = true),
    });
    sub.unsubscribe();
    scheduler.flush();
    expect(errored).toBe(false);
  });
});
