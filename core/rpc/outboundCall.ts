/**
 * One outbound request in flight, as ONE object: the subscriber its in-flight entry feeds
 * (progress, result, error), its timeout and its cancellation. It does what the operator chain
 * `timeoutWithProgress` → `cancelOnUnsubscribe` (core/operators/) did, with the same errors and
 * the same order, without the two extra Observables, subscribers and closures per request:
 *
 * - Timeout (`timeoutWithProgress` semantics): `timeout` is an idle limit re-armed by each
 *   progress value (a plain limit when `resetTimeoutOnProgress` is false), `maxTotalTimeout` a
 *   limit from subscription; `max-total-timeout` wins a tie. One scheduled action per request,
 *   re-scheduled only when it fires early (a value arrived meanwhile). Limits that are
 *   undefined, NaN or Infinity mean none.
 * - Cancellation (`cancelOnUnsubscribe` semantics): the consumer unsubscribing before the
 *   request settled, or a local failure that leaves the peer working (timeout, abort: a
 *   `LocalError` other than `closed`), abandons it (`notifications/cancelled`) before the
 *   error is passed on. A response, an error response or the connection closing never do.
 */
import type { SchedulerAction, SchedulerLike, Subscriber, Unsubscribable } from 'rxjs';
import { type Deadlines, MAX_TIMER_MS, type Timed } from './deadlines.js';
import { LocalError } from './errors.js';
import type { RequestEvent, RequestOptions } from './types.js';

/** What a call needs from the connection's outbound side. */
export interface CallOwner {
  /** The request ends before its response: forget it and tell the peer. */
  abandon(id: number, reason: unknown): void;
}

const limit = (value: number | undefined): number | undefined =>
  value === undefined || Number.isNaN(value) || value === Number.POSITIVE_INFINITY
    ? undefined
    : Math.max(0, value);

/** Local failures after which the peer may still be working on the request: they cancel it. */
const leavesPeerWorking = (error: unknown): boolean =>
  error instanceof LocalError && error.code !== 'closed';

export function abortError(signal: AbortSignal, method: string): LocalError {
  const reason: unknown = signal.reason;
  const text =
    typeof reason === 'string' ? reason : reason instanceof Error ? reason.message : 'aborted';
  return new LocalError('cancelled', `Request ${method} aborted: ${text}`, { reason: text });
}

/** The timer's work: shared by every call (the call is the action's state). */
function check(this: SchedulerAction<Call>, call: Call | undefined): void {
  call?.onTimer(this);
}

export class Call implements Unsubscribable, Timed {
  /** Neither settled nor abandoned. */
  running = true;
  /** Waiting in the connection's shared deadline queue (`Deadlines`). */
  queued = false;
  readonly #deadlines: Deadlines | undefined;
  readonly #owner: CallOwner;
  readonly #subscriber: Subscriber<RequestEvent>;
  readonly #id: number;
  readonly #method: string;
  readonly #scheduler: SchedulerLike;
  readonly #idle: number | undefined;
  readonly #maxTotal: number | undefined;
  readonly #resetOnProgress: boolean;
  readonly #start: number;
  #lastValueAt: number;
  #progressCount = 0;
  #timer: Unsubscribable | undefined = undefined;
  #signal: AbortSignal | undefined = undefined;

  constructor(
    owner: CallOwner,
    subscriber: Subscriber<RequestEvent>,
    id: number,
    method: string,
    options: RequestOptions | undefined,
    scheduler: SchedulerLike,
    deadlines?: Deadlines,
  ) {
    this.#deadlines = deadlines;
    this.#owner = owner;
    this.#subscriber = subscriber;
    this.#id = id;
    this.#method = method;
    this.#scheduler = scheduler;
    this.#idle = limit(options?.timeout);
    this.#maxTotal = limit(options?.maxTotalTimeout);
    this.#resetOnProgress = options?.resetTimeoutOnProgress ?? true;
    const timed = this.#idle !== undefined || this.#maxTotal !== undefined;
    this.#start = timed ? scheduler.now() : 0;
    this.#lastValueAt = this.#start;
  }

  /** After the request went out: its timer and its abort listener. */
  arm(signal: AbortSignal | undefined): void {
    if (this.#idle !== undefined || this.#maxTotal !== undefined) {
      this.#wait(this.#start);
    }
    if (signal !== undefined) {
      this.#signal = signal;
      signal.addEventListener('abort', this, { once: true });
    }
  }

  /** The signal aborted (the call is its listener object). */
  handleEvent(): void {
    const signal = this.#signal;
    if (signal !== undefined) this.error(abortError(signal, this.#method));
  }

  // What the in-flight entry feeds.
  next(event: RequestEvent): void {
    if (!this.running) return;
    if (this.#idle !== undefined || this.#maxTotal !== undefined) {
      this.#progressCount++;
      if (this.#resetOnProgress) this.#lastValueAt = this.#scheduler.now();
    }
    this.#subscriber.next(event);
  }

  error(error: unknown): void {
    if (!this.running) return;
    this.#settle();
    if (leavesPeerWorking(error)) this.#owner.abandon(this.#id, error);
    this.#subscriber.error(error);
  }

  complete(): void {
    if (!this.running) return;
    this.#settle();
    this.#subscriber.complete();
  }

  /** The consumer's teardown (unsubscription, or after the request settled). */
  unsubscribe(): void {
    if (this.running) {
      this.#settle();
      this.#owner.abandon(this.#id, undefined);
    }
    this.#timer?.unsubscribe();
    this.#timer = undefined;
    if (this.#signal !== undefined) {
      this.#signal.removeEventListener('abort', this);
      this.#signal = undefined;
    }
  }

  #settle(): void {
    this.running = false;
    if (this.queued) this.#deadlines?.settled();
  }

  /** Waits for the nearest deadline from `now`: in the shared queue, else on a timer of its own. */
  #wait(now: number): void {
    const delay = this.#remaining(now);
    if (this.#deadlines?.add(this, now + delay) === true) return;
    this.#timer = this.#scheduler.schedule(check, delay, this);
  }

  /** Its deadline in the shared queue passed. */
  onDue(now: number): void {
    if (!this.running) return;
    this.#check(now, undefined);
  }

  /** Its own timer fired. */
  onTimer(action: SchedulerAction<Call>): void {
    if (!this.running) return;
    this.#check(this.#scheduler.now(), action);
  }

  /** Fails on a passed deadline, or waits for the nearest one. */
  #check(now: number, action: SchedulerAction<Call> | undefined): void {
    const idle = this.#idle;
    const maxTotal = this.#maxTotal;
    if (maxTotal !== undefined && now - this.#start >= maxTotal) {
      this.#fail('max-total-timeout', now);
    } else if (
      idle !== undefined &&
      now - (this.#resetOnProgress ? this.#lastValueAt : this.#start) >= idle
    ) {
      this.#fail('timeout', now);
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

  #fail(code: 'timeout' | 'max-total-timeout', now: number): void {
    const idle = this.#idle;
    const maxTotal = this.#maxTotal;
    const progressCount = this.#progressCount;
    const elapsed = now - this.#start;
    const idleFor = now - this.#lastValueAt;
    const message =
      code === 'timeout'
        ? this.#resetOnProgress
          ? `Request timed out: no progress for ${idle} ms (${progressCount} progress notifications in ${elapsed} ms)`
          : `Request timed out after ${idle} ms (${progressCount} progress notifications)`
        : `Request exceeded its maximum total time of ${maxTotal} ms (${progressCount} progress notifications)`;
    this.error(
      new LocalError(code, message, {
        method: this.#method,
        id: this.#id,
        ...(idle === undefined ? {} : { idle }),
        ...(maxTotal === undefined ? {} : { maxTotal }),
        elapsed,
        progressCount,
        idleFor,
      }),
    );
  }
}
