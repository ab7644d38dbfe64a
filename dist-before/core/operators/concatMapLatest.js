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
import { from, Observable, } from 'rxjs';
export function concatMapLatest(project) {
    return (source) => new Observable((subscriber) => {
        let running = false;
        let waiting;
        let sourceDone = false;
        let inner;
        let runs = 0;
        const run = (value) => {
            running = true;
            const id = ++runs;
            const subscription = from(project(value)).subscribe({
                next: (result) => subscriber.next(result),
                error: (error) => subscriber.error(error),
                complete: () => {
                    running = false;
                    inner = undefined;
                    const next = waiting;
                    waiting = undefined;
                    if (next)
                        run(next.value);
                    else if (sourceDone)
                        subscriber.complete();
                },
            });
            // Kept only while this inner still runs: one that completed synchronously is done, and
            // may already have started the next.
            if (runs === id && running)
                inner = subscription;
        };
        const outer = source.subscribe({
            next: (value) => {
                if (running)
                    waiting = { value };
                else
                    run(value);
            },
            error: (error) => subscriber.error(error),
            complete: () => {
                sourceDone = true;
                if (!running)
                    subscriber.complete();
            },
        });
        return () => {
            outer.unsubscribe();
            inner?.unsubscribe();
        };
    });
}
//# sourceMappingURL=concatMapLatest.js.map