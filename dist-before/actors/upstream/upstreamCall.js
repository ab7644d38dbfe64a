/**
 * One request through an upstream's admission queue (`Upstream.request$`): a cold Observable
 * whose subscription is one object (`Run`): the admission task, the subscriber of the
 * connection's request (a `Subscription` that is also its `Observer`, so RxJS uses it as it is
 * and adds the request's teardown to it) and the teardown.
 *
 * What it does, in order: no ready connection → -32011 at once; admitted by the queue or
 * refused (-32010, `overloaded`); when it gets a slot, its limits are reduced by its wait
 * (`rest`), a modern upstream's request gets its `_meta` (modernCalls.ts), and it runs on the
 * connection; results lose the upstream's own serverInfo (core/mcp/upstreamIdentity.ts);
 * failures are explained (`explainFailure`: the upstream and the reason).
 */
import { Observable, throwError } from 'rxjs';
import { withoutUpstreamIdentity } from '../../core/mcp/index.js';
import { handOver, SourceHolder } from '../../core/operators/index.js';
import { explainFailure } from './upstreamErrors.js';
/** What is left of a limit after `waited` ms in the queue (at least 1 ms). */
const rest = (limit, waited) => Math.max(1, limit - waited);
/** The cold Observable of one upstream request; each subscription is one `Run`. */
export function upstreamCall$(host, call) {
    return new Observable((subscriber) => {
        const connection = host.connection;
        if (!connection) {
            subscriber.error(host.unavailable());
            return undefined;
        }
        return handOver(subscriber, new Run(host, call, connection, subscriber).admit());
    });
}
class Run extends SourceHolder {
    #host;
    #call;
    #connection;
    #subscriber;
    #ticket = undefined;
    #done = undefined;
    constructor(host, call, connection, subscriber) {
        super();
        this.#host = host;
        this.#call = call;
        this.#connection = connection;
        this.#subscriber = subscriber;
    }
    /** Into the queue (it may run at once, inside `admit`); the teardown, or none when refused. */
    admit() {
        const host = this.#host;
        const { method, options } = this.#call;
        const { timeout, maxTotalTimeout } = options;
        const deadline = timeout === undefined
            ? maxTotalTimeout
            : maxTotalTimeout === undefined
                ? timeout
                : Math.min(timeout, maxTotalTimeout);
        const ticket = host.queue.admit(this.#call.lane, this, deadline, deadline === undefined
            ? undefined
            : () => host.expired(method, deadline, deadline === timeout));
        if (ticket === undefined) {
            this.#subscriber.error(host.overloaded());
            return undefined;
        }
        this.#ticket = ticket;
        this.#call.onAdmit?.(ticket);
        return this;
    }
    /** The teardown: the connection's request (cancelled upstream if running), then the queue. */
    unsubscribe() {
        super.unsubscribe();
        this.#ticket?.leave();
    }
    // The admission task.
    run(done) {
        this.#done = done;
        const host = this.#host;
        const { method, params, options } = this.#call;
        // Runs inside `admit` when a slot is free (then no ticket yet: it did not wait).
        const waited = this.#ticket?.waitedMs ?? 0;
        const running = waited === 0 ? options : reduced(options, waited);
        const server = host.server;
        if (server?.era === 'modern') {
            const [sent, sentOptions] = host.modern.request(server.protocolVersion, method, params, running);
            this.#connection.request$(method, sent, sentOptions).subscribe(this);
        }
        else {
            this.#connection.request$(method, params, running).subscribe(this);
        }
    }
    fail(error) {
        this.#explain(error);
    }
    // The observer of the connection's request.
    next(event) {
        if (event.kind !== 'result') {
            this.#subscriber.next(event);
            return;
        }
        // Every era: the upstream's own serverInfo leaves the result (core/mcp/upstreamIdentity.ts).
        const result = withoutUpstreamIdentity(event.result);
        this.#subscriber.next(result === event.result ? event : { kind: 'result', result });
    }
    error(error) {
        this.#done?.();
        this.#explain(error);
    }
    complete() {
        this.#done?.();
        this.#subscriber.complete();
    }
    /** The failure, explained (the upstream and the reason): no operator on the happy path. */
    #explain(error) {
        const host = this.#host;
        const { method } = this.#call;
        const subscriber = this.#subscriber;
        throwError(() => error)
            .pipe(explainFailure(host.name, method, this.#connection, () => host.localReason()))
            .subscribe({ error: (explained) => subscriber.error(explained) });
    }
}
/** `options` with its limits reduced by a wait of `waited` ms in the queue. */
function reduced(options, waited) {
    const { timeout, maxTotalTimeout } = options;
    return {
        ...options,
        ...(timeout === undefined ? {} : { timeout: rest(timeout, waited) }),
        ...(maxTotalTimeout === undefined ? {} : { maxTotalTimeout: rest(maxTotalTimeout, waited) }),
    };
}
//# sourceMappingURL=upstreamCall.js.map