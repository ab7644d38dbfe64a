import { ErrorCode, RpcError } from '../../core/errors/index.js';
/**
 * Fails every routed request in flight with -32012 (`data.upstream`, `data.reason`) through the
 * in-flight index, which ends each upstream (`notifications/cancelled` when it runs); then the
 * router's own requests still admitted to a shared upstream.
 */
export function cancelInFlight(parts, reason) {
    const error = (upstream) => new RpcError(ErrorCode.RequestCancelled, `Request cancelled: ${reason}`, { upstream, reason });
    parts.inflight.cancelAll((request) => error(request.upstream));
    parts.upstreams.cancelAll(error);
}
/** Closes the sessions, then the upstreams; `events$` completes once they are closed. */
export function closeWithin(parts, sessions, options) {
    parts.bridge.close();
    const { upstreams, events, scheduler, log } = parts;
    const closing = Promise.allSettled([...sessions].map((s) => s.close()))
        .then(() => upstreams.close('mcp-mux is shutting down'))
        .finally(() => events.complete());
    return withDeadline(closing, options.timeoutMs, scheduler, log);
}
/** `work`, or its deadline if that comes first (then a warning; `work` goes on). */
export function withDeadline(work, timeoutMs, scheduler, log) {
    const done = work.then(() => { }, () => { });
    if (timeoutMs === undefined)
        return done;
    return new Promise((resolve) => {
        const timer = scheduler.schedule(() => {
            log.warn(`close: not done after ${timeoutMs} ms; upstreams still closing go on`);
            resolve();
        }, timeoutMs);
        void done.then(() => {
            timer.unsubscribe();
            resolve();
        });
    });
}
//# sourceMappingURL=shutdown.js.map