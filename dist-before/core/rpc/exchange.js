const NO_SUBSCRIBER = {
    next() { },
    error() { },
    complete() { },
};
export class Exchange {
    id;
    method;
    scheduler;
    deadlines;
    /** Set when the exchange starts (the lifecycle that subscribed it). */
    subscriber = NO_SUBSCRIBER;
    progress;
    rawResult;
    sendOptions;
    timeout;
    maxTotalTimeout;
    resetTimeoutOnProgress;
    signal;
    #abandon;
    constructor(id, method, options, scheduler, deadlines, abandon) {
        this.id = id;
        this.method = method;
        this.scheduler = scheduler;
        this.deadlines = deadlines;
        this.progress = options?.progress === true;
        this.rawResult = options?.rawResult === true;
        const related = options?.relatedRequestId;
        this.sendOptions = related === undefined ? undefined : { relatedRequestId: related };
        this.timeout = options?.timeout;
        this.maxTotalTimeout = options?.maxTotalTimeout;
        this.resetTimeoutOnProgress = options?.resetTimeoutOnProgress;
        this.signal = options?.signal;
        this.#abandon = abandon;
    }
    /** The lifecycle ends the request before its response (`requestLifecycle`'s `cancel`). */
    cancel(reason) {
        this.#abandon(this.id, reason);
    }
}
//# sourceMappingURL=exchange.js.map