/**
 * `ClusterStore` in this process's memory: the embedded default (one instance) and what an
 * instance uses on its own while the shared engine is down. Time comes from `now`, so tests
 * run it on virtual time; expired entries are dropped when read.
 */
import type { BucketTake, ClusterStore, HeldLock, InstanceRecord } from './clusterStore.js';

interface Entry {
  value: string;
  expiresAt: number;
}

export class MemoryClusterStore implements ClusterStore {
  readonly available = true;
  readonly #now: () => number;
  readonly #instances = new Map<string, { record: InstanceRecord; expiresAt: number }>();
  readonly #values = new Map<string, Entry>();
  readonly #places = new Map<string, Map<string, number>>();
  /** GCRA: the theoretical arrival time per bucket key. */
  readonly #tat = new Map<string, number>();
  #lockSeq = 0;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  onAvailability(): () => void {
    return () => {};
  }

  async heartbeat(instance: InstanceRecord, ttlMs: number): Promise<void> {
    this.#instances.set(instance.id, { record: { ...instance }, expiresAt: this.#now() + ttlMs });
  }

  async instances(): Promise<InstanceRecord[]> {
    const now = this.#now();
    const live: InstanceRecord[] = [];
    for (const [id, entry] of this.#instances) {
      if (entry.expiresAt <= now) this.#instances.delete(id);
      else live.push({ ...entry.record });
    }
    return live;
  }

  async leave(id: string): Promise<void> {
    this.#instances.delete(id);
  }

  async get(key: string): Promise<string | undefined> {
    return this.#live(key)?.value;
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    this.#values.set(key, {
      value,
      expiresAt: ttlMs === undefined ? Infinity : this.#now() + ttlMs,
    });
  }

  async compareAndSet(
    key: string,
    expected: string | undefined,
    value: string,
    ttlMs?: number,
  ): Promise<boolean> {
    if (this.#live(key)?.value !== expected) return false;
    await this.set(key, value, ttlMs);
    return true;
  }

  async delete(key: string): Promise<void> {
    this.#values.delete(key);
  }

  async tryLock(key: string, ttlMs: number): Promise<HeldLock | undefined> {
    const lockKey = `lock:${key}`;
    if (this.#live(lockKey) !== undefined) return undefined;
    const token = `m${++this.#lockSeq}`;
    await this.set(lockKey, token, ttlMs);
    return {
      release: async () => {
        if (this.#live(lockKey)?.value === token) this.#values.delete(lockKey);
      },
    };
  }

  async acquirePlace(key: string, holder: string, max: number, ttlMs: number): Promise<boolean> {
    const held = this.#placesOf(key);
    if (!held.has(holder) && held.size >= max) return false;
    held.set(holder, this.#now() + ttlMs);
    return true;
  }

  async refreshPlace(key: string, holder: string, ttlMs: number): Promise<void> {
    const held = this.#placesOf(key);
    if (held.has(holder)) held.set(holder, this.#now() + ttlMs);
  }

  async releasePlace(key: string, holder: string): Promise<void> {
    const held = this.#places.get(key);
    held?.delete(holder);
    if (held?.size === 0) this.#places.delete(key);
  }

  async takeToken(key: string, intervalMs: number, burst: number): Promise<BucketTake> {
    const now = this.#now();
    const tat = Math.max(this.#tat.get(key) ?? now, now);
    const allowAt = tat - intervalMs * Math.max(1, burst) + intervalMs;
    if (allowAt > now) return { allowed: false, retryAfterMs: Math.ceil(allowAt - now) };
    this.#tat.set(key, tat + intervalMs);
    return { allowed: true, retryAfterMs: 0 };
  }

  async close(): Promise<void> {
    this.#instances.clear();
    this.#values.clear();
    this.#places.clear();
    this.#tat.clear();
  }

  #live(key: string): Entry | undefined {
    const entry = this.#values.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt > this.#now()) return entry;
    this.#values.delete(key);
    return undefined;
  }

  /** The live holders of `key` (expired ones dropped). */
  #placesOf(key: string): Map<string, number> {
    let held = this.#places.get(key);
    if (held === undefined) {
      held = new Map();
      this.#places.set(key, held);
    }
    const now = this.#now();
    for (const [holder, expiresAt] of held) if (expiresAt <= now) held.delete(holder);
    return held;
  }
}
