import { concatWith, from, mergeMap, NEVER, timer } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { adaptiveDebounce } from '../../../core/operators/adaptiveDebounce.js';

const testScheduler = (): TestScheduler =>
  new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

const WINDOW = { first: 50, max: 250, maxWait: 250 };

/** Emissions `[time, value]` of the operator over values `0, 1, …` sent at `times` (ms). */
function emissionsAt(times: number[]): [number, number][] {
  const out: [number, number][] = [];
  const scheduler = testScheduler();
  scheduler.run(({ flush }) => {
    from(times.map((t, i) => [t, i] as const))
      .pipe(
        mergeMap(([t, i]) => timer(t).pipe(mergeMap(() => [i]))),
        concatWith(NEVER), // no completion: it would emit the pending value at once
        adaptiveDebounce(WINDOW),
      )
      .subscribe((i) => out.push([scheduler.now(), i]));
    flush();
  });
  return out;
}

describe('adaptiveDebounce', () => {
  it('emits an isolated value after the first window', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('a 500ms |').pipe(adaptiveDebounce(WINDOW))).toBe('50ms a 450ms |');
    });
  });

  it('emits only the latest of values closer than the window, and grows the window', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      // b at 10 doubles the window to 100: due at 110, not 60.
      expectObservable(cold('a 9ms b 500ms |').pipe(adaptiveDebounce(WINDOW))).toBe(
        '110ms b 400ms |',
      );
    });
  });

  it('waits at most maxWait after the first value of a burst', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      // Values every 100 ms would each re-arm a plain 200 ms debounce for ever.
      // 0, 100, …, 500: a alone (quiet before it), then b at 100 finds the stream busy (50 ms
      // after a's emission): 100, then 200, 250 ms windows, cut at 250 ms after b.
      const source = cold('a 99ms b 99ms c 99ms d 99ms e 99ms f 1000ms |');
      expectObservable(source.pipe(adaptiveDebounce(WINDOW))).toBe(
        '50ms a 299ms d 299ms f 850ms |',
      );
    });
  });

  it('emits the pending value at once when the source completes, and passes errors', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('a 9ms |').pipe(adaptiveDebounce(WINDOW))).toBe('10ms (a|)');
      expectObservable(cold('a 9ms #').pipe(adaptiveDebounce(WINDOW))).toBe('10ms #');
    });
  });

  it('turns 50 values in one second into at most 5, the last value last, none >maxWait late', () => {
    const times = Array.from({ length: 50 }, (_, i) => i * 20);
    const out = emissionsAt(times);
    expect(out.length).toBeLessThanOrEqual(5);
    expect(out.length).toBeGreaterThanOrEqual(3);
    expect(out.at(-1)?.[1]).toBe(49);
    let previous = 0;
    for (const [time] of out) {
      expect(time - previous).toBeLessThanOrEqual(WINDOW.maxWait + 20);
      previous = time;
    }
  });

  it('starts again from the first window once the stream has been quiet', () => {
    // A storm, then after a quiet second one value: it waits 50 ms, not 250.
    const storm = Array.from({ length: 20 }, (_, i) => i * 20);
    const out = emissionsAt([...storm, 2000]);
    expect(out.at(-1)).toEqual([2050, 20]);
  });

  it('keeps the grown window for a value soon after an emission', () => {
    const storm = Array.from({ length: 20 }, (_, i) => i * 20);
    const out = emissionsAt(storm);
    const last = out.at(-1)?.[0] as number;
    const after = emissionsAt([...storm, last + 10]);
    expect(after.at(-1)).toEqual([last + 10 + WINDOW.max, 20]);
  });

  it('keeps its state per subscription: one storm does not slow another stream', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const operator = adaptiveDebounce<string>(WINDOW);
      expectObservable(cold('a 9ms b 9ms c 500ms |').pipe(operator)).toBe('220ms c 300ms |');
      expectObservable(cold('20ms x 500ms |').pipe(operator)).toBe('70ms x 450ms |');
    });
  });
});
