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
 * `deadlines` (a FIFO shared by the requests of one first wait, deadlines.ts) most requests
 * schedule nothing at all.
 */
import {
  asyncScheduler,
  type MonoTypeOperatorFunction,
  Observable,
  type Observer,
  type SchedulerAction,
  type SchedulerLike,
  type Subscriber,
  Subscription,
  type Unsubscribable,
} from 'rxjs';
import { LocalError } from '../errors/index.js';
import { type Deadlines, limitOf as limit, MAX_TIMER_MS, type Timed } from './deadlines.js';
import { handOver } from './sourceHolder.js';

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
export function abortError(signal: AbortSignal, method: string | undefined): LocalError {
  const reason: unknown = signal.reason;
  const text =
    typeof reason === 'string' ? reason : reason instanceof Error ? reason.message : 'aborted';
  return new LocalError('cancelled', `Request ${method ?? ''} aborted: ${text}`, { reason: text });
}

export function requestLifecycle<T>(config: RequestLifecycleConfig): MonoTypeOperatorFunction<T> {
  return (source) =>
    new Observable<T>((subscriber) => {
      const signal = config.signal;
      if (signal?.aborted === true) {
        subscriber.error(abortError(signal, config.method));
        return undefined;
      }
      const life = new Lifecycle(subscriber, config);
      const inner = source.subscribe(life);
      if (inner !== life) life.add(inner);
      // A source that settled synchronously (inside subscribe) needs no timer nor listener.
      if (life.running) life.arm();
      return handOver(subscriber, life);
    });
}

/** What a lifecycle keeps once torn down: nothing of its request. */
const ENDED: RequestLifecycleConfig = { cancel: () => {} };

/** The timer's work: shared by every request (the lifecycle is the action's state). */
function check<T>(this: SchedulerAction<Lifecycle<T>>, life: Lifecycle<T> | undefined): void {
  life?.onTimer(this);
}

/** One request's subscriber: the source's observer, its timer, its abort listener, its teardown. */
class Lifecycle<T> extends Subscription implements Observer<T>, Timed {
  /** Neither settled nor cancelled. */
  running = true;
  /** Waiting in the shared deadline FIFO (set by `Deadlines`). */
  queued = false;
  /**
   * Both dropped at teardown: a settled lifecycle may wait in a shared `Deadlines` FIFO until
   * its deadline comes up, and must not keep the request (its consumer, its params through the
   * `cancel` closure) alive meanwhile: survivors of the young generation cost GC time.
   */
  #subscriber: Subscriber<T> | undefined;
  #config: RequestLifecycleConfig;
  readonly #scheduler: SchedulerLike;
  readonly #idle: number | undefined;
  readonly #maxTotal: number | undefined;
  readonly #resetOnProgress: boolean;
  readonly #timed: boolean;
  readonly #start: number;
  #lastValueAt: number;
  #progressCount = 0;
  #timer: Unsubscribable | undefined = undefined;
  #listening = false;

  constructor(subscriber: Subscriber<T>, config: RequestLifecycleConfig) {
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
  arm(): void {
    if (this.#timed) this.#wait(this.#start);
    const signal = this.#config.signal;
    if (signal !== undefined) {
      this.#listening = true;
      signal.addEventListener('abort', this, { once: true });
    }
  }

  /** The signal aborted (the lifecycle is its listener object). */
  handleEvent(): void {
    const signal = this.#config.signal;
    if (signal !== undefined) this.#failLocally(abortError(signal, this.#config.method));
  }

  next(value: T): void {
    if (!this.running) return;
    if (this.#timed) {
      this.#progressCount++;
      if (this.#resetOnProgress) this.#lastValueAt = this.#scheduler.now();
    }
    this.#subscriber?.next(value);
  }

  error(error: unknown): void {
    if (!this.running) return;
    if (this.#config.cancelOnError?.(error) === true) this.#failLocally(error);
    else {
      this.#settle();
      this.#subscriber?.error(error);
    }
  }

  complete(): void {
    if (!this.running) return;
    this.#settle();
    this.#subscriber?.complete();
  }

  /** The consumer's teardown (unsubscription, or after the request settled). */
  override unsubscribe(): void {
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
  #failLocally(error: unknown): void {
    if (!this.running) return;
    this.#settle();
    this.#config.cancel(error);
    this.#subscriber?.error(error);
  }

  #settle(): void {
    this.running = false;
    if (this.queued) this.#config.deadlines?.settled();
  }

  /** Waits for the nearest deadline from `now`: in the shared FIFO, else on a timer of its own. */
  #wait(now: number): void {
    const delay = this.#remaining(now);
    if (this.#config.deadlines?.add(this, now + delay) === true) return;
    this.#timer = this.#scheduler.schedule(check, delay, this);
  }

  /** Its deadline in the shared FIFO passed. */
  onDue(now: number): void {
    if (this.running) this.#check(now, undefined);
  }

  /** Its own timer fired. */
  onTimer(action: SchedulerAction<Lifecycle<T>>): void {
    if (this.running) this.#check(this.#scheduler.now(), action);
  }

  /** Fails on a passed deadline, or waits for the nearest one. */
  #check(now: number, action: SchedulerAction<Lifecycle<T>> | undefined): void {
    const idle = this.#idle;
    const maxTotal = this.#maxTotal;
    if (maxTotal !== undefined && now - this.#start >= maxTotal) {
      this.#timeout('max-total-timeout', now);
    } else if (
      idle !== undefined &&
      now - (this.#resetOnProgress ? this.#lastValueAt : this.#start) >= idle
    ) {
      this.#timeout('timeout', now);
    } else if (action !== undefined) {
      this.#timer = action.schedule(this, this.#remaining(now));
    } else {
      this.#wait(now);
    }
  }

  /** Ms until the nearest deadline from `now` (0 when one has passed). */
  #remaining(now: number): number {
    let due = Number.POSITIVE_INFINITY;
    if (this.#idle !== undefined) {
      due = (this.#resetOnProgress ? this.#lastValueAt : this.#start) + this.#idle;
    }
    if (this.#maxTotal !== undefined) due = Math.min(due, this.#start + this.#maxTotal);
    return Math.min(MAX_TIMER_MS, Math.max(0, due - now));
  }

  #timeout(code: 'timeout' | 'max-total-timeout', now: number): void {
    const idle = this.#idle;
    const maxTotal = this.#maxTotal;
    const progressCount = this.#progressCount;
    const elapsed = now - this.#start;
    const message =
      code === 'timeout'
        ? this.#resetOnProgress
          ? `Request timed out: no progress for ${idle} ms (${progressCount} progress notifications in ${elapsed} ms)`
          : `Request timed out after ${idle} ms (${progressCount} progress notifications)`
        : `Request exceeded its maximum total time of ${maxTotal} ms (${progressCount} progress notifications)`;
    const { method, id, meta } = this.#config;
    this.#failLocally(
      new LocalError(code, message, {
        ...(method === undefined ? {} : { method }),
        ...(id === undefined ? {} : { id }),
        ...meta,
        ...(idle === undefined ? {} : { idle }),
        ...(maxTotal === undefined ? {} : { maxTotal }),
        elapsed,
        progressCount,
        idleFor: now - this.#lastValueAt,
      }),
    );
  }
}
