/**
 * The in-flight tables (ARCHITECTURE.md §4, "one in-flight entry per request").
 *
 * A connection keeps exactly two: outbound requests keyed by the id it allocated, and inbound
 * requests keyed by the id the peer chose. An outbound request that asked for progress uses its
 * id as its progress token, so the one outbound table serves responses and progress alike;
 * removing an entry removes everything the request holds. Keys are compared with `Map`
 * semantics: `0` and `""` are ordinary keys, and `1` and `"1"` are different requests.
 */
import type { Observer } from 'rxjs';
import type { SendOptions } from './transport.js';
import type { RequestEvent } from './types.js';
export declare class InflightTable<K, E> {
    #private;
    get size(): number;
    has(key: unknown): boolean;
    /** Looks up by a value read off the wire (any type; a wrong type simply does not match). */
    get(key: unknown): E | undefined;
    set(key: K, entry: E): void;
    /** Removes and returns the entry for `key`, if any. */
    take(key: unknown): E | undefined;
    /** Removes every entry and returns them (for failing them all when the connection closes). */
    drain(): E[];
}
/**
 * An outbound request waiting for its response. Timers live in the request's operators
 * (`timeoutWithProgress`), which are torn down with the subscription.
 */
export interface OutboundRequest {
    readonly id: number;
    readonly method: string;
    /** Where progress and the result go (the request's lifecycle, core/operators/). */
    readonly subscriber: Pick<Observer<RequestEvent>, 'next' | 'error' | 'complete'>;
    /** It asked for progress (its progress token is its id). */
    readonly progress: boolean;
    /** Its result may stay raw (`RequestOptions.rawResult`). */
    readonly rawResult: boolean;
    /** The send options of the request, reused for its `notifications/cancelled`. */
    readonly sendOptions: SendOptions | undefined;
}
