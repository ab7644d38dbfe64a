/**
 * `SourceHolder` / `handOver`: a subscriber of the request path keeps its source's teardown in
 * a field, and unsubscribing it still ends the source; any other subscriber gets the teardown
 * the RxJS way. The holder is a subscription by shape, with `Subscription`'s order and errors.
 */
import { map, Observable, type Observer, Subscription, UnsubscriptionError } from 'rxjs';
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
  it('a holder keeps the teardown (no finalizer) and ends it when unsubscribed', () => {
    const { source$, ended } = source();
    const holder = new Holder();
    let added = 0;
    const add = holder.add.bind(holder);
    holder.add = (teardown) => {
      if (teardown !== undefined) added++;
      add(teardown);
    };
    // RxJS takes the holder as its subscriber as it is: subscribe returns it.
    expect(source$.subscribe(holder)).toBe(holder);
    expect(holder.seen).toEqual([1]);
    expect(added).toBe(0);
    expect(ended()).toBe(0);
    holder.unsubscribe();
    expect(holder.closed).toBe(true);
    expect(ended()).toBe(1);
    holder.unsubscribe();
    expect(ended()).toBe(1);
  });

  it('is not an RxJS Subscription, and a piped source ends with it', () => {
    const holder = new Holder();
    expect(holder).not.toBeInstanceOf(Subscription);
    const { source$, ended } = source();
    source$.pipe(map((n) => n * 10)).subscribe(holder);
    expect(holder.seen).toEqual([10]);
    holder.unsubscribe();
    expect(ended()).toBe(1);
  });

  it('runs finalizers in order, then the source; skips removed ones; late ones run at once', () => {
    const holder = new Holder();
    const order: string[] = [];
    holder.hold(new Subscription(() => order.push('source')));
    holder.add(() => order.push('first'));
    const removed = () => order.push('removed');
    holder.add(removed);
    holder.add(new Subscription(() => order.push('second')));
    holder.remove(removed);
    holder.unsubscribe();
    expect(order).toEqual(['first', 'second', 'source']);
    holder.add(() => order.push('late'));
    expect(order).toEqual(['first', 'second', 'source', 'late']);
  });

  it('ends every teardown when some throw, then throws their errors together', () => {
    const holder = new Holder();
    let ends = 0;
    holder.hold(
      new Subscription(() => {
        ends++;
        throw new Error('source');
      }),
    );
    holder.add(() => {
      throw new Error('first');
    });
    holder.add(() => ends++);
    let thrown: unknown;
    try {
      holder.unsubscribe();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UnsubscriptionError);
    expect((thrown as UnsubscriptionError).errors.map((e) => (e as Error).message)).toEqual([
      'first',
      'source',
    ]);
    expect(ends).toBe(2);
    expect(holder.closed).toBe(true);
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
