/**
 * How many modern `subscriptions/listen` streams each principal holds open, across every
 * connection of one router (a listen holds its HTTP response, or a place on a stdio or
 * WebSocket connection, until the client ends it). Past `maxPerPrincipal` a new listen is
 * refused with -31003 (`ErrorCode.LimitExceeded`), so one client cannot hold unbounded
 * streams; others are not affected. The limits are read at each use (a reload changes them).
 */
import { PlacesPerPrincipal } from '../../core/auth/index.js';

export interface ListenLimits {
  /** Resource URIs one listen may name. */
  maxUris: number;
  /** Listens one principal may hold open at once. */
  maxPerPrincipal: number;
}

export class ListenQuota {
  readonly #limits: () => ListenLimits;
  readonly #places = new PlacesPerPrincipal();

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
    return this.#places.acquire(key, this.#limits().maxPerPrincipal);
  }

  /** Open listens per key (stats, leak checks). */
  counts(): Map<string, number> {
    return this.#places.counts();
  }

  /** Open listens over every key (`Router.stats`). */
  get total(): number {
    return this.#places.total;
  }
}
