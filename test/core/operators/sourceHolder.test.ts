/**
 * `SourceHolder` / `handOver`: a subscriber of the request path keeps its source's teardown in
 * a field, and unsubscribing it still ends the source; any other subscriber gets the teardown
 * the RxJS way.
 */
import { Observable, type Observer, Subscription } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { handOver, SourceHolder } from '../../../core/operators/sourceHolder.js';

/** A source whose teardown is a `Subscription` handed over; counts its teardowns. */
function source(): { source$: Observable<number>; ended: () => number } {
  let ended = 0;
  const source$ = new Observable<number>((subscriber) => {
    subscriber.next(1);
    return handOver(subscriber, new Subscription(() => ended++));
  });
  return { source$, ended: () => ended };
}

class Holder extends SourceHolder implements Observer<number> {
  readonly seen: number[] = [];
  next(value: number): void {
    this.seen.push(value);
  }
  error(): void {}
  complete(): void {}
}

describe('SourceHolder and handOver', () => {
  it('a holder keeps the teardown (no RxJS finalizer) and ends it when unsubscribed', () => {
    const { source$, ended } = source();
    const holder = new Holder();
    const add = Subscription.prototype.add;
    let added = 0;
    Subscription.prototype.add = function (this: Subscription, teardown) {
      if (this === holder && teardown !== undefined) added++;
      return add.call(this, teardown);
    };
    try {
      source$.subscribe(holder);
    } finally {
      Subscription.prototype.add = add;
    }
    expect(holder.seen).toEqual([1]);
    expect(added).toBe(0);
    expect(ended()).toBe(0);
    holder.unsubscribe();
    expect(ended()).toBe(1);
    holder.unsubscribe();
    expect(ended()).toBe(1);
  });

  it('any other subscriber gets the teardown from RxJS, ended on unsubscribe', () => {
    const { source$, ended } = source();
    const subscription = source$.subscribe(() => {});
    expect(ended()).toBe(0);
    subscription.unsubscribe();
    expect(ended()).toBe(1);
  });

  it('a closed holder ends what it is handed at once; a second source is ended with it too', () => {
    const closed = new Holder();
    closed.unsubscribe();
    let first = 0;
    closed.hold(new Subscription(() => first++));
    expect(first).toBe(1);
    const holder = new Holder();
    let ends = 0;
    holder.hold(new Subscription(() => ends++));
    holder.hold(new Subscription(() => ends++));
    holder.unsubscribe();
    expect(ends).toBe(2);
  });
});
