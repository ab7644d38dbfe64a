/**
 * Admission of one upstream's requests: p-queue holds the concurrency limit and the waiting
 * order; this module adds what p-queue does not know — sessions ("lanes"), the bound, the
 * queue deadline and leaving the queue.
 *
 * - **Limit and order**: p-queue's priority queue is the waiting order, and its concurrency
 *   the limit of the requests it starts. A request that finds a free slot and nobody waiting
 *   runs at once outside p-queue ("direct") and touches nothing of p-queue: a p-queue task
 *   costs ~2–3 µs of promises and bookkeeping, and even setting its `concurrency` runs its
 *   queue and emits `empty`/`idle` (actors/README.md, "Fairness", has the measurements). p-queue's capacity is brought to `concurrency − direct` only when
 *   it matters: before each `add`, and when a direct request ends while others wait (the
 *   setter then starts the next one); with every slot held by direct requests p-queue is
 *   paused (its concurrency cannot be 0). So direct + p-queue's running ≤ `concurrency`
 *   always, and whenever a request waits, p-queue's capacity is exactly the free share.
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
 * `#waiting` always equals p-queue's `size`: p-queue starts a task synchronously (`#start`).
 */
import PQueue, { PriorityQueue } from 'p-queue';
/** p-queue's default queue, kept reachable so a waiting task can be removed by id. */
class RemovableQueue extends PriorityQueue {
    static last;
    constructor() {
        super();
        RemovableQueue.last = this;
    }
}
class Entry {
    admission;
    lane;
    task;
    rank;
    seq;
    queuedAt;
    state = 'queued';
    waitedMs = 0;
    /** It runs outside p-queue (started at once): it counts in `direct`, not in p-queue. */
    direct = false;
    release;
    /** Neighbours in the list of admitted entries (for `cancelAll`; cheaper than a Set). */
    prev;
    next;
    /** Its own deadline timer, when its deadline is earlier than the shared FIFO's tail. */
    timer;
    /** When it leaves the queue with an error (undefined: no deadline). */
    dueAt;
    expired;
    constructor(admission, lane, task, rank, seq, 
    /** When it joined p-queue's queue; undefined when it ran at once (direct). */
    queuedAt) {
        this.admission = admission;
        this.lane = lane;
        this.task = task;
        this.rank = rank;
        this.seq = seq;
        this.queuedAt = queuedAt;
    }
    position() {
        return this.admission.positionOf(this);
    }
    leave() {
        this.admission.leave(this);
    }
}
export class Admission {
    #options;
    #queue;
    #waitingQueue;
    #lanes = new Map();
    /** The newest admitted entry, head of the list of every admitted entry (`prev` links). */
    #newest;
    /** The rank p-queue started last: the current round. */
    #round = 0;
    #seq = 0;
    /**
     * Waiting entries with a deadline, in order of `dueAt` (non-decreasing), served by ONE timer
     * armed for the head: a timer per request costs more than the rest of admission. Entries
     * that left are skipped and dropped from the head; it is emptied when nobody waits.
     */
    #deadlines = [];
    #deadlineHead = 0;
    #deadlineTimer;
    #waiting = 0;
    #running = 0;
    /** Running entries started outside p-queue. */
    #direct = 0;
    constructor(options) {
        this.#options = options;
        this.#queue = new PQueue({ concurrency: options.concurrency, queueClass: RemovableQueue });
        this.#waitingQueue = RemovableQueue.last;
        RemovableQueue.last = undefined;
    }
    get waiting() {
        return this.#waiting;
    }
    get running() {
        return this.#running;
    }
    stats() {
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
    admit(lane, task, deadlineMs, expired) {
        const { concurrency, maxQueue } = this.#options;
        if (this.#waiting + this.#running >= concurrency + maxQueue && !this.#pushOutFor(lane)) {
            return undefined;
        }
        const seq = this.#seq++;
        // A free slot and nobody waiting: the request runs at once, outside p-queue, without a
        // call into it. `pending` is p-queue's count, which drops a few microtasks after its task
        // released the slot: until then the slot is not free here either.
        if (this.#waiting === 0 && this.#direct + this.#queue.pending < concurrency) {
            const entry = new Entry(this, lane, task, this.#round, seq, undefined);
            this.#link(entry);
            entry.direct = true;
            this.#direct++;
            this.#run(entry, undefined);
            return entry;
        }
        const clock = this.#options.clock;
        let record = this.#lanes.get(lane);
        const rank = record === undefined ? this.#round : Math.max(record.lastRank + 1, this.#round);
        const entry = new Entry(this, lane, task, rank, seq, clock.now());
        this.#link(entry);
        if (record === undefined) {
            record = { waiting: new Set(), lastRank: rank };
            this.#lanes.set(lane, record);
        }
        record.lastRank = rank;
        record.waiting.add(entry);
        this.#waiting++;
        this.#syncCapacity();
        void this.#queue.add(() => this.#start(entry), { priority: -rank, id: String(seq) });
        if (entry.state === 'queued' && deadlineMs !== undefined && Number.isFinite(deadlineMs)) {
            this.#armDeadline(entry, (entry.queuedAt ?? 0) + deadlineMs, expired);
        }
        return entry;
    }
    #armDeadline(entry, dueAt, expired) {
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
        if (this.#deadlineTimer === undefined)
            this.#armShared();
    }
    /** Arms the shared timer for the first entry of the FIFO still waiting. */
    #armShared() {
        this.#dropLeftDeadlines();
        const head = this.#deadlines[this.#deadlineHead];
        if (head === undefined)
            return;
        const clock = this.#options.clock;
        this.#deadlineTimer = clock.setTimeout(() => {
            this.#deadlineTimer = undefined;
            const now = clock.now();
            for (;;) {
                this.#dropLeftDeadlines();
                const next = this.#deadlines[this.#deadlineHead];
                if (next === undefined || (next.dueAt ?? 0) > now)
                    break;
                this.#deadlineHead++;
                this.#expire(next);
            }
            this.#armShared();
        }, Math.max(0, (head.dueAt ?? 0) - clock.now()));
    }
    /** Drops entries that no longer wait from the FIFO's head (and resets an empty FIFO). */
    #dropLeftDeadlines() {
        const list = this.#deadlines;
        while (this.#deadlineHead < list.length && list[this.#deadlineHead]?.state !== 'queued') {
            this.#deadlineHead++;
        }
        if (this.#deadlineHead === list.length) {
            this.#deadlines = [];
            this.#deadlineHead = 0;
        }
        else if (this.#deadlineHead > 1024 && this.#deadlineHead > list.length / 2) {
            this.#deadlines = list.slice(this.#deadlineHead);
            this.#deadlineHead = 0;
        }
    }
    #expire(entry) {
        if (entry.state !== 'queued')
            return;
        const expired = entry.expired;
        this.leave(entry);
        entry.task.fail(expired?.() ?? new Error('queue deadline'));
    }
    /**
     * Gives p-queue the slots direct requests do not hold: `concurrency − direct`, or paused when
     * they hold all (p-queue's concurrency cannot be 0). Its setter and `start()` run its queue.
     */
    #syncCapacity() {
        const queue = this.#queue;
        const free = this.#options.concurrency - this.#direct;
        if (free <= 0) {
            queue.pause();
            return;
        }
        if (queue.concurrency !== free)
            queue.concurrency = free;
        if (queue.isPaused)
            queue.start();
    }
    #link(entry) {
        const newest = this.#newest;
        entry.prev = newest;
        if (newest !== undefined)
            newest.next = entry;
        this.#newest = entry;
    }
    #unlink(entry) {
        const { prev, next } = entry;
        if (prev !== undefined)
            prev.next = next;
        if (next !== undefined)
            next.prev = prev;
        else
            this.#newest = prev;
        entry.prev = undefined;
        entry.next = undefined;
    }
    /**
     * Fails every admitted request (waiting and running) with `error`, oldest first. The waiting
     * ones leave first, so a slot freed by a running one starts nobody only to fail it.
     */
    cancelAll(error) {
        const entries = [];
        for (let entry = this.#newest; entry !== undefined; entry = entry.prev)
            entries.push(entry);
        entries.reverse();
        for (const entry of entries)
            if (entry.state === 'queued')
                this.leave(entry);
        for (const entry of entries) {
            this.leave(entry);
            entry.task.fail(error);
        }
    }
    /** p-queue started `entry`'s task: it runs until `done`/`leave`. */
    #start(entry) {
        return new Promise((release) => {
            if (entry.state !== 'queued')
                return release(); // not reached: a leaver is removed
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
    #run(entry, release) {
        entry.state = 'running';
        entry.release = release;
        this.#running++;
        if (entry.queuedAt !== undefined)
            entry.waitedMs = this.#options.clock.now() - entry.queuedAt;
        try {
            entry.task.run(() => this.leave(entry));
        }
        catch (error) {
            this.leave(entry);
            entry.task.fail(error);
        }
    }
    /** Takes a waiting entry out of its lane (and its deadline timer). */
    #unqueue(entry) {
        const lane = this.#lanes.get(entry.lane);
        if (lane?.waiting.delete(entry)) {
            this.#waiting--;
            if (lane.waiting.size === 0)
                this.#lanes.delete(entry.lane);
        }
        if (entry.timer !== undefined) {
            this.#options.clock.clearTimeout(entry.timer);
            entry.timer = undefined;
        }
        if (this.#waiting === 0 && this.#deadlines.length > 0) {
            // Nobody waits: no deadline is pending.
            this.#deadlines = [];
            this.#deadlineHead = 0;
            if (this.#deadlineTimer !== undefined)
                this.#options.clock.clearTimeout(this.#deadlineTimer);
            this.#deadlineTimer = undefined;
        }
    }
    /** @internal (Entry.leave) Leaves the queue or frees the slot; idempotent. */
    leave(entry) {
        if (entry.state === 'done')
            return;
        const wasRunning = entry.state === 'running';
        entry.state = 'done';
        this.#unlink(entry);
        if (wasRunning) {
            this.#running--;
            if (entry.direct) {
                // Its slot goes back to p-queue only if someone waits (which starts the next one);
                // otherwise p-queue is not touched, and the next `add` brings its capacity up to date.
                this.#direct--;
                if (this.#waiting > 0)
                    this.#syncCapacity();
                return;
            }
            const release = entry.release;
            entry.release = undefined;
            release?.();
        }
        else {
            this.#unqueue(entry);
            this.#waitingQueue.remove(String(entry.seq));
        }
    }
    /** @internal (Entry.position) Waiting entries p-queue will start before `entry`. */
    positionOf(entry) {
        if (entry.state !== 'queued')
            return undefined;
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
    #pushOutFor(lane) {
        const own = this.#lanes.get(lane)?.waiting.size ?? 0;
        let longest;
        for (const [key, record] of this.#lanes) {
            if (key !== lane && record.waiting.size > (longest?.size ?? 0))
                longest = record.waiting;
        }
        if (longest === undefined || longest.size < own + 2)
            return false;
        let newest;
        for (const entry of longest)
            newest = entry; // O(lane) only when the queue is full
        if (newest === undefined)
            return false;
        this.leave(newest);
        newest.task.fail(this.#options.pushedOut());
        return true;
    }
}
//# sourceMappingURL=admission.js.map