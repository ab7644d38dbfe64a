/**
 * The start-up wait, in two steps on the router's scheduler:
 *
 * - `served` resolves once every enabled upstream is ready or failed, or after `graceMs`,
 *   whichever comes first: clients' `initialize` and first list calls wait for it, so one
 *   upstream that never answers does not hold every client. Upstreams still
 *   starting then are named on the log, again every `reminderMs`, and announced with
 *   `list_changed` when they come.
 * - `promise` (settled) resolves once every enabled upstream is ready or failed, or after
 *   `timeoutMs` (with a warning naming who is still missing): the CLI's `ready:` line.
 *
 * Its timers are cancelled once it settles, so it never holds the process open.
 */
import type { SchedulerLike } from 'rxjs';
import { type RouterConfig, type UpstreamConfig } from '../../core/config/index.js';
import type { Logger } from '../../core/log/index.js';
export interface StartupWaitOptions {
    scheduler: SchedulerLike;
    timeoutMs: number;
    /** How long clients wait for upstreams still starting (`mcpMux.initializeGraceMs`). */
    graceMs?: number;
    /** How often the upstreams still starting are named again after the grace (default 5000). */
    reminderMs?: number;
    log: Logger;
}
export declare class StartupWait {
    #private;
    /** Settled: every upstream ready or failed, or `timeoutMs` passed, or ended. */
    readonly promise: Promise<void>;
    /** Clients may be answered: settled, or the grace passed. */
    readonly served: Promise<void>;
    /** `expected`: the enabled upstreams' names (read again at each settle: reloads). */
    constructor(expected: () => readonly string[], options: StartupWaitOptions);
    /** True once settled (every upstream ready or failed, or the wait ended). */
    get isSettled(): boolean;
    /** True once clients are answered (settled, or the grace passed). */
    get isServing(): boolean;
    /** The enabled upstreams neither ready nor failed yet. */
    waiting(): string[];
    /** Upstream `name` is ready or failed. */
    settle(name: string): void;
    /** Ends the wait now (settled, timed out, or the router closes). */
    end(): void;
}
/**
 * The router's start-up: a `StartupWait` over the enabled upstreams (limits from the options,
 * else the config), handed to `publish` BEFORE each of them is added to the pool (an upstream
 * may settle while it is added, and must find the wait).
 */
export declare function startupWaitFor(parts: {
    readonly scheduler: SchedulerLike;
    readonly log: Logger;
    readonly upstreams: {
        add(upstream: UpstreamConfig): void;
    };
}, options: {
    readonly startupTimeoutMs?: number;
    readonly initializeGraceMs?: number;
}, config: () => RouterConfig, publish: (startup: StartupWait) => void): StartupWait;
