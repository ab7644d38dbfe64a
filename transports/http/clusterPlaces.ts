/**
 * Sessions per principal across the instances of a cluster: a place is taken locally first
 * (cheap, and the bound of one instance), then in the cluster's shared store as
 * `acquirePlace(sessions:<principal>, <instance>:<n>, max, ttl)`. Held places are refreshed
 * together on one timer while their sessions live, and given back when they end; the places
 * of an instance that dies expire with their time to live.
 *
 * The shared engine down (`available` false, a call rejects or does not answer within
 * `timeoutMs`): the local place alone
 * decides, and no client sees an error. The first refresh after the engine returns
 * registers every held place again, those taken during the outage included (`acquirePlace`
 * of a holder it already knows only renews it; one that finds the bound full is not counted,
 * and its session is not closed).
 */
import { PlacesPerPrincipal } from '../../core/auth/index.js';
import { bounded, type ClusterStore } from '../../core/cluster/index.js';

export interface ClusterPlacesOptions {
  store: ClusterStore;
  /** This instance's id (`mcpMux.cluster.instanceId`): the holders' prefix. */
  instanceId: string;
  /** How long a place outlives its last refresh (default 60 s). */
  ttlMs?: number;
  /** How often held places are refreshed (default a third of `ttlMs`); 0: not on a timer. */
  refreshMs?: number;
  /** The longest a new session waits for the store before the local bound decides (1 s). */
  timeoutMs?: number;
}

/** A taken place: given back by `release` (idempotent). */
export type Release = () => void;

interface Held {
  key: string;
  max: number;
}

export class ClusterPlaces {
  readonly #local = new PlacesPerPrincipal();
  readonly #store: ClusterStore;
  readonly #instance: string;
  readonly #ttlMs: number;
  readonly #refreshMs: number;
  readonly #timeoutMs: number;
  /** Holder → its shared key: the places to refresh. */
  readonly #held = new Map<string, Held>();
  #seq = 0;
  #timer: ReturnType<typeof setInterval> | undefined;
  /** Set when a refresh failed or the engine came back: the next one registers again. */
  #rejoin = false;
  readonly #unsubscribe: () => void;

  constructor(options: ClusterPlacesOptions) {
    this.#store = options.store;
    this.#instance = options.instanceId;
    this.#ttlMs = options.ttlMs ?? 60_000;
    this.#refreshMs = options.refreshMs ?? Math.floor(this.#ttlMs / 3);
    this.#timeoutMs = options.timeoutMs ?? 1000;
    this.#unsubscribe = this.#store.onAvailability((available) => {
      if (available) this.#rejoin = true;
    });
  }

  /**
   * A place for `key` under `max` here and in the cluster, or undefined when either holds
   * `max` already. Never rejects.
   */
  async acquire(key: string, max: number): Promise<Release | undefined> {
    const local = this.#local.acquire(key, max);
    if (local === undefined) return undefined;
    const shared = await this.acquireShared(key, max);
    if (shared === undefined) {
      local();
      return undefined;
    }
    return () => {
      local();
      shared();
    };
  }

  /**
   * The cluster's place only (a listener that counts and evicts locally itself): undefined
   * when the cluster holds `max` for `key`. The shared engine down: a place registered when
   * it returns. Never rejects.
   */
  async acquireShared(key: string, max: number): Promise<Release | undefined> {
    const holder = `${this.#instance}:${++this.#seq}`;
    const shared = `sessions:${key}`;
    try {
      if (!this.#store.available) throw new Error('cluster store unavailable');
      const acquired = this.#store.acquirePlace(shared, holder, max, this.#ttlMs);
      if (!(await bounded(acquired, this.#timeoutMs))) return undefined;
    } catch {
      this.#rejoin = true; // the engine is down: the local limit decides; registered on return
    }
    this.#held.set(holder, { key: shared, max });
    this.#startTimer();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#held.delete(holder);
      if (this.#held.size === 0) this.#stopTimer();
      this.#store.releasePlace(shared, holder).catch(() => {});
    };
  }

  /** Refreshes every held place once (the timer's work; tests call it on virtual time). */
  async refresh(): Promise<void> {
    if (!this.#store.available) {
      this.#rejoin = true;
      return;
    }
    const rejoin = this.#rejoin;
    this.#rejoin = false;
    const all = [...this.#held].map(([holder, { key, max }]) =>
      rejoin
        ? this.#store.acquirePlace(key, holder, max, this.#ttlMs)
        : this.#store.refreshPlace(key, holder, this.#ttlMs),
    );
    const failed = (await Promise.allSettled(all)).some((r) => r.status === 'rejected');
    if (failed) this.#rejoin = true;
  }

  /** Places held here per key (stats and tests). */
  counts(): Map<string, number> {
    return this.#local.counts();
  }

  /** Stops the timer (places are given back by their sessions' releases). */
  close(): void {
    this.#stopTimer();
    this.#unsubscribe();
  }

  #startTimer(): void {
    if (this.#timer !== undefined || this.#refreshMs <= 0) return;
    this.#timer = setInterval(() => void this.refresh(), this.#refreshMs);
    this.#timer.unref();
  }

  #stopTimer(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
