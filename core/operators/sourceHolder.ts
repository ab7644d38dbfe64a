/**
 * How the request path's own subscribers keep their source's teardown: in ONE field, not in a
 * finalizer array. RxJS adds what a subscribe function returns to the subscriber (`add`); a
 * routed request passes through several layers (round, in-flight record, upstream call,
 * lifecycle), each the subscriber of the next. A layer whose subscriber is a `SourceHolder`
 * hands it the teardown (`handOver`) and returns nothing; any other subscriber gets it the
 * RxJS way.
 *
 * A holder is a subscription by shape (`closed`, `add`, `remove`, `unsubscribe`) and its
 * subclasses are observers, so `subscribe` takes it as its subscriber as it is, as RxJS takes
 * any observer that is also a subscription. It does not extend RxJS's `Subscription`: four
 * classes of the request path extend it, and as `Subscription` subclasses they gave the
 * stores of RxJS's `Subscription` constructor and the loads of its `unsubscribe` four more
 * object shapes per request (V8's inline caches went megamorphic; 2–4% of the router's CPU
 * at one in flight, bench/notes/2026-11-29-audit-digest-share.md). Public RxJS API only.
 *
 * `unsubscribe` runs the finalizers in the order they were added, then ends the held source;
 * errors thrown on the way are gathered into one `UnsubscriptionError`, thrown at the end.
 */
import {
  type Subscriber,
  type SubscriptionLike,
  type TeardownLogic,
  type Unsubscribable,
  UnsubscriptionError,
} from 'rxjs';

type Finalizer = Unsubscribable | (() => void);

export class SourceHolder implements SubscriptionLike {
  closed = false;
  #source: Unsubscribable | undefined = undefined;
  #finalizers: Finalizer[] | undefined = undefined;

  /** Keeps `source` (ended with this subscription); a second one goes with the finalizers. */
  hold(source: Unsubscribable): void {
    if (this.closed) source.unsubscribe();
    else if (this.#source === undefined) this.#source = source;
    else this.add(source);
  }

  /** As `Subscription.add`: run at once when closed, else when this ends. */
  add(teardown: TeardownLogic): void {
    if (!teardown || teardown === this) return;
    if (this.closed) {
      end(teardown);
      return;
    }
    if (this.#finalizers === undefined) this.#finalizers = [teardown];
    else this.#finalizers.push(teardown);
  }

  /** As `Subscription.remove`: `teardown` no longer runs when this ends. */
  remove(teardown: Finalizer): void {
    const finalizers = this.#finalizers;
    if (finalizers === undefined) return;
    const at = finalizers.indexOf(teardown);
    if (at !== -1) finalizers.splice(at, 1);
  }

  unsubscribe(): void {
    if (this.closed) return;
    this.closed = true;
    const finalizers = this.#finalizers;
    const source = this.#source;
    this.#finalizers = undefined;
    this.#source = undefined;
    let errors: unknown[] | undefined;
    if (finalizers !== undefined) {
      for (const finalizer of finalizers) errors = endGathering(finalizer, errors);
    }
    if (source !== undefined) errors = endGathering(source, errors);
    if (errors !== undefined) throw new UnsubscriptionError(errors);
  }
}

function end(teardown: Finalizer): void {
  if (typeof teardown === 'function') teardown();
  else teardown.unsubscribe();
}

function endGathering(teardown: Finalizer, errors: unknown[] | undefined): unknown[] | undefined {
  try {
    end(teardown);
    return errors;
  } catch (error) {
    const more = error instanceof UnsubscriptionError ? error.errors : [error];
    return errors === undefined ? [...more] : errors.concat(more);
  }
}

/**
 * What a subscribe function returns for `teardown`: nothing when `subscriber` holds it (a
 * `SourceHolder`), else `teardown` itself for RxJS to add.
 */
export function handOver(
  subscriber: Subscriber<unknown>,
  teardown: Unsubscribable | undefined,
): TeardownLogic {
  if (teardown === undefined) return undefined;
  const holder: unknown = subscriber;
  if (holder instanceof SourceHolder && holder !== teardown) {
    holder.hold(teardown);
    return undefined;
  }
  return teardown;
}
