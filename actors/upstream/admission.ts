/**
 * Admission of one upstream's requests: p-queue holds the concurrency limit and the waiting
 * order; this module adds what p-queue does not know — sessions ("lanes"), the bound, the
 * queue deadline and leaving the queue.
 *
 * - **Limit and order**: p-queue's `concurrency` is the limit and its priority queue the
 *   waiting order. A request that finds a free slot and nobody waiting runs at once without a
 *   p-queue task (one costs ~1 µs of promises, ~5 % of a routed request): p-queue's
 *   concurrency is lowered by one while it runs and raised when it ends, which starts the
 *   next waiting task. So p-queue's concurrency + such requests = `concurrency` always.
 * - **Fairness**: a request's priority is minus its *rank*: the lane's previous rank + 1, but
 *   never below the rank p-queue served last (start-time fair queuing with unit costs). Equal
 *   priorities are FIFO in p-queue, so the lanes take turns (round-robin) and each lane stays
 *   FIFO: a session with a thousand queued requests and one with a single request alternate.
 * - **Bound**: checked before `add`: at most `concurrency + maxQueue` requests are admitted
 *   (running + waiting). When full, the newcomer may push out the NEWEST waiting request of the
 *   longest lane if that lane holds at least two more waiting requests than the newcomer's
 *   ("longest queue drop"): a flooding session cannot lock others out, and a lone session
 *   still uses the whole queue. Otherwise the newcomer is refused. A pushed-out request gets an
 *   immediate error and was never sent upstream.
 * - **Leaving**: a waiting request that is cancelled, pushed out, failed by `cancelAll` or past
 *   its deadline is removed from p-queue's queue at once (`PriorityQueue.remove` by id, O(queue)
 *   only on that path). No AbortSignal per request: p-queue's `signal` option costs an
 *   AbortController and listeners per request on the hot path.
 * - **Deadline**: `admit(…, deadlineMs)` bounds the wait of a request that has to wait; past
 *   it, the request leaves the queue and fails with `expired()`. One shared timer serves the
 *   deadlines in order (requests of one upstream mostly share a timeout). The caller gives the
 *   running request the rest of its budget (`waitedMs`).
 *
 * When idle every structure is empty (`stats()`): no lane, entry, timer or p-queue task.
 */
import PQueue, { PriorityQueue } from 'p-queue';

/** What the router's in-flight record holds of its request's place in the upstream's queue. */
export interface AdmissionTicket {
  readonly state: 'queued' | 'running' | 'done';
  /** 0-based place among the waiting requests (0 = next to run); undefined unless queued. */
  position(): number | undefined;
}

export interface AdmissionTask {
  /** The request got a slot: start it; call `done` (idempotent) when it has ended. */
  run(done: () => void): void;
  /** The request is failed from outside: pushed out, queue deadline, or `cancelAll`. */
  fail(error: unknown): void;
}

/** What the owner of a request holds: its place, plus `leave` (idempotent, on end or cancel). */
export interface Admitted extends AdmissionTicket {
  leave(): void;
  /** Time spent waiting for a slot (0 when it started at once). */
  readonly waitedMs: number;
}

/** Timers and time (the Upstream's clock: XState's `SimulatedClock` in tests). */
export interface AdmissionClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

export interface AdmissionOptions {
  concurrency: number;
  maxQueue: number;
  /** The error a pushed-out request gets. */
  pushedOut: () => unknown;
  clock: AdmissionClock;
}

export interface AdmissionStats {
  waiting: number;
  running: number;
  /** Lanes holding waiting requests. */
  lanes: number;
  /** p-queue's own counts: tasks waiting and running. */
  slotsQueued: number;
  slotsRunning: number;
}

/** p-queue's default queue, kept reachable so a waiting task can be removed by id. */
class RemovableQueue extends PriorityQueue {
  static last: RemovableQueue | undefined;
  constructor() {
    super();
    RemovableQueue.last = this;
  }
}

class Entry implements Admitted {
  state: 'queued' | 'running' | 'done' = 'queued';
  waitedMs = 0;
  /** It ran outside p-queue, which held its slot by a lowered concurrency. */
  bypass = false;
  release: (() => void) | undefined;
  /** Its own deadline timer, when its deadline is earlier than the shared FIFO's tail. */
  timer: unknown;
  /** When it leaves the queue with an error (undefined: no deadline). */
  dueAt: number | undefined;
  expired: (() => unknown) | undefined;
  constructor(
    readonly admission: Admission,
    readonly lane: string,
    readonly task: AdmissionTask,
    readonly rank: number,
    readonly seq: number,
    /** When it joined p-queue's queue; undefined when p-queue started it at once. */
    readonly queuedAt: number | undefined,
  ) {}
  position(): number | undefined {
    return this.admission.positionOf(this);
  }
  leave(): void {
    this.admission.leave(this);
  }
}

interface Lane {
  readonly waiting: Set<Entry>;
  lastRank: number;
}

export class Admission {
  readonly #options: AdmissionOptions;
  readonly #queue: PQueue;
  readonly #waitingQueue: RemovableQueue;
  readonly #lanes = new Map<string, Lane>();
  readonly #entries = new Set<Entry>();
  /** The rank p-queue started last: the current round. */
  #round = 0;
  #seq = 0;
  /**
   * Waiting entries with a deadline, in order of `dueAt` (non-decreasing), served by ONE timer
   * armed for the head: a timer per request costs more than the rest of admission. Entries
   * that left are skipped and dropped from the head; it is emptied when nobody waits.
   */
  #deadlines: Entry[] = [];
  #deadlineHead = 0;
  #deadlineTimer: unknown;
  #waiting = 0;
  #running = 0;

  constructor(options: AdmissionOptions) {
    this.#options = options;
    this.#queue = new PQueue({ concurrency: options.concurrency, queueClass: RemovableQueue });
    this.#waitingQueue = RemovableQueue.last!;
    RemovableQueue.last = undefined;
  }

  get waiting(): number {
    return this.#waiting;
  }

  get running(): number {
    return this.#running;
  }

  stats(): AdmissionStats {
    return {
      waiting: this.#waiting,
      running: this.#running,
      lanes: this.#lanes.size,
      slotsQueued: this.#queue.size,
      slotsRunning: this.#queue.pending,
    };
  }

  /**
   * Admits a request into `lane`, or returns undefined when the upstream is full. `deadlineMs`
   * bounds its wait (then it fails with `expired()`).
   */
  admit(
    lane: string,
    task: AdmissionTask,
    deadlineMs?: number,
    expired?: () => unknown,
  ): Admitted | undefined {
    const { concurrency, maxQueue } = this.#options;
    if (this.#waiting + this.#running >= concurrency + maxQueue && !this.#pushOutFor(lane)) {
      return undefined;
    }
    const seq = this.#seq++;
    const clock = this.#options.clock;
    // A free slot and nobody waiting: the request runs at once, outside p-queue, and p-queue's
    // concurrency is lowered by one until it ends (so p-queue still holds the limit). A p-queue
    // task costs ~1 µs of promises and bookkeeping: ~5 % of a routed request.
    const queue = this.#queue;
    if (queue.size === 0 && queue.pending < queue.concurrency && queue.concurrency > 1) {
      const entry = new Entry(this, lane, task, this.#round, seq, undefined);
      this.#entries.add(entry);
      queue.concurrency--;
      entry.bypass = true;
      this.#run(entry, undefined);
      return entry;
    }
    let record = this.#lanes.get(lane);
    const rank = record === undefined ? this.#round : Math.max(record.lastRank + 1, this.#round);
    const entry = new Entry(this, lane, task, rank, seq, clock.now());
    this.#entries.add(entry);
    if (record === undefined) {
      record = { waiting: new Set(), lastRank: rank };
      this.#lanes.set(lane, record);
    }
    record.lastRank = rank;
    record.waiting.add(entry);
    this.#waiting++;
    void this.#queue.add(() => this.#start(entry), { priority: -rank, id: String(seq) });
    if (entry.state === 'queued' && deadlineMs !== undefined && Number.isFinite(deadlineMs)) {
      this.#armDeadline(entry, (entry.queuedAt ?? 0) + deadlineMs, expired);
    }
    return entry;
  }

  #armDeadline(entry: Entry, dueAt: number, expired: (() => unknown) | undefined): void {
    entry.dueAt = dueAt;
    entry.expired = expired;
    const clock = this.#options.clock;
    const tail = this.#deadlines.at(-1);
    if (tail !== undefined && (tail.dueAt ?? 0) > dueAt) {
      // Earlier than the FIFO's tail (a shorter timeout than the others'): its own timer.
      entry.timer = clock.setTimeout(() => {
        entry.timer = undefined;
        this.#expire(entry);
      }, dueAt - clock.now());
      return;
    }
    this.#deadlines.push(entry);
    if (this.#deadlineTimer === undefined) this.#armShared();
  }

  /** Arms the shared timer for the first entry of the FIFO still waiting. */
  #armShared(): void {
    this.#dropLeftDeadlines();
    const head = this.#deadlines[this.#deadlineHead];
    if (head === undefined) return;
    const clock = this.#options.clock;
    this.#deadlineTimer = clock.setTimeout(
      () => {
        this.#deadlineTimer = undefined;
        const now = clock.now();
        for (;;) {
          this.#dropLeftDeadlines();
          const next = this.#deadlines[this.#deadlineHead];
          if (next === undefined || (next.dueAt ?? 0) > now) break;
          this.#deadlineHead++;
          this.#expire(next);
        }
        this.#armShared();
      },
      Math.max(0, (head.dueAt ?? 0) - clock.now()),
    );
  }

  /** Drops entries that no longer wait from the FIFO's head (and resets an empty FIFO). */
  #dropLeftDeadlines(): void {
    const list = this.#deadlines;
    while (this.#deadlineHead < list.length && list[this.#deadlineHead]?.state !== 'queued') {
      this.#deadlineHead++;
    }
    if (this.#deadlineHead === list.length) {
      this.#deadlines = [];
      this.#deadlineHead = 0;
    } else if (this.#deadlineHead > 1024 && this.#deadlineHead > list.length / 2) {
      this.#deadlines = list.slice(this.#deadlineHead);
      this.#deadlineHead = 0;
    }
  }

  #expire(entry: Entry): void {
    if (entry.state !== 'queued') return;
    const expired = entry.expired;
    this.leave(entry);
    entry.task.fail(expired?.() ?? new Error('queue deadline'));
  }

  /** Fails every admitted request (waiting and running) with `error`. */
  cancelAll(error: unknown): void {
    for (const entry of [...this.#entries]) {
      this.leave(entry);
      entry.task.fail(error);
    }
  }

  /** p-queue started `entry`'s task: it runs until `done`/`leave`. */
  #start(entry: Entry): Promise<void> {
    return new Promise<void>((release) => {
      if (entry.state !== 'queued') return release(); // not reached: a leaver is removed
      if (entry.dueAt !== undefined && this.#options.clock.now() >= entry.dueAt) {
        // A slot freed at the very moment its deadline passed: it fails rather than runs.
        this.#expire(entry);
        return release();
      }
      this.#unqueue(entry);
      this.#round = entry.rank;
      this.#run(entry, release);
    });
  }

  #run(entry: Entry, release: (() => void) | undefined): void {
    entry.state = 'running';
    entry.release = release;
    this.#running++;
    if (entry.queuedAt !== undefined) entry.waitedMs = this.#options.clock.now() - entry.queuedAt;
    try {
      entry.task.run(() => this.leave(entry));
    } catch (error) {
      this.leave(entry);
      entry.task.fail(error);
    }
  }

  /** Takes a waiting entry out of its lane (and its deadline timer). */
  #unqueue(entry: Entry): void {
    const lane = this.#lanes.get(entry.lane);
    if (lane?.waiting.delete(entry)) {
      this.#waiting--;
      if (lane.waiting.size === 0) this.#lanes.delete(entry.lane);
    }
    if (entry.timer !== undefined) {
      this.#options.clock.clearTimeout(entry.timer);
      entry.timer = undefined;
    }
    if (this.#waiting === 0 && this.#deadlines.length > 0) {
      // Nobody waits: no deadline is pending.
      this.#deadlines = [];
      this.#deadlineHead = 0;
      if (this.#deadlineTimer !== undefined) this.#options.clock.clearTimeout(this.#deadlineTimer);
      this.#deadlineTimer = undefined;
    }
  }

  /** @internal (Entry.leave) Leaves the queue or frees the slot; idempotent. */
  leave(entry: Entry): void {
    if (entry.state === 'done') return;
    const wasRunning = entry.state === 'running';
    entry.state = 'done';
    this.#entries.delete(entry);
    if (wasRunning) {
      this.#running--;
      const release = entry.release;
      entry.release = undefined;
      // A request that ran outside p-queue gives its slot back (p-queue starts the next one).
      if (entry.bypass) this.#queue.concurrency++;
      else release?.();
    } else {
      this.#unqueue(entry);
      this.#waitingQueue.remove(String(entry.seq));
    }
  }

  /** @internal (Entry.position) Waiting entries p-queue will start before `entry`. */
  positionOf(entry: Entry): number | undefined {
    if (entry.state !== 'queued') return undefined;
    let before = 0;
    for (const lane of this.#lanes.values()) {
      for (const other of lane.waiting) {
        if (other.rank < entry.rank || (other.rank === entry.rank && other.seq < entry.seq)) {
          before++;
        }
      }
    }
    return before;
  }

  /** Longest queue drop: pushes out the newest request of the longest other lane, if fair. */
  #pushOutFor(lane: string): boolean {
    const own = this.#lanes.get(lane)?.waiting.size ?? 0;
    let longest: Set<Entry> | undefined;
    for (const [key, record] of this.#lanes) {
      if (key !== lane && record.waiting.size > (longest?.size ?? 0)) longest = record.waiting;
    }
    if (longest === undefined || longest.size < own + 2) return false;
    let newest: Entry | undefined;
    for (const entry of longest) newest = entry; // O(lane) only when the queue is full
    if (newest === undefined) return false;
    this.leave(newest);
    newest.task.fail(this.#options.pushedOut());
    return true;
  }
}
