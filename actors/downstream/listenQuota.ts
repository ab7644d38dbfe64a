/**
 * How many modern `subscriptions/listen` streams each principal holds open, across every
 * connection of one router (a listen holds its HTTP response, or a place on a stdio or
 * WebSocket connection, until the client ends it). Past `maxPerPrincipal` a new listen is
 * refused with -31003 (`ErrorCode.LimitExceeded`), so one client cannot hold unbounded
 * streams; others are not affected. The limits are read at each use (a reload changes them).
 */

export interface ListenLimits {
  /** Resource URIs one listen may name. */
  maxUris: number;
  /** Listens one principal may hold open at once. */
  maxPerPrincipal: number;
}

export class ListenQuota {
  readonly #limits: () => ListenLimits;
  readonly #open = new Map<string, number>();

  constructor(limits: () => ListenLimits) {
    this.#limits = limits;
  }

  get limits(): ListenLimits {
    return this.#limits();
  }

  /**
   * Takes a place for `key` (a principal, else one connection): the function that gives it
   * back (idempotent), or undefined when `key` already holds `maxPerPrincipal` listens.
   */
  acquire(key: string): (() => void) | undefined {
    const count = this.#open.get(key) ?? 0;
    if (count >= this.#limits().maxPerPrincipal) return undefined;
    this.#open.set(key, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#open.get(key) ?? 1) - 1;
      if (left <= 0) this.#open.delete(key);
      else this.#open.set(key, left);
    };
  }

  /** Open listens per key (stats, leak checks). */
  counts(): Map<string, number> {
    return new Map(this.#open);
  }

  /** Open listens over every key (`Router.stats`). */
  get total(): number {
    let total = 0;
    for (const count of this.#open.values()) total += count;
    return total;
  }
}
