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
import { asyncScheduler, Observable, Subscription, } from 'rxjs';
import { LocalError } from '../errors/index.js';
import { MAX_TIMER_MS } from './deadlines.js';
import { handOver } from './sourceHolder.js';
const limit = (value) => value === undefined || Number.isNaN(value) || value === Number.POSITIVE_INFINITY
    ? undefined
    : Math.max(0, value);
/** The error of a request whose `signal` aborted. */
export function abortError(signal, method) {
    const reason = signal.reason;
    const text = typeof reason === 'string' ? reason : reason instanceof Error ? reason.message : 'aborted';
    return new LocalError('cancelled', `Request ${method ?? ''} aborted: ${text}`, { reason: text });
}
export function requestLifecycle(config) {
    return (source) => new Observable((subscriber) => {
        const signal = config.signal;
        if (signal?.aborted === true) {
            subscriber.error(abortError(signal, config.method));
            return undefined;
        }
        const life = new Lifecycle(subscriber, config);
        const inner = source.subscribe(life);
        if (inner !== life)
            life.add(inner);
        // A source that settled synchronously (inside subscribe) needs no timer nor listener.
        if (life.running)
            life.arm();
        return handOver(subscriber, life);
    });
}
/** What a lifecycle keeps once torn down: nothing of its request. */
const ENDED = { cancel: () => { } };
/** The timer's work: shared by every request (the lifecycle is the action's state). */
function check(life) {
    life?.onTimer(this);
}
/** One request's subscriber: the source's observer, its timer, its abort listener, its teardown. */
class Lifecycle extends Subscription {
    /** Neither settled nor cancelled. */
    running = true;
    /** Waiting in the shared deadline FIFO (set by `Deadlines`). */
    queued = false;
    /**
     * Both dropped at teardown: a settled lifecycle may wait in a shared `Deadlines` FIFO until
     * its deadline comes up, and must not keep the request (its consumer, its params through the
     * `cancel` closure) alive meanwhile: survivors of the young generation cost GC time.
     */
    #subscriber;
    #config;
    #scheduler;
    #idle;
    #maxTotal;
    #resetOnProgress;
    #timed;
    #start;
    #lastValueAt;
    #progressCount = 0;
    #timer = undefined;
    #listening = false;
    constructor(subscriber, config) {
        super();
        this.#subscriber = subscriber;
        this.#config = config;
        this.#scheduler = config.scheduler ?? asyncScheduler;
        this.#idle = limit(config.timeout);
        this.#maxTotal = limit(config.maxTotalTimeout);
        this.#resetOnProgress = config.resetTimeoutOnProgress ?? true;
        this.#timed = this.#idle !== undefined || this.#maxTotal !== undefined;
        this.#start = this.#timed ? this.#scheduler.now() : 0;
        this.#lastValueAt = this.#start;
    }
    /** Once the source is subscribed: the timer and the abort listener. */
    arm() {
        if (this.#timed)
            this.#wait(this.#start);
        const signal = this.#config.signal;
        if (signal !== undefined) {
            this.#listening = true;
            signal.addEventListener('abort', this, { once: true });
        }
    }
    /** The signal aborted (the lifecycle is its listener object). */
    handleEvent() {
        const signal = this.#config.signal;
        if (signal !== undefined)
            this.#failLocally(abortError(signal, this.#config.method));
    }
    next(value) {
        if (!this.running)
            return;
        if (this.#timed) {
            this.#progressCount++;
            if (this.#resetOnProgress)
                this.#lastValueAt = this.#scheduler.now();
        }
        this.#subscriber?.next(value);
    }
    error(error) {
        if (!this.running)
            return;
        if (this.#config.cancelOnError?.(error) === true)
            this.#failLocally(error);
        else {
            this.#settle();
            this.#subscriber?.error(error);
        }
    }
    complete() {
        if (!this.running)
            return;
        this.#settle();
        this.#subscriber?.complete();
    }
    /** The consumer's teardown (unsubscription, or after the request settled). */
    unsubscribe() {
        if (this.running) {
            this.#settle();
            this.#config.cancel(undefined);
        }
        this.#timer?.unsubscribe();
        this.#timer = undefined;
        if (this.#listening) {
            this.#listening = false;
            this.#config.signal?.removeEventListener('abort', this);
        }
        this.#subscriber = undefined;
        this.#config = ENDED;
        super.unsubscribe();
    }
    /** A failure that leaves the peer working: cancel it, then pass the error on. */
    #failLocally(error) {
        if (!this.running)
            return;
        this.#settle();
        this.#config.cancel(error);
        this.#subscriber?.error(error);
    }
    #settle() {
        this.running = false;
        if (this.queued)
            this.#config.deadlines?.settled();
    }
    /** Waits for the nearest deadline from `now`: in the shared FIFO, else on a timer of its own. */
    #wait(now) {
        const delay = this.#remaining(now);
        if (this.#config.deadlines?.add(this, now + delay) === true)
            return;
        this.#timer = this.#scheduler.schedule(check, delay, this);
    }
    /** Its deadline in the shared FIFO passed. */
    onDue(now) {
        if (this.running)
            this.#check(now, undefined);
    }
    /** Its own timer fired. */
    onTimer(action) {
        if (this.running)
            this.#check(this.#scheduler.now(), action);
    }
    /** Fails on a passed deadline, or waits for the nearest one. */
    #check(now, action) {
        const idle = this.#idle;
        const maxTotal = this.#maxTotal;
        if (maxTotal !== undefined && now - this.#start >= maxTotal) {
            this.#timeout('max-total-timeout', now);
        }
        else if (idle !== undefined &&
            now - (this.#resetOnProgress ? this.#lastValueAt : this.#start) >= idle) {
            this.#timeout('timeout', now);
        }
        else if (action !== undefined) {
            this.#timer = action.schedule(this, this.#remaining(now));
        }
        else {
            this.#wait(now);
        }
    }
    /** Ms until the nearest deadline from `now` (0 when one has passed). */
    #remaining(now) {
        let due = Number.POSITIVE_INFINITY;
        if (this.#idle !== undefined) {
            due = (this.#resetOnProgress ? this.#lastValueAt : this.#start) + this.#idle;
        }
        if (this.#maxTotal !== undefined)
            due = Math.min(due, this.#start + this.#maxTotal);
        return Math.min(MAX_TIMER_MS, Math.max(0, due - now));
    }
    #timeout(code, now) {
        const idle = this.#idle;
        const maxTotal = this.#maxTotal;
        const progressCount = this.#progressCount;
        const elapsed = now - this.#start;
        const message = code === 'timeout'
            ? this.#resetOnProgress
                ? `Request timed out: no progress for ${idle} ms (${progressCount} progress notifications in ${elapsed} ms)`
                : `Request timed out after ${idle} ms (${progressCount} progress notifications)`
            : `Request exceeded its maximum total time of ${maxTotal} ms (${progressCount} progress notifications)`;
        const { method, id, meta } = this.#config;
        this.#failLocally(new LocalError(code, message, {
            ...(method === undefined ? {} : { method }),
            ...(id === undefined ? {} : { id }),
            ...meta,
            ...(idle === undefined ? {} : { idle }),
            ...(maxTotal === undefined ? {} : { maxTotal }),
            elapsed,
            progressCount,
            idleFor: now - this.#lastValueAt,
        }));
    }
}
//# sourceMappingURL=requestLifecycle.js.map