import { ErrorCode, RpcError } from '../../core/errors/index.js';
import { modernHeaders, withModernMeta } from '../../core/mcp/index.js';
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/**
 * The `SubscriptionFilter` of the list changes `capabilities` offer, and of the resources
 * subscribed to when the upstream offers `resources.subscribe` (empty: nothing to ask).
 */
export function listChangeFilter(capabilities, resources = new Set()) {
    const filter = {};
    const offers = (key) => {
        const capability = capabilities[key];
        return isObject(capability) && capability.listChanged === true;
    };
    if (offers('tools'))
        filter.toolsListChanged = true;
    if (offers('prompts'))
        filter.promptsListChanged = true;
    if (offers('resources'))
        filter.resourcesListChanged = true;
    const resourceCaps = capabilities.resources;
    if (resources.size > 0 && isObject(resourceCaps) && resourceCaps.subscribe === true) {
        filter.resourceSubscriptions = [...resources];
    }
    return filter;
}
/** One upstream's list-change listen, for as long as its connection is ready. */
export class ModernListen {
    #options;
    #subscription;
    #timer;
    /** A coalesced `restartSoon` due on the next turn. */
    #restartTimer;
    /** Who waits for the pending `restartSoon` to be sent. */
    #restartWaiters = [];
    #stopped = false;
    constructor(options) {
        this.#options = options;
    }
    /** Whether the upstream offers list changes (and so whether `start` listens at all). */
    get wanted() {
        return Object.keys(this.#filter()).length > 0;
    }
    #filter() {
        return listChangeFilter(this.#options.server.capabilities, this.#options.resources);
    }
    /**
     * The filter changed (a resource subscription): one new listen replaces this one on the next
     * turn of the clock, however many changes come before it. Subscribing k URIs in a burst (a
     * client's listen naming them) re-sends the filter once, not k times with 1..k URIs each.
     * Resolves once the new listen is sent (or the restart is dropped): a request written after
     * that reaches a stdio upstream after the new filter, so its updates are not missed.
     */
    restartSoon() {
        if (this.#stopped)
            return Promise.resolve();
        const sent = new Promise((resolve) => this.#restartWaiters.push(resolve));
        if (this.#restartTimer === undefined) {
            this.#restartTimer = this.#options.clock.setTimeout(() => {
                this.#restartTimer = undefined;
                this.restart();
            }, 0);
        }
        return sent;
    }
    /** The filter changed: the listen is replaced by a new one now. */
    restart() {
        if (this.#stopped)
            return;
        this.#cancelRestart();
        if (this.#timer !== undefined)
            this.#options.clock.clearTimeout(this.#timer);
        this.#timer = undefined;
        const previous = this.#subscription;
        this.#subscription = undefined;
        this.start();
        previous?.unsubscribe();
    }
    start() {
        if (this.#stopped || !this.wanted)
            return;
        const { connection, server, name, log } = this.#options;
        const params = withModernMeta({ notifications: this.#filter() }, {
            protocolVersion: server.protocolVersion,
            clientCapabilities: this.#options.capabilities,
            clientInfo: this.#options.clientInfo,
        });
        const headers = modernHeaders('subscriptions/listen', params, server.protocolVersion);
        const subscription = connection
            .request$('subscriptions/listen', params, { headers })
            .subscribe({
            error: (error) => {
                if (this.#stopped || connection.isClosed || this.#subscription !== subscription)
                    return;
                if (error instanceof RpcError && error.code === ErrorCode.MethodNotFound) {
                    log.info(`upstream ${name}: no subscriptions/listen; lists follow their ttlMs`);
                    return;
                }
                log.debug(`upstream ${name}: subscriptions/listen ended: ${String(error)}`);
                this.#again();
            },
            complete: () => {
                if (this.#stopped || connection.isClosed || this.#subscription !== subscription)
                    return;
                this.#again();
            },
        });
        this.#subscription = subscription;
    }
    stop() {
        this.#stopped = true;
        this.#cancelRestart();
        if (this.#timer !== undefined)
            this.#options.clock.clearTimeout(this.#timer);
        this.#timer = undefined;
        this.#subscription?.unsubscribe();
        this.#subscription = undefined;
    }
    /** Drops a pending `restartSoon` (a restart runs now, or never): its waiters go on. */
    #cancelRestart() {
        if (this.#restartTimer !== undefined)
            this.#options.clock.clearTimeout(this.#restartTimer);
        this.#restartTimer = undefined;
        const waiters = this.#restartWaiters;
        this.#restartWaiters = [];
        for (const resolve of waiters)
            resolve();
    }
    #again() {
        this.#timer = this.#options.clock.setTimeout(() => {
            this.#timer = undefined;
            this.start();
        }, this.#options.retryMs ?? 5_000);
    }
}
//# sourceMappingURL=modernListen.js.map