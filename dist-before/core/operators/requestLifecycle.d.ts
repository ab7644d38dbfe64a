/**
 * `requestLifecycle`: the life of one request Observable, as ONE fused operator with ONE
 * subscriber per request. It is `timeoutWithProgress` → `cancelOnUnsubscribe` plus an abort
 * signal, with the same errors and the same order (the marble tests hold both to that):
 *
 * - Timeout: `timeout` is an idle limit re-armed by each value (a progress notification), a
 *   plain limit from subscription when `resetTimeoutOnProgress` is false; `maxTotalTimeout` is a
 *   limit from subscription however much progress arrives; `max-total-timeout` wins a tie.
 *   Limits that are undefined, NaN or Infinity mean none. The error (`LocalError`) carries what
 *   was seen: the request's `method` and `id`, the limits, `elapsed`, `progressCount`,
 *   `idleFor` and the caller's `meta`.
 * - Abort: `signal` aborting fails the request with `LocalError('cancelled')`; an already
 *   aborted signal fails it at subscription, before the source is subscribed (nothing is sent).
 * - Cancellation is unsubscription: `cancel(reason)` runs at most once, while the source is
 *   still running, when the consumer unsubscribes (`reason` undefined) or when the request
 *   fails locally in a way that leaves the peer working — a timeout, an abort, or a source error
 *   for which `cancelOnError` holds (`reason` is the error). It runs before the error is passed
 *   on and before the source is unsubscribed, so it still sees the state the source keeps.
 *   Completion, and source errors that `cancelOnError` rejects, never cancel.
 *
 * Cost: the subscriber is a `Subscription` that is also the source's `Observer`, so RxJS
 * subscribes it to the source as it is (no wrapping subscriber), and the source's teardown is
 * added to it. Its timer is one scheduled action re-scheduled only when it fires early; with
 * `deadlines` (one FIFO shared by the requests of a connection, deadlines.ts) most requests
 * schedule nothing at all.
 */
import { type MonoTypeOperatorFunction, type SchedulerLike } from 'rxjs';
import { LocalError } from '../errors/index.js';
import { type Deadlines } from './deadlines.js';
export interface RequestLifecycleConfig {
    /** Idle limit in ms, re-armed by each value (unless `resetTimeoutOnProgress` is false). */
    timeout?: number | undefined;
    /** Whether each value re-arms `timeout`. Default `true`. */
    resetTimeoutOnProgress?: boolean | undefined;
    /** Total limit in ms from subscription, whether or not values arrive. */
    maxTotalTimeout?: number | undefined;
    /** Aborting it fails the request (and cancels it, the peer being still at work). */
    signal?: AbortSignal | undefined;
    /** Ends the request at the peer; see the header for when it runs. */
    cancel: (reason: unknown) => void;
    /** Which source errors also cancel. Default: none. */
    cancelOnError?: ((error: unknown) => boolean) | undefined;
    /** Where time comes from. Default `asyncScheduler`. */
    scheduler?: SchedulerLike | undefined;
    /** A deadline FIFO shared with other requests on the same scheduler (deadlines.ts). */
    deadlines?: Deadlines | undefined;
    /** Names the request in error messages and in a timeout's `details`. */
    method?: string | undefined;
    /** The request's id on its connection, in a timeout's `details`. */
    id?: number | string | undefined;
    /** Copied into a timeout's `details`. */
    meta?: Record<string, unknown> | undefined;
}
/** The error of a request whose `signal` aborted. */
export declare function abortError(signal: AbortSignal, method: string | undefined): LocalError;
export declare function requestLifecycle<T>(config: RequestLifecycleConfig): MonoTypeOperatorFunction<T>;
