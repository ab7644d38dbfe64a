import { HELD_DEFAULTS } from './heldRounds.js';
import { inputRounds } from './inputRounds.js';
import { BRIDGED_METHODS, ModernCallers } from './modernCallers.js';
import { ServerRequests } from './serverRequests.js';
import { SessionUsage } from './sessionUsage.js';
export class Bridge {
    #modern;
    #usage;
    #serverRequests;
    constructor(options) {
        this.#usage = new SessionUsage(options.inflight);
        this.#modern = new ModernCallers({
            scheduler: options.scheduler,
            key: options.key,
            ttlMs: HELD_DEFAULTS.ttlMs,
            ...(options.gatherMs === undefined ? {} : { gatherMs: options.gatherMs }),
            moment: () => this.#usage.tick(),
            live: options.live,
            log: options.log,
        });
        this.#serverRequests = new ServerRequests(options, this.#modern, this.#usage);
    }
    /**
     * A routed call to `upstream`: `run(params)` sends it (and is called again with the answers
     * on a retry); the era bridge, if any, is chosen here once.
     */
    call(upstream, method, params, caller, run) {
        if (!BRIDGED_METHODS.has(method))
            return run(params);
        const session = caller.session;
        if (session !== undefined) {
            return inputRounds(run, params, {
                upstream: upstream.name,
                session,
                relatedRequestId: caller.inbound.id,
            });
        }
        if (upstream.era === 'modern')
            return run(params);
        return this.#modern.track(upstream.name, method, params, caller, () => run(params));
    }
    /**
     * A server-to-client request from `upstream`: to one client session (`pinned`: the session
     * of an isolated connection), or held for a modern caller. Errors go back to the upstream.
     */
    serverRequest$(upstream, request, inbound, pinned) {
        return this.#serverRequests.request$(upstream, request, inbound, pinned);
    }
    /** `notifications/elicitation/complete`: only to the session that saw the elicitation. */
    elicitationComplete(upstream, notification, pinned) {
        this.#serverRequests.elicitationComplete(upstream, notification, pinned);
    }
    /** A client's roots changed: only its own (isolated) upstream connections hear it. */
    rootsListChanged(session) {
        this.#serverRequests.rootsListChanged(session);
    }
    /** A routed request failed: a -32042 error names URL elicitations whose completion goes to `session`. */
    noteRequiredElicitations(error, session) {
        this.#serverRequests.noteRequiredElicitations(error, session);
    }
    /**
     * The next moment of the counter that orders requests across eras: the in-flight index stamps
     * each routed request with one, held rounds take theirs from it too.
     */
    moment() {
        return this.#usage.tick();
    }
    /** A request of `session` toward `upstream` started (the activity the routing rule reads). */
    touch(session, upstream) {
        this.#usage.touch(session, upstream);
    }
    /**
     * The sessions a shared upstream's log message may belong to: those with requests in flight
     * there, and how many modern callers have one (they have no session to receive it).
     */
    logCauses(upstream) {
        const sessions = this.#usage
            .entries(upstream)
            .filter((entry) => entry.inflight > 0 && !entry.session.isClosed)
            .map((entry) => entry.session);
        return { sessions, modernCallers: this.#modern.count(upstream) };
    }
    get stats() {
        const rounds = this.#modern.rounds;
        return {
            heldRounds: rounds.size,
            modernCalls: rounds.running,
            sessionsSeen: this.#usage.size,
        };
    }
    /** Shutdown: held rounds end (their upstream calls are cancelled, held requests fail). */
    close() {
        this.#modern.rounds.close();
    }
}
//# sourceMappingURL=bridge.js.map