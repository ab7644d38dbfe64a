/**
 * `cancelOnUnsubscribe`: the cancellation part of `requestLifecycle` alone — cancellation is
 * unsubscription (STYLE.md, principle 2).
 *
 * Runs `cancel(reason)` at most once per subscription, while the source is still running:
 * - the consumer unsubscribes before the source completed or errored (`reason` is undefined);
 * - the source errors with an error for which `cancelOnError(error)` holds (`reason` is the
 *   error). This is for local failures that leave the work running at the peer, such as a
 *   timeout from an inner `timeoutWithProgress` or an aborted signal.
 *
 * `cancel` runs before the source is unsubscribed and before the error is forwarded, so it can
 * still see the state the source keeps (e.g. the in-flight entry of a request).
 * Completion, and errors that `cancelOnError` rejects (the peer answered, the connection
 * closed), never cancel.
 */
import type { MonoTypeOperatorFunction } from 'rxjs';
export interface CancelOnUnsubscribeConfig {
    cancel: (reason: unknown) => void;
    /** Which source errors also cancel. Default: none. */
    cancelOnError?: ((error: unknown) => boolean) | undefined;
}
export declare function cancelOnUnsubscribe<T>(config: CancelOnUnsubscribeConfig | ((reason: unknown) => void)): MonoTypeOperatorFunction<T>;
