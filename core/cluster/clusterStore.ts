/**
 * What the instances of one mcp-mux cluster share (ARCHITECTURE §6): the instance registry,
 * small values with a time to live (OAuth tokens toward upstreams), short locks (a token
 * refresh), counted places (sessions per principal) and rate-limit buckets. Two
 * implementations: `MemoryClusterStore` for one process (the embedded default, and the
 * fallback while Redis is down) and the Redis one in `transports/redis/`.
 *
 * Every method is async and may reject when the shared engine is unreachable; callers fall
 * back to their local view (local limits, static peers) and never fail a client's request
 * because the store is down. `available` says whether the last exchange with the engine
 * worked; `onAvailability` reports changes (logged once per change by the caller).
 */

/** One live instance, as it advertises itself. */
export interface InstanceRecord {
  /** The `mcpMux.cluster.instanceId`: unique in the cluster, [A-Za-z0-9_-]{1,64}. */
  id: string;
  /** Where peers reach it on the internal hop (`mcpMux.cluster.advertiseUrl`). */
  url: string;
  /** When it started (ms since the epoch) and when it last beat. */
  startedAt: number;
  beatAt: number;
}

/** The verdict of one rate-limit take. */
export interface BucketTake {
  allowed: boolean;
  /** When refused: how long until one call would pass (ms). */
  retryAfterMs: number;
}

/** A held lock; `release` is idempotent and only releases this holder's lock. */
export interface HeldLock {
  release(): Promise<void>;
}

export interface ClusterStore {
  /** Whether the last exchange with the shared engine worked (always true in memory). */
  readonly available: boolean;
  /** Calls `listener` on every change of `available`; returns the unsubscribe. */
  onAvailability(listener: (available: boolean) => void): () => void;

  /** Registers or refreshes `instance`, expiring after `ttlMs` without another beat. */
  heartbeat(instance: InstanceRecord, ttlMs: number): Promise<void>;
  /** The instances whose last beat has not expired. */
  instances(): Promise<InstanceRecord[]>;
  /** Removes `id` from the registry at once (a clean shutdown). */
  leave(id: string): Promise<void>;

  /** A value by key, or undefined. */
  get(key: string): Promise<string | undefined>;
  /** Sets a value, expiring after `ttlMs` when given. */
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  /** Sets `key` to `value` only when it still holds `expected` (undefined: absent). */
  compareAndSet(
    key: string,
    expected: string | undefined,
    value: string,
    ttlMs?: number,
  ): Promise<boolean>;
  delete(key: string): Promise<void>;

  /** An exclusive lock on `key` for at most `ttlMs`, or undefined when another holds it. */
  tryLock(key: string, ttlMs: number): Promise<HeldLock | undefined>;

  /**
   * Takes one place of at most `max` under `key` for `holder` (an instance-scoped id, so a
   * dead instance's places expire with `ttlMs` unless refreshed by `refreshPlace`).
   * False when `max` are held.
   */
  acquirePlace(key: string, holder: string, max: number, ttlMs: number): Promise<boolean>;
  refreshPlace(key: string, holder: string, ttlMs: number): Promise<void>;
  releasePlace(key: string, holder: string): Promise<void>;

  /**
   * One call against a token bucket (GCRA): `burst` calls at once, then one every
   * `intervalMs`. Atomic across instances.
   */
  takeToken(key: string, intervalMs: number, burst: number): Promise<BucketTake>;

  /** Closes connections and timers. */
  close(): Promise<void>;
}
