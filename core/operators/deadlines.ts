/**
 * One timer for the deadlines of many requests: a timer per request (an RxJS `AsyncAction`, a
 * `setInterval` made and cleared) costs ~1–3 µs of a routed request. Requests with the same
 * first wait queue their deadlines in order, so they wait in a FIFO served by ONE scheduled
 * action, armed for the head; `deadlinesFor` shares one such FIFO among all the connections of
 * a scheduler. A deadline earlier than the FIFO's tail is refused, and its request keeps a
 * timer of its own (`requestLifecycle`). Settled requests are skipped when they reach the head
 * and compacted away once they are half the FIFO, so it holds at most about twice the
 * requests in flight.
 */
import type { SchedulerAction, SchedulerLike, Subscription } from 'rxjs';

/** setTimeout delays are 32-bit signed; longer waits are taken in steps. */
export const MAX_TIMER_MS = 2_147_483_647;

/** What waits for a deadline: a request in flight (`requestLifecycle`). */
export interface Timed {
  /** False once settled: it is skipped (and compacted away). */
  readonly running: boolean;
  /** In the queue now (set by `Deadlines`): a settling call then reports `settled()`. */
  queued: boolean;
  /** Its deadline passed (`now` ≥ the `due` it was added with). */
  onDue(now: number): void;
}

interface Waiting {
  readonly timed: Timed;
  readonly due: number;
}

/** The action's work: shared (the queue is the action's state). */
function fire(this: SchedulerAction<Deadlines>, deadlines: Deadlines | undefined): void {
  deadlines?.fire();
}

export class Deadlines {
  readonly #scheduler: SchedulerLike;
  #queue: Waiting[] = [];
  #head = 0;
  /** Settled entries still in the queue (compaction threshold). */
  #settled = 0;
  #action: Subscription | undefined = undefined;
  #armedFor = Number.POSITIVE_INFINITY;
  /** Inside `fire`: the queue is not rebuilt under its loop. */
  #firing = false;

  constructor(scheduler: SchedulerLike) {
    this.#scheduler = scheduler;
  }

  /** Waiting entries, settled ones included (tests: bounded by ~2× in flight). */
  get size(): number {
    return this.#queue.length - this.#head;
  }

  /**
   * Queues `timed` for `due` (the scheduler's time). False when `due` is earlier than the
   * last deadline queued: the caller then times itself.
   */
  add(timed: Timed, due: number): boolean {
    const queue = this.#queue;
    const tail = queue.length > this.#head ? queue[queue.length - 1] : undefined;
    if (tail !== undefined && tail.due > due) return false;
    queue.push({ timed, due });
    timed.queued = true;
    if (tail === undefined || due < this.#armedFor) this.#arm(due);
    return true;
  }

  /** A queued entry settled (it stays until it reaches the head or a compaction). */
  settled(): void {
    this.#settled += 1;
    if (!this.#firing) this.#tidy();
  }

  /** Clears the queue when only settled entries are left, compacts it when they are half. */
  #tidy(): void {
    const size = this.#queue.length - this.#head;
    // Nothing left to time: no timer may keep the process alive for a settled request.
    if (this.#settled >= size) this.#clear();
    else if (this.#settled > 64 && this.#settled * 2 > size) this.#compact();
  }

  /** @internal The action fired: serve every entry due, then re-arm for the next. */
  fire(): void {
    this.#action = undefined;
    this.#armedFor = Number.POSITIVE_INFINITY;
    const now = this.#scheduler.now();
    const queue = this.#queue;
    this.#firing = true;
    try {
      this.#serve(queue, now);
    } finally {
      this.#firing = false;
    }
    this.#trim();
    if (this.#queue.length > this.#head) this.#tidy();
    const next = this.#queue[this.#head];
    if (next !== undefined && next.due !== this.#armedFor) this.#arm(next.due);
  }

  #serve(queue: Waiting[], now: number): void {
    while (this.#head < queue.length) {
      const entry = queue[this.#head] as Waiting;
      if (!entry.timed.running) {
        this.#head += 1;
        this.#settled = Math.max(0, this.#settled - 1);
        continue;
      }
      if (entry.due > now) break;
      this.#head += 1;
      entry.timed.queued = false;
      entry.timed.onDue(now); // fails, or queues again (or times itself)
    }
  }

  #arm(due: number): void {
    this.#action?.unsubscribe();
    this.#armedFor = due;
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, due - this.#scheduler.now()));
    this.#action = this.#scheduler.schedule(fire, delay, this);
  }

  #clear(): void {
    for (let i = this.#head; i < this.#queue.length; i++) {
      (this.#queue[i] as Waiting).timed.queued = false;
    }
    this.#queue = [];
    this.#head = 0;
    this.#settled = 0;
    this.#action?.unsubscribe();
    this.#action = undefined;
    this.#armedFor = Number.POSITIVE_INFINITY;
  }

  /** Drops the served head of the array (and everything when it is empty). */
  #trim(): void {
    if (this.#head === this.#queue.length) {
      this.#clear();
    } else if (this.#head > 1024 && this.#head * 2 > this.#queue.length) {
      this.#queue = this.#queue.slice(this.#head);
      this.#head = 0;
    }
  }

  #compact(): void {
    this.#queue = this.#queue.slice(this.#head).filter((entry) => {
      if (!entry.timed.running) entry.timed.queued = false;
      return entry.timed.running;
    });
    this.#head = 0;
    this.#settled = 0;
  }
}

/** FIFOs shared by every connection on a scheduler, by the first wait of their requests. */
const sharedByScheduler = new WeakMap<SchedulerLike, Map<number, Deadlines>>();
/** Distinct first waits shared per scheduler; requests past it use their connection's FIFO. */
const MAX_SHARED = 64;

/** A limit in ms as `requestLifecycle` reads it: undefined, NaN and Infinity mean none. */
export const limitOf = (value: number | undefined): number | undefined =>
  value === undefined || Number.isNaN(value) || value === Number.POSITIVE_INFINITY
    ? undefined
    : Math.max(0, value);

/**
 * The FIFO for a request whose first wait is the nearer of `timeout` and `maxTotalTimeout`
 * (`requestLifecycle`'s rule), shared by every connection on `scheduler`: requests of one first
 * wait queue their deadlines in order whatever their connection, so 100 upstreams that share
 * a timeout share one timer. A connection's own FIFO holds about one request at a time when
 * the load is spread over many connections, and then armed and cleared its timer for each
 * (1–3 µs of a routed request). `own` serves a request with no limit, and first waits past
 * `MAX_SHARED` distinct values (the map stays small whatever the callers ask).
 */
export function deadlinesFor(
  scheduler: SchedulerLike,
  timeout: number | undefined,
  maxTotalTimeout: number | undefined,
  own: Deadlines,
): Deadlines {
  const idle = limitOf(timeout);
  const total = limitOf(maxTotalTimeout);
  if (idle === undefined && total === undefined) return own;
  const first = Math.min(idle ?? Number.POSITIVE_INFINITY, total ?? Number.POSITIVE_INFINITY);
  let byWait = sharedByScheduler.get(scheduler);
  if (byWait === undefined) {
    byWait = new Map();
    sharedByScheduler.set(scheduler, byWait);
  }
  let shared = byWait.get(first);
  if (shared === undefined) {
    if (byWait.size >= MAX_SHARED) return own;
    shared = new Deadlines(scheduler);
    byWait.set(first, shared);
  }
  return shared;
}
