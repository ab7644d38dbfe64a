/**
 * A request's place in the upstream's queue: the ONE admission type (the router's in-flight
 * record holds it, and the status views read it).
 */
export interface AdmissionTicket {
    readonly state: 'queued' | 'running' | 'done';
    /** 0-based place among the waiting requests (0 = next to run); undefined unless queued. */
    position(): number | undefined;
    /** Time spent waiting for a slot so far (0 when it started at once). */
    readonly waitedMs: number;
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
declare class Entry implements Admitted {
    readonly admission: Admission;
    readonly lane: string;
    readonly task: AdmissionTask;
    readonly rank: number;
    readonly seq: number;
    /** When it joined p-queue's queue; undefined when it ran at once (direct). */
    readonly queuedAt: number | undefined;
    state: 'queued' | 'running' | 'done';
    waitedMs: number;
    /** It runs outside p-queue (started at once): it counts in `direct`, not in p-queue. */
    direct: boolean;
    release: (() => void) | undefined;
    /** Neighbours in the list of admitted entries (for `cancelAll`; cheaper than a Set). */
    prev: Entry | undefined;
    next: Entry | undefined;
    /** Its own deadline timer, when its deadline is earlier than the shared FIFO's tail. */
    timer: unknown;
    /** When it leaves the queue with an error (undefined: no deadline). */
    dueAt: number | undefined;
    expired: (() => unknown) | undefined;
    constructor(admission: Admission, lane: string, task: AdmissionTask, rank: number, seq: number, 
    /** When it joined p-queue's queue; undefined when it ran at once (direct). */
    queuedAt: number | undefined);
    position(): number | undefined;
    leave(): void;
}
export declare class Admission {
    #private;
    constructor(options: AdmissionOptions);
    get waiting(): number;
    get running(): number;
    stats(): AdmissionStats;
    /**
     * Admits a request into `lane`, or returns undefined when the upstream is full. `deadlineMs`
     * bounds its wait (then it fails with `expired()`).
     */
    admit(lane: string, task: AdmissionTask, deadlineMs?: number, expired?: () => unknown): Admitted | undefined;
    /**
     * Fails every admitted request (waiting and running) with `error`, oldest first. The waiting
     * ones leave first, so a slot freed by a running one starts nobody only to fail it.
     */
    cancelAll(error: unknown): void;
    /** @internal (Entry.leave) Leaves the queue or frees the slot; idempotent. */
    leave(entry: Entry): void;
    /** @internal (Entry.position) Waiting entries p-queue will start before `entry`. */
    positionOf(entry: Entry): number | undefined;
}
export {};
