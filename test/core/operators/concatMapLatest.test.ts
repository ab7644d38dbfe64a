import { map, of } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { concatMapLatest } from '../../../core/operators/concatMapLatest.js';

const testScheduler = (): TestScheduler =>
  new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('concatMapLatest', () => {
  it('runs one inner at a time, then only the latest value that came meanwhile', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const inner = cold('--x|');
      const source = hot('a-bc------d----|');
      const result = source.pipe(concatMapLatest((v) => inner.pipe(map(() => v))));
      // a runs 0–3; b and c came during it: only c runs, 3–6; d runs 10–13.
      expectObservable(result).toBe('--a--c------d--|');
      expectSubscriptions(inner.subscriptions).toBe(['^--!', '---^--!', '----------^--!']);
    });
  });

  it('never interrupts a running inner, and completes after the last one', () => {
    testScheduler().run(({ cold, hot, expectObservable }) => {
      const source = hot('ab|');
      const result = source.pipe(concatMapLatest((v) => cold('-----(x|)', { x: v })));
      expectObservable(result).toBe('-----a----(b|)');
    });
  });

  it('passes an inner error on, and unsubscribing stops the running inner', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      expectObservable(hot('a--').pipe(concatMapLatest(() => cold('-#')))).toBe('-#');
      const inner = cold('-----x|');
      expectObservable(hot('a').pipe(concatMapLatest(() => inner)), '^--!').toBe('');
      expectSubscriptions(inner.subscriptions).toBe('^--!');
    });
  });

  it('handles inners that complete synchronously', () => {
    testScheduler().run(({ hot, expectObservable }) => {
      expectObservable(hot('abc|').pipe(concatMapLatest((v) => of(v)))).toBe('abc|');
    });
  });
});
