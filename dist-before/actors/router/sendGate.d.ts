/**
 * At most `limit` of the router's own requests in flight per upstream; the others wait in
 * arrival order. The subscription table sends through it, so a burst (a listen naming a
 * thousand URIs, its end, a reconnect re-subscribing everything) reaches the upstream a few
 * at a time instead of filling its admission queue, where the excess would be refused
 * (-32010) and the subscriptions silently lost.
 */
export declare class SendGate {
    #private;
    constructor(limit: number);
    /** Runs `send` when `upstream` has a free place; settles as it does. */
    run<T>(upstream: string, send: () => Promise<T>): Promise<T>;
    /** Requests in flight and waiting for `upstream` (tests, leak checks). */
    load(upstream: string): {
        running: number;
        waiting: number;
    };
}
