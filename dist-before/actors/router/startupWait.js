import { SUPERVISION_DEFAULTS, } from '../../core/config/index.js';
export class StartupWait {
    /** Settled: every upstream ready or failed, or `timeoutMs` passed, or ended. */
    promise;
    /** Clients may be answered: settled, or the grace passed. */
    served;
    #settled = new Set();
    #expected;
    #options;
    #startedAt;
    #resolve;
    #serve;
    #timers = [];
    /** `expected`: the enabled upstreams' names (read again at each settle: reloads). */
    constructor(expected, options) {
        this.#expected = expected;
        this.#options = options;
        this.#startedAt = options.scheduler.now();
        this.promise = new Promise((resolve) => {
            this.#resolve = resolve;
        });
        this.served = new Promise((resolve) => {
            this.#serve = resolve;
        });
        const { scheduler, timeoutMs, log } = options;
        this.#timers.push(scheduler.schedule(() => {
            if (!this.#resolve)
                return;
            log.warn(`start-up wait of ${timeoutMs}ms ended; still waiting for: ${this.waiting().join(', ')}`);
            this.end();
        }, timeoutMs));
        if (options.graceMs !== undefined && options.graceMs < timeoutMs) {
            this.#timers.push(scheduler.schedule(() => this.#graceEnded(), options.graceMs));
        }
        this.#check();
    }
    /** True once settled (every upstream ready or failed, or the wait ended). */
    get isSettled() {
        return this.#resolve === undefined;
    }
    /** True once clients are answered (settled, or the grace passed). */
    get isServing() {
        return this.#serve === undefined;
    }
    /** The enabled upstreams neither ready nor failed yet. */
    waiting() {
        return this.#expected().filter((name) => !this.#settled.has(name));
    }
    /** Upstream `name` is ready or failed. */
    settle(name) {
        this.#settled.add(name);
        this.#check();
    }
    /** Ends the wait now (settled, timed out, or the router closes). */
    end() {
        this.#serve?.();
        this.#serve = undefined;
        this.#resolve?.();
        this.#resolve = undefined;
        for (const timer of this.#timers)
            timer.unsubscribe();
        this.#timers = [];
    }
    #graceEnded() {
        if (!this.#serve)
            return;
        this.#serve();
        this.#serve = undefined;
        const { scheduler, log } = this.#options;
        const expected = this.#expected();
        const ready = expected.length - this.waiting().length;
        log.info(`answering clients after ${this.#options.graceMs}ms with ${ready}/${expected.length} upstreams settled; late ones are announced with list_changed`);
        const remind = () => {
            if (this.isSettled)
                return;
            const elapsed = Math.round((scheduler.now() - this.#startedAt) / 100) / 10;
            log.info(`still starting after ${elapsed}s: ${this.waiting().join(', ')}`);
        };
        remind();
        const every = this.#options.reminderMs ?? 5_000;
        this.#timers.push(scheduler.schedule(function () {
            remind();
            this.schedule(undefined, every);
        }, every));
    }
    #check() {
        if (this.#resolve && this.#expected().every((name) => this.#settled.has(name)))
            this.end();
    }
}
/**
 * The router's start-up: a `StartupWait` over the enabled upstreams (limits from the options,
 * else the config), handed to `publish` BEFORE each of them is added to the pool (an upstream
 * may settle while it is added, and must find the wait).
 */
export function startupWaitFor(parts, options, config, publish) {
    const { scheduler, log } = parts;
    const first = config();
    const timeoutMs = options.startupTimeoutMs ?? first.startupTimeoutMs ?? SUPERVISION_DEFAULTS.startupTimeoutMs;
    const graceMs = options.initializeGraceMs ?? first.initializeGraceMs ?? SUPERVISION_DEFAULTS.initializeGraceMs;
    const enabled = () => config().upstreams.filter((u) => !u.disabled);
    const startup = new StartupWait(() => enabled().map((u) => u.name), {
        scheduler,
        timeoutMs,
        graceMs,
        log,
    });
    publish(startup);
    for (const upstream of enabled())
        parts.upstreams.add(upstream);
    return startup;
}
//# sourceMappingURL=startupWait.js.map