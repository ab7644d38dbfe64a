/**
 * One timer for the deadlines of many requests (a connection's outbound requests share one):
 * a timer per request (an RxJS `AsyncAction`, a `setInterval` made and cleared) costs ~1–3 µs
 * of a routed request. Requests of one connection mostly share one timeout, so their deadlines
 * arrive in order: they wait in a FIFO served by ONE scheduled action, armed for the head. A
 * deadline earlier than the FIFO's tail (a shorter timeout than the ones before it) is refused,
 * and its request keeps a timer of its own (`requestLifecycle`). Settled requests are skipped when they reach the
 * head and compacted away once they are half the FIFO, so it holds at most about twice the
 * requests in flight.
 */
import type { SchedulerLike } from 'rxjs';
/** setTimeout delays are 32-bit signed; longer waits are taken in steps. */
export declare const MAX_TIMER_MS = 2147483647;
/** What waits for a deadline: a request in flight (`requestLifecycle`). */
export interface Timed {
    /** False once settled: it is skipped (and compacted away). */
    readonly running: boolean;
    /** In the queue now (set by `Deadlines`): a settling call then reports `settled()`. */
    queued: boolean;
    /** Its deadline passed (`now` ≥ the `due` it was added with). */
    onDue(now: number): void;
}
export declare class Deadlines {
    #private;
    constructor(scheduler: SchedulerLike);
    /** Waiting entries, settled ones included (tests: bounded by ~2× in flight). */
    get size(): number;
    /**
     * Queues `timed` for `due` (the scheduler's time). False when `due` is earlier than the
     * last deadline queued: the caller then times itself.
     */
    add(timed: Timed, due: number): boolean;
    /** A queued entry settled (it stays until it reaches the head or a compaction). */
    settled(): void;
    /** @internal The action fired: serve every entry due, then re-arm for the next. */
    fire(): void;
}
