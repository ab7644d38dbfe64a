/**
 * Per-principal session counting for the listeners that hold one session per live stream or
 * socket (legacy HTTP+SSE, WebSocket): a principal (bearer token, else remote address) may
 * hold at most `max` open sessions; one more is refused with 429. These
 * sessions are live connections, never idle leftovers, so none is evicted to make room (the
 * Streamable HTTP server, whose sessions outlive their requests, evicts instead).
 */
import type { IncomingMessage } from 'node:http';
import { PlacesPerPrincipal } from '../../core/auth/index.js';
import type { ClusterPlaces, Release } from './clusterPlaces.js';
import { clientAddress, type TrustProxy } from './forwardedFor.js';

/** Sessions per principal when `mcpMux.maxSessionsPerPrincipal` is not set. */
export const DEFAULT_MAX_SESSIONS_PER_PRINCIPAL = 100;

/**
 * What per-principal limits count by: the bearer token's principal, else the client's address
 * (the peer's, or with `trustProxy` the forwarded one: forwardedFor.ts). Without tokens every
 * client behind one address (loopback, one proxy) shares one pool.
 */
export function limitKey(
  req: IncomingMessage,
  principal: string | undefined,
  trustProxy: TrustProxy = false,
): string {
  return principal ?? `addr:${clientAddress(req, trustProxy)}`;
}

export class PrincipalLimit {
  readonly #max: number;
  readonly #places = new PlacesPerPrincipal();
  readonly #cluster: ClusterPlaces | undefined;

  /** `cluster`: count across instances too (clusterPlaces.ts); absent: this process only. */
  constructor(max = DEFAULT_MAX_SESSIONS_PER_PRINCIPAL, cluster?: ClusterPlaces) {
    this.#max = max;
    this.#cluster = cluster;
  }

  /** Whether places are counted across a cluster (then `acquireShared`, else `acquire`). */
  get shared(): boolean {
    return this.#cluster !== undefined;
  }

  /**
   * Takes a place for `key` in this process: the function that gives it back (idempotent), or
   * undefined when `key` already holds `max` sessions.
   */
  acquire(key: string): Release | undefined {
    return this.#places.acquire(key, this.#max);
  }

  /** As `acquire`, here and across the cluster (never rejects); `acquire` when not `shared`. */
  async acquireShared(key: string): Promise<Release | undefined> {
    if (this.#cluster) return this.#cluster.acquire(key, this.#max);
    return this.acquire(key);
  }

  /** Open sessions per key (stats and tests). */
  counts(): Map<string, number> {
    return this.#cluster ? this.#cluster.counts() : this.#places.counts();
  }
}
