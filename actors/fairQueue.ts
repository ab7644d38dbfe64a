/**
 * Fair admission and dispatch of one upstream's requests among downstream sessions ("lanes").
 *
 * - **Slots**: at most `concurrency` requests run. A request that finds a free slot and nobody
 *   waiting starts at once (the fast path: no promise, no queue entry — this is every request
 *   of an upstream that is not saturated). A request that has to wait joins its lane and puts
 *   one anonymous *slot task* into a p-queue of the same `concurrency`, which is where waiting
 *   happens: when p-queue starts a slot task, the task takes the next waiting request
 *   **round-robin over the lanes** (not necessarily the request that queued it) and holds the
 *   slot until that request is done. A slot task that p-queue starts while fast-path requests
 *   still hold every slot parks until one of them ends. So one session with a thousand queued
 *   requests and another with one take turns: the second waits for at most one request of
 *   each other lane.
 * - **Lanes**: each lane is a FIFO (an insertion-ordered Set: O(1) removal on cancel); the ring
 *   of non-empty lanes is a Map whose order is the turn order (served lane moves to the back).
 *   Empty lanes are deleted at once, so an idle queue holds nothing.
 * - **Admission**: at most `concurrency + maxQueue` requests are admitted (running + waiting).
 *   When that is full, the newcomer may push out the NEWEST waiting request of the longest
 *   lane, if that lane holds at least two more waiting requests than the newcomer's
 *   ("longest queue drop"): a flooding session cannot fill the queue and lock others out,
 *   and a lone session still uses the whole queue. Otherwise the newcomer is refused. Both
 *   the refused and the pushed-out request get an immediate overload error; a pushed-out
 *   request was never sent upstream.
 * - A waiting request that leaves (cancelled) is removed from its lane; the slot task it queued
 *   stays and, when started, serves the next waiting request or ends at once. (No
 *   AbortController per request: in Node they cost more than the rest of the routing.)
 */
import PQueue from 'p-queue';

export interface FairTask {
  /** The request got a slot: start it; call `done` (idempotent) when it has ended. */
  run(done: () => void): void;
  /** The request is failed from outside: pushed out of a full queue, or `cancelAll`. */
  fail(error: unknown): void;
}

export interface FairTicket {
  /** Leaves the queue or frees the slot (idempotent): call on completion and on cancel. */
  leave(): void;
}

export interface FairQueueOptions {
  concurrency: number;
  maxQueue: number;
  /** The error a pushed-out request gets. */
  pushedOut: () => unknown;
}

export interface FairQueueStats {
  waiting: number;
  running: number;
  /** Lanes holding waiting requests. */
  lanes: number;
  /** p-queue's own counts: slot tasks waiting and running. */
  slotsQueued: number;
  slotsRunning: number;
}

interface Entry {
  readonly lane: string;
  readonly task: FairTask;
  state: 'waiting' | 'running' | 'done';
  release: (() => void) | undefined;
}

export class FairQueue {
  readonly #options: FairQueueOptions;
  readonly #slots: PQueue;
  readonly #lanes = new Map<string, Set<Entry>>();
  readonly #entries = new Set<Entry>();
  /** Slot tasks p-queue started while fast-path requests held every slot: their release. */
  readonly #parked: (() => void)[] = [];
  #waiting = 0;
  #running = 0;

  constructor(options: FairQueueOptions) {
    this.#options = options;
    this.#slots = new PQueue({ concurrency: options.concurrency });
  }

  get waiting(): number {
    return this.#waiting;
  }

  get running(): number {
    return this.#running;
  }

  stats(): FairQueueStats {
    return {
      waiting: this.#waiting,
      running: this.#running,
      lanes: this.#lanes.size,
      slotsQueued: this.#slots.size,
      slotsRunning: this.#slots.pending,
    };
  }

  /** Admits a request into `lane`, or returns undefined when the upstream is full. */
  admit(lane: string, task: FairTask): FairTicket | undefined {
    const { concurrency, maxQueue } = this.#options;
    if (this.#waiting + this.#running >= concurrency + maxQueue && !this.#pushOutFor(lane)) {
      return undefined;
    }
    const entry: Entry = { lane, task, state: 'waiting', release: undefined };
    this.#entries.add(entry);
    const ticket = { leave: () => this.#leave(entry) };
    if (this.#waiting === 0 && this.#running < concurrency) {
      this.#start(entry, undefined);
      return ticket;
    }
    let queue = this.#lanes.get(lane);
    if (queue === undefined) {
      queue = new Set();
      this.#lanes.set(lane, queue);
    }
    queue.add(entry);
    this.#waiting++;
    this.#addSlot();
    return ticket;
  }

  /** Fails every admitted request (waiting and running) with `error`. */
  cancelAll(error: unknown): void {
    for (const entry of [...this.#entries]) {
      entry.task.fail(error);
      this.#leave(entry);
    }
  }

  #addSlot(): void {
    void this.#slots.add(
      () =>
        new Promise<void>((release) => {
          if (this.#waiting === 0)
            release(); // its request left, or was served already
          else if (this.#running >= this.#options.concurrency) this.#parked.push(release);
          else this.#serve(release);
        }),
    );
  }

  /** Runs the next waiting request in a slot, or gives the slot back when nobody waits. */
  #serve(release: () => void): void {
    const entry = this.#next();
    if (entry === undefined) release();
    else this.#start(entry, release);
  }

  #start(entry: Entry, release: (() => void) | undefined): void {
    entry.state = 'running';
    entry.release = release;
    this.#running++;
    entry.task.run(() => this.#leave(entry));
  }

  /** The next waiting request, round-robin over the lanes. */
  #next(): Entry | undefined {
    for (const [lane, queue] of this.#lanes) {
      const entry = queue.values().next().value as Entry;
      queue.delete(entry);
      this.#lanes.delete(lane);
      if (queue.size > 0) this.#lanes.set(lane, queue); // to the back of the ring
      this.#waiting--;
      return entry;
    }
    return undefined;
  }

  #leave(entry: Entry): void {
    if (entry.state === 'done') return;
    const wasRunning = entry.state === 'running';
    entry.state = 'done';
    this.#entries.delete(entry);
    if (wasRunning) {
      this.#running--;
      const release = entry.release;
      entry.release = undefined;
      release?.();
    } else {
      const queue = this.#lanes.get(entry.lane);
      if (queue?.delete(entry)) {
        if (queue.size === 0) this.#lanes.delete(entry.lane);
        this.#waiting--;
      }
    }
    if (this.#parked.length > 0) this.#unpark();
  }

  /** Parked slot tasks serve a freed slot, or go back to p-queue when nobody waits. */
  #unpark(): void {
    while (
      this.#parked.length > 0 &&
      (this.#waiting === 0 || this.#running < this.#options.concurrency)
    ) {
      this.#serve(this.#parked.pop()!);
    }
  }

  /** Longest queue drop: pushes out the newest request of the longest other lane, if fair. */
  #pushOutFor(lane: string): boolean {
    const own = this.#lanes.get(lane)?.size ?? 0;
    let longest: Set<Entry> | undefined;
    for (const [key, queue] of this.#lanes) {
      if (key !== lane && queue.size > (longest?.size ?? 0)) longest = queue;
    }
    if (longest === undefined || longest.size < own + 2) return false;
    let newest: Entry | undefined;
    for (const entry of longest) newest = entry; // O(lane) only when the queue is full
    if (newest === undefined) return false;
    newest.task.fail(this.#options.pushedOut());
    this.#leave(newest);
    return true;
  }
}
