/**
 * One observer for `observers` (undefined for none, the observer itself for one). Each sees
 * every request and session; the params sent upstream are threaded through them in order, so
 * each may add to `_meta` (a tracer's `traceparent`) what the next one then sees.
 */
export function composeObservers(observers) {
    if (observers === undefined || !Array.isArray(observers)) {
        return observers;
    }
    const list = observers;
    if (list.length <= 1)
        return list[0];
    return {
        request(upstream, method, name, params, caller) {
            const watches = [];
            let sent = params;
            for (const observer of list) {
                const watch = observer.request(upstream, method, name, sent, caller);
                sent = watch.params;
                watches.push(watch);
            }
            return new Observations(watches, sent);
        },
        rateLimited(upstream, rule) {
            for (const observer of list)
                observer.rateLimited?.(upstream, rule);
        },
        approval(upstream, decision) {
            for (const observer of list)
                observer.approval?.(upstream, decision);
        },
        sessionOpened(session, transport) {
            for (const observer of list)
                observer.sessionOpened(session, transport);
        },
        sessionClosed(session, reason) {
            for (const observer of list)
                observer.sessionClosed(session, reason);
        },
    };
}
/** One request watched by several observers: each milestone told to each, in order. */
class Observations {
    #watches;
    params;
    constructor(watches, params) {
        this.#watches = watches;
        this.params = params;
    }
    admitted(ticket) {
        for (const watch of this.#watches)
            watch.admitted(ticket);
    }
    sent() {
        for (const watch of this.#watches)
            watch.sent();
    }
    answered(result) {
        for (const watch of this.#watches)
            watch.answered(result);
    }
    end(outcome, error) {
        for (const watch of this.#watches)
            watch.end(outcome, error);
    }
}
//# sourceMappingURL=composeObservers.js.map