/**
 * Upstream OAuth credentials shared by the instances of a cluster (core/cluster): one value
 * per server (`oauth:<server>`, JSON, with a time to live), and the refresh protocol that keeps
 * two instances from spending one rotating refresh token twice:
 *
 * 1. `tryLock(refresh:<server>)`; the winner re-reads the shared value: when its access token
 *    is no longer the one this instance holds, another instance refreshed, and it is adopted;
 * 2. else the winner refreshes with the shared refresh token and stores the result with
 *    compare-and-set against what it read, then releases the lock;
 * 3. a loser polls the shared value with backoff (bounded) and adopts the winner's token as
 *    soon as it changes; a lock freed without a change (the winner failed) is tried again.
 *
 * The shared engine down (a call rejects, or `available` is false): the local store
 * (`fallback`, the token file) is read and written, and an instance refreshes on its own.
 * Credentials found only in the fallback (`mcp-mux login` wrote the file) seed the shared
 * value when it is absent.
 * Nothing here logs a token.
 */
import type { ClusterStore, HeldLock } from '../../../core/cluster/index.js';
import { type Logger, silentLogger } from '../../../core/log/index.js';
import type { StoredCredentials, TokenStore } from './tokenStore.js';

export interface ClusterTokenStoreOptions {
  /** Where tokens are kept while the shared engine is down, and seeded from (the token file). */
  fallback?: TokenStore;
  /** How long a stored value lives without being written again (default 30 days). */
  ttlMs?: number;
  /** The refresh lock's lifetime: longer than one token exchange (default 30 s). */
  lockTtlMs?: number;
  /** How long a loser waits for the winner's token before giving up (default 15 s). */
  waitMs?: number;
  /** Injected for tests: the clock and the pause between polls. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  log?: Logger;
}

const FIRST_POLL_MS = 20;
const MAX_POLL_MS = 500;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class ClusterTokenStore implements TokenStore {
  readonly #cluster: ClusterStore;
  readonly #fallback: TokenStore | undefined;
  readonly #ttlMs: number;
  readonly #lockTtlMs: number;
  readonly #waitMs: number;
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #log: Logger;

  constructor(cluster: ClusterStore, options: ClusterTokenStoreOptions = {}) {
    this.#cluster = cluster;
    this.#fallback = options.fallback;
    this.#ttlMs = options.ttlMs ?? 30 * 24 * 3600_000;
    this.#lockTtlMs = options.lockTtlMs ?? 30_000;
    this.#waitMs = options.waitMs ?? 15_000;
    this.#now = options.now ?? Date.now;
    this.#sleep = options.sleep ?? pause;
    this.#log = options.log ?? silentLogger;
  }

  /** The shared value; else the fallback's, which then seeds the shared store if still empty. */
  async load(server: string): Promise<StoredCredentials | undefined> {
    const shared = await this.#read(server).catch(() => null);
    if (shared?.value !== undefined) return shared.value;
    const local = await this.#fallback?.load(server);
    if (shared !== null && shared.raw === undefined && local !== undefined) {
      const seed = JSON.stringify(local);
      await this.#cluster
        .compareAndSet(`oauth:${server}`, undefined, seed, this.#ttlFor(local))
        .catch(() => false);
    }
    return local;
  }

  async save(server: string, credentials: StoredCredentials | undefined): Promise<void> {
    await this.#write(server, credentials).catch(() => {});
    await this.#fallback?.save(server, credentials);
  }

  /**
   * Runs `refresh` once cluster-wide for `server` (see the file comment). `stale`: the
   * credentials this instance holds. Resolves with the credentials to use (refreshed here or
   * by another instance), or undefined when there are none (the caller falls back to a full
   * authorization or fails).
   */
  async refreshShared(
    server: string,
    stale: StoredCredentials | undefined,
    refresh: (current: StoredCredentials) => Promise<StoredCredentials | undefined>,
  ): Promise<StoredCredentials | undefined> {
    const lockKey = `refresh:${server}`;
    let lock: HeldLock | undefined;
    try {
      if (!this.#cluster.available) throw new Error('cluster store unavailable');
      lock = await this.#cluster.tryLock(lockKey, this.#lockTtlMs);
      const deadline = this.#now() + this.#waitMs;
      for (
        let delay = FIRST_POLL_MS;
        lock === undefined;
        delay = Math.min(delay * 2, MAX_POLL_MS)
      ) {
        if (this.#now() >= deadline) return undefined;
        await this.#sleep(delay);
        const seen = await this.#read(server);
        if (changed(seen.value, stale, this.#now())) return seen.value;
        lock = await this.#cluster.tryLock(lockKey, this.#lockTtlMs);
      }
    } catch {
      return this.#refreshAlone(server, stale, refresh);
    }
    try {
      const seen = await this.#read(server).catch(() => ({ raw: undefined, value: stale }));
      if (changed(seen.value, stale, this.#now())) return seen.value;
      const current = seen.value ?? stale;
      if (current === undefined) return undefined;
      const fresh = await refresh(current);
      if (fresh === undefined) return undefined;
      const stored = await this.#cluster
        .compareAndSet(`oauth:${server}`, seen.raw, JSON.stringify(fresh), this.#ttlFor(fresh))
        .catch(() => false);
      // Lost: the lock expired under a slow exchange and another instance wrote. Both tokens
      // were just issued; this instance keeps its own, the shared value stays the other's.
      if (!stored) this.#log.warn('refreshed token not shared: the stored one changed meanwhile');
      await this.#fallback?.save(server, fresh).catch(() => {});
      return fresh;
    } finally {
      await lock.release().catch(() => {});
    }
  }

  /** The shared engine is down: refresh as a single instance would. */
  async #refreshAlone(
    server: string,
    stale: StoredCredentials | undefined,
    refresh: (current: StoredCredentials) => Promise<StoredCredentials | undefined>,
  ): Promise<StoredCredentials | undefined> {
    if (stale === undefined) return undefined;
    const fresh = await refresh(stale);
    if (fresh !== undefined) await this.save(server, fresh);
    return fresh;
  }

  /** The shared value and its raw text (for compare-and-set); rejects when the engine is down. */
  async #read(server: string): Promise<{ raw: string | undefined; value?: StoredCredentials }> {
    if (!this.#cluster.available) throw new Error('cluster store unavailable');
    const raw = await this.#cluster.get(`oauth:${server}`);
    if (raw === undefined) return { raw };
    try {
      return { raw, value: JSON.parse(raw) as StoredCredentials };
    } catch {
      return { raw };
    }
  }

  async #write(server: string, credentials: StoredCredentials | undefined): Promise<void> {
    if (!this.#cluster.available) return;
    const key = `oauth:${server}`;
    if (credentials === undefined) await this.#cluster.delete(key);
    else await this.#cluster.set(key, JSON.stringify(credentials), this.#ttlFor(credentials));
  }

  /** Without a refresh token a value is worth keeping only while its access token lives. */
  #ttlFor(credentials: StoredCredentials): number {
    if (credentials.refreshToken !== undefined || credentials.expiresAt === undefined) {
      return this.#ttlMs;
    }
    return Math.max(1, Math.min(this.#ttlMs, credentials.expiresAt - this.#now()));
  }
}

/** Another instance stored a new access token since this one read `stale`, still live. */
function changed(
  seen: StoredCredentials | undefined,
  stale: StoredCredentials | undefined,
  now: number,
): seen is StoredCredentials {
  if (seen?.accessToken === undefined || seen.accessToken === stale?.accessToken) return false;
  return seen.expiresAt === undefined || seen.expiresAt > now;
}
