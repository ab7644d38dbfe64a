export class SessionUsage {
    #moment = 0;
    /** Session → upstream → moment of its last activity there. */
    #sessions = new Map();
    #inflight;
    constructor(inflight) {
        this.#inflight = inflight;
    }
    /** A new moment (the in-flight index stamps each request with one). */
    tick() {
        return ++this.#moment;
    }
    /** Records activity of `session` toward `upstream` (a request started, a roots change). */
    touch(session, upstream) {
        let uses = this.#sessions.get(session);
        if (uses === undefined) {
            uses = new Map();
            this.#sessions.set(session, uses);
            const forget = () => this.#sessions.delete(session);
            session.closed.then(forget, forget);
        }
        uses.set(upstream, ++this.#moment);
    }
    /** The upstreams `session` has sent requests (or roots changes) to. */
    upstreamsOf(session) {
        return [...(this.#sessions.get(session)?.keys() ?? [])];
    }
    /** Every session with recorded activity, with its standing toward `upstream`. */
    entries(upstream) {
        const latest = new Map();
        for (const use of this.#inflight.toUpstream(upstream)) {
            if (use.session === undefined)
                continue;
            const seen = latest.get(use.session);
            if (seen === undefined)
                latest.set(use.session, { count: 1, moment: use.moment, id: use.id });
            else {
                seen.count++;
                if (use.moment > seen.moment) {
                    seen.moment = use.moment;
                    seen.id = use.id;
                }
            }
        }
        const out = [];
        for (const [session, uses] of this.#sessions) {
            let lastActive = -1;
            for (const moment of uses.values())
                lastActive = Math.max(lastActive, moment);
            const inflight = latest.get(session);
            out.push({
                session,
                inflight: inflight?.count ?? 0,
                lastInflight: inflight?.moment ?? -1,
                relatedRequestId: inflight?.id,
                lastActive,
            });
        }
        return out;
    }
    /** The downstream id of `session`'s most recent request in flight to `upstream`. */
    relatedRequestId(session, upstream) {
        let moment = -1;
        let id;
        for (const use of this.#inflight.toUpstream(upstream)) {
            if (use.session === session && use.moment > moment) {
                moment = use.moment;
                id = use.id;
            }
        }
        return id;
    }
    /** Sessions tracked (leak tests expect it to fall back as sessions close). */
    get size() {
        return this.#sessions.size;
    }
}
//# sourceMappingURL=sessionUsage.js.map