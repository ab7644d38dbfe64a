/**
 * How the request path's own subscribers keep their source's teardown: in ONE field, not in
 * RxJS's finalizer array. RxJS adds what a subscribe function returns to the subscriber
 * (`Subscription.add`), and the first `add` makes an array (184 bytes); a routed request
 * passes through several layers (round, in-flight record, upstream call, lifecycle), each
 * the subscriber of the next. A layer whose subscriber is a `SourceHolder` hands it the
 * teardown (`handOver`) and returns nothing; any other subscriber gets it the RxJS way.
 *
 * Public RxJS API only: a `Subscription` subclass whose `unsubscribe` also ends the source it
 * holds, after its own teardown ran (as a finalizer added first would).
 */
import { type Subscriber, Subscription, type TeardownLogic, type Unsubscribable } from 'rxjs';
export declare class SourceHolder extends Subscription {
    #private;
    /** Keeps `source` (ended with this subscription); a second one goes to RxJS's finalizers. */
    hold(source: Unsubscribable): void;
    unsubscribe(): void;
}
/**
 * What a subscribe function returns for `teardown`: nothing when `subscriber` holds it (a
 * `SourceHolder`), else `teardown` itself for RxJS to add.
 */
export declare function handOver(subscriber: Subscriber<unknown>, teardown: Subscription | undefined): TeardownLogic;
