/**
 * At most `limit` of the router's own requests in flight per upstream; the others wait in
 * arrival order. The subscription table sends through it, so a burst (a listen naming a
 * thousand URIs, its end, a reconnect re-subscribing everything) reaches the upstream a few
 * at a time instead of filling its admission queue, where the excess would be refused
 * (-32010) and the subscriptions silently lost.
 */

interface Lane {
  running: number;
  /** Waiting starts; `head` is the next one (no `shift`, which is O(n) on a long queue). */
  waiting: (() => void)[];
  head: number;
}

export class SendGate {
  readonly #limit: number;
  readonly #lanes = new Map<string, Lane>();

  constructor(limit: number) {
    this.#limit = Math.max(1, limit);
  }

  /** Runs `send` when `upstream` has a free place; settles as it does. */
  run<T>(upstream: string, send: () => Promise<T>): Promise<T> {
    let lane = this.#lanes.get(upstream);
    if (!lane) {
      lane = { running: 0, waiting: [], head: 0 };
      this.#lanes.set(upstream, lane);
    }
    const current = lane;
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        current.running++;
        let sent: Promise<T>;
        try {
          sent = send();
        } catch (error) {
          sent = Promise.reject(error);
        }
        sent.then(resolve, reject).finally(() => this.#done(upstream, current));
      };
      if (current.running < this.#limit) start();
      else current.waiting.push(start);
    });
  }

  /** Requests in flight and waiting for `upstream` (tests, leak checks). */
  load(upstream: string): { running: number; waiting: number } {
    const lane = this.#lanes.get(upstream);
    return { running: lane?.running ?? 0, waiting: lane ? lane.waiting.length - lane.head : 0 };
  }

  #done(upstream: string, lane: Lane): void {
    lane.running--;
    const next = lane.waiting[lane.head];
    if (next) {
      lane.waiting[lane.head] = undefined as never;
      lane.head++;
      if (lane.head === lane.waiting.length) {
        lane.waiting = [];
        lane.head = 0;
      }
      next();
    } else if (lane.running === 0 && this.#lanes.get(upstream) === lane) {
      this.#lanes.delete(upstream);
    }
  }
}
