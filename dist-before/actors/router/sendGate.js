/**
 * At most `limit` of the router's own requests in flight per upstream; the others wait in
 * arrival order. The subscription table sends through it, so a burst (a listen naming a
 * thousand URIs, its end, a reconnect re-subscribing everything) reaches the upstream a few
 * at a time instead of filling its admission queue, where the excess would be refused
 * (-32010) and the subscriptions silently lost.
 */
export class SendGate {
    #limit;
    #lanes = new Map();
    constructor(limit) {
        this.#limit = Math.max(1, limit);
    }
    /** Runs `send` when `upstream` has a free place; settles as it does. */
    run(upstream, send) {
        let lane = this.#lanes.get(upstream);
        if (!lane) {
            lane = { running: 0, waiting: [], head: 0 };
            this.#lanes.set(upstream, lane);
        }
        const current = lane;
        return new Promise((resolve, reject) => {
            const start = () => {
                current.running++;
                let sent;
                try {
                    sent = send();
                }
                catch (error) {
                    sent = Promise.reject(error);
                }
                sent.then(resolve, reject).finally(() => this.#done(upstream, current));
            };
            if (current.running < this.#limit)
                start();
            else
                current.waiting.push(start);
        });
    }
    /** Requests in flight and waiting for `upstream` (tests, leak checks). */
    load(upstream) {
        const lane = this.#lanes.get(upstream);
        return { running: lane?.running ?? 0, waiting: lane ? lane.waiting.length - lane.head : 0 };
    }
    #done(upstream, lane) {
        lane.running--;
        const next = lane.waiting[lane.head];
        if (next) {
            lane.waiting[lane.head] = undefined;
            lane.head++;
            if (lane.head === lane.waiting.length) {
                lane.waiting = [];
                lane.head = 0;
            }
            next();
        }
        else if (lane.running === 0 && this.#lanes.get(upstream) === lane) {
            this.#lanes.delete(upstream);
        }
    }
}
//# sourceMappingURL=sendGate.js.map