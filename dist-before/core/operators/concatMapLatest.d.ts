/**
 * `concatMapLatest`: at most one inner Observable at a time, and of the values that arrive
 * while it runs only the latest is kept, to run when it ends. A refetch in flight is never
 * interrupted (as `exhaustMap`), and a change that arrived during it is never lost (unlike
 * `exhaustMap`) nor queued once per value (unlike `concatMap`).
 *
 * Completes when the source has completed and nothing runs or waits; an inner's or the
 * source's error errors the output (catch inside `project` to keep going). Unsubscribing
 * unsubscribes the running inner. Written on RxJS's public API (`new Observable`, `from`).
 */
import { type ObservableInput, type OperatorFunction } from 'rxjs';
export declare function concatMapLatest<T, R>(project: (value: T) => ObservableInput<R>): OperatorFunction<T, R>;
