/** setTimeout delays are 32-bit signed; longer waits are taken in steps. */
export const MAX_TIMER_MS = 2_147_483_647;
/** The action's work: shared (the queue is the action's state). */
function fire(deadlines) {
    deadlines?.fire();
}
export class Deadlines {
    #scheduler;
    #queue = [];
    #head = 0;
    /** Settled entries still in the queue (compaction threshold). */
    #settled = 0;
    #action = undefined;
    #armedFor = Number.POSITIVE_INFINITY;
    /** Inside `fire`: the queue is not rebuilt under its loop. */
    #firing = false;
    constructor(scheduler) {
        this.#scheduler = scheduler;
    }
    /** Waiting entries, settled ones included (tests: bounded by ~2× in flight). */
    get size() {
        return this.#queue.length - this.#head;
    }
    /**
     * Queues `timed` for `due` (the scheduler's time). False when `due` is earlier than the
     * last deadline queued: the caller then times itself.
     */
    add(timed, due) {
        const queue = this.#queue;
        const tail = queue.length > this.#head ? queue[queue.length - 1] : undefined;
        if (tail !== undefined && tail.due > due)
            return false;
        queue.push({ timed, due });
        timed.queued = true;
        if (tail === undefined || due < this.#armedFor)
            this.#arm(due);
        return true;
    }
    /** A queued entry settled (it stays until it reaches the head or a compaction). */
    settled() {
        this.#settled += 1;
        if (!this.#firing)
            this.#tidy();
    }
    /** Clears the queue when only settled entries are left, compacts it when they are half. */
    #tidy() {
        const size = this.#queue.length - this.#head;
        // Nothing left to time: no timer may keep the process alive for a settled request.
        if (this.#settled >= size)
            this.#clear();
        else if (this.#settled > 64 && this.#settled * 2 > size)
            this.#compact();
    }
    /** @internal The action fired: serve every entry due, then re-arm for the next. */
    fire() {
        this.#action = undefined;
        this.#armedFor = Number.POSITIVE_INFINITY;
        const now = this.#scheduler.now();
        const queue = this.#queue;
        this.#firing = true;
        try {
            this.#serve(queue, now);
        }
        finally {
            this.#firing = false;
        }
        this.#trim();
        if (this.#queue.length > this.#head)
            this.#tidy();
        const next = this.#queue[this.#head];
        if (next !== undefined && next.due !== this.#armedFor)
            this.#arm(next.due);
    }
    #serve(queue, now) {
        while (this.#head < queue.length) {
            const entry = queue[this.#head];
            if (!entry.timed.running) {
                this.#head += 1;
                this.#settled = Math.max(0, this.#settled - 1);
                continue;
            }
            if (entry.due > now)
                break;
            this.#head += 1;
            entry.timed.queued = false;
            entry.timed.onDue(now); // fails, or queues again (or times itself)
        }
    }
    #arm(due) {
        this.#action?.unsubscribe();
        this.#armedFor = due;
        const delay = Math.min(MAX_TIMER_MS, Math.max(0, due - this.#scheduler.now()));
        this.#action = this.#scheduler.schedule(fire, delay, this);
    }
    #clear() {
        for (let i = this.#head; i < this.#queue.length; i++) {
            this.#queue[i].timed.queued = false;
        }
        this.#queue = [];
        this.#head = 0;
        this.#settled = 0;
        this.#action?.unsubscribe();
        this.#action = undefined;
        this.#armedFor = Number.POSITIVE_INFINITY;
    }
    /** Drops the served head of the array (and everything when it is empty). */
    #trim() {
        if (this.#head === this.#queue.length) {
            this.#clear();
        }
        else if (this.#head > 1024 && this.#head * 2 > this.#queue.length) {
            this.#queue = this.#queue.slice(this.#head);
            this.#head = 0;
        }
    }
    #compact() {
        this.#queue = this.#queue.slice(this.#head).filter((entry) => {
            if (!entry.timed.running)
                entry.timed.queued = false;
            return entry.timed.running;
        });
        this.#head = 0;
        this.#settled = 0;
    }
}
//# sourceMappingURL=deadlines.js.map