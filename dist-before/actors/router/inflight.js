/**
 * The in-flight index: ONE record per routed request, found by (downstream session, request
 * id), holding everything about it — the upstream, the id the request got on the upstream's
 * connection (its progress token there, when progress was asked), the caller's progress
 * token, its admission (queued or running, and its place in the queue), its start moment and
 * its state. The runtime reads it: server-initiated requests and log messages find the
 * sessions with requests in flight toward an upstream through it (`toUpstream`, the bridge's
 * `InflightView`), the status views list the oldest requests from it (`oldest`), and shutdown
 * fails what is still in flight through it (`cancelAll`).
 *
 * A record lives exactly as long as the routed request's Observable subscription, which is
 * the inbound handler's subscription on the client's connection (so a client's cancellation,
 * a dropped HTTP stream and a closed session all end it by unsubscribing), and its ONE
 * teardown (`close`: unsubscription, result, error or `cancel`) clears everything the request
 * holds: the upstream request (queue entry or outbound entry: `notifications/cancelled`
 * upstream if it was running) and the record. `cancel` fails the request toward the client
 * with an error, so its inbound entry ends with a response.
 *
 * Session-less (2026-07-28) requests are indexed under `session: undefined`; their ids are not
 * unique across clients, so a lookup finds the latest one with that id.
 */
import { Observable } from 'rxjs';
import { outcomeOf } from '../../core/observe/index.js';
import { handOver, SourceHolder } from '../../core/operators/index.js';
/**
 * One routed request: the record the index holds, the subscriber of the upstream call (a
 * `Subscription` that is also its `Observer`: RxJS uses it as it is and adds the call's
 * teardown to it) and the teardown of the downstream subscription, all in one object.
 */
class Record extends SourceHolder {
    session;
    id;
    method;
    upstream;
    progressToken;
    startedAt;
    moment;
    upstreamId = undefined;
    admission = undefined;
    ended = false;
    watch;
    /** A result came back (an unsubscription after it is not a cancellation). */
    answered = false;
    #index;
    #subscriber;
    constructor(index, init, startedAt, moment, subscriber) {
        super();
        this.moment = moment;
        this.#index = index;
        this.#subscriber = subscriber;
        this.watch = init.watch;
        this.session = init.session;
        this.id = init.id;
        this.method = init.method;
        this.upstream = init.upstream;
        this.progressToken = init.progressToken;
        this.startedAt = startedAt;
    }
    get state() {
        if (this.ended)
            return 'done';
        if (this.upstreamId !== undefined)
            return 'running';
        return this.admission?.state === 'running' ? 'running' : 'queued';
    }
    get position() {
        return this.state === 'queued' ? this.admission?.position() : undefined;
    }
    /** The hooks the upstream call gets (`InflightHooks`); made only when read. */
    get onSent() {
        return (id) => {
            this.upstreamId = id;
            this.watch?.sent();
        };
    }
    get onAdmit() {
        return (admission) => {
            this.admission = admission;
            this.watch?.admitted(admission);
        };
    }
    // The upstream call's observer.
    next(event) {
        if (event.kind === 'result') {
            this.answered = true;
            this.watch?.answered(event.result);
        }
        this.#subscriber.next(event);
    }
    error(error) {
        if (this.ended)
            return;
        this.watch?.end(outcomeOf(error), error);
        this.#index.failedCall(this, error);
        this.#subscriber.error(error);
    }
    complete() {
        if (this.ended)
            return;
        this.#index.close(this);
        this.#subscriber.complete();
    }
    /** `cancel`: fails the request toward the client. */
    fail(error) {
        this.watch?.end(outcomeOf(error), error);
        this.#index.close(this);
        this.#subscriber.error(error);
    }
    /**
     * The downstream subscription's teardown (the client cancelled, its session closed, or it
     * settled): the record, then the upstream call (cancelled upstream if still running).
     */
    unsubscribe() {
        this.#index.close(this);
        super.unsubscribe();
    }
}
export class InflightIndex {
    #options;
    /** Session → downstream id → record. Ids are keys as they are: 9 and "9" differ. */
    #sessions = new Map();
    #size = 0;
    constructor(options) {
        this.#options = options;
    }
    /** Records over all sessions (leak tests expect 0 once idle). */
    get size() {
        return this.#size;
    }
    /** The requests in flight toward `upstream` (the bridge's `InflightView`). */
    *toUpstream(upstream) {
        for (const records of this.#sessions.values()) {
            for (const record of records.values())
                if (record.upstream === upstream)
                    yield record;
        }
    }
    /** The `limit` oldest requests in flight, oldest first, aged at `now` (the status views). */
    oldest(limit, now) {
        const all = [];
        for (const records of this.#sessions.values())
            all.push(...records.values());
        return all
            .sort((a, b) => a.moment - b.moment)
            .slice(0, Math.max(0, limit))
            .map((r) => ({
            session: r.session,
            id: r.id,
            upstream: r.upstream,
            method: r.method,
            upstreamId: r.upstreamId,
            state: r.state,
            position: r.position,
            ageMs: Math.max(0, now - r.startedAt),
        }));
    }
    /**
     * Fails routed request `id` of `session` with `error` toward the client and ends it
     * upstream. False when it is not in flight.
     */
    cancel(session, id, error) {
        const record = this.#sessions.get(session)?.get(id);
        if (record === undefined || record.ended)
            return false;
        record.fail(error);
        return true;
    }
    /** Fails every routed request in flight with `errorOf(it)` (shutdown); how many it failed. */
    cancelAll(errorOf) {
        const records = [];
        for (const byId of this.#sessions.values())
            records.push(...byId.values());
        let failed = 0;
        for (const record of records) {
            // A failure toward one client may end another's record (a shared round): skip those.
            if (record.ended)
                continue;
            record.fail(errorOf(record));
            failed++;
        }
        return failed;
    }
    /**
     * Routes one request: `call` starts the upstream call with the hooks that keep the record
     * current. Cold: the record exists from subscription to teardown.
     */
    track(init, call) {
        return new Observable((subscriber) => handOver(subscriber, this.#open(init, call, subscriber)));
    }
    #open(init, call, subscriber) {
        const options = this.#options;
        const record = new Record(this, init, options.now(), options.moment(), subscriber);
        let records = this.#sessions.get(init.session);
        if (records === undefined) {
            records = new Map();
            this.#sessions.set(init.session, records);
        }
        records.set(init.id, record);
        this.#size++;
        options.opened?.(record);
        const upstreamCall = call(record).subscribe(record);
        if (upstreamCall !== record)
            record.add(upstreamCall);
        return record;
    }
    /** @internal The upstream call failed: `failed`, then the one teardown. */
    failedCall(record, error) {
        this.#options.failed?.(record, error);
        this.close(record);
    }
    /** @internal The one teardown of the record: idempotent. */
    close(record) {
        if (record.ended)
            return;
        record.ended = true;
        // Ended without an error: answered (ok) or cancelled (a no-op when already ended).
        record.watch?.end(record.answered ? 'ok' : 'cancelled');
        this.#size--;
        const records = this.#sessions.get(record.session);
        if (records?.get(record.id) === record) {
            records.delete(record.id);
            if (records.size === 0)
                this.#sessions.delete(record.session);
        }
    }
}
//# sourceMappingURL=inflight.js.map