/**
 * Who is in the cluster, as this instance sees it: it beats into the store every `beatMs`
 * (expiring after `ttlMs`), reads the live instances back, and probes the static peers
 * (`probe(url)` answers a peer's instance id, or undefined when it does not answer). The view
 * is refreshed on each beat, so a lookup (`urlOf`) never waits for the network. While the
 * store is down the view keeps its last answer (and the static peers): a forward to an
 * instance that died meanwhile fails at connect, which answers the client as "gone" anyway,
 * while dropping the view would send every live peer's clients back to `initialize`.
 *
 * For the same reason an instance the store stops naming while its last beat is younger than
 * `ttlMs` keeps its URL for forwarding (`urlOf`), though it leaves the listed view
 * (`members`): a Redis restarted empty names each instance again only at its next beat, and
 * until then its sessions are still served where they live. One that left or died meanwhile
 * fails at connect, which answers its clients as "gone", as above.
 */
import type { ClusterStore, InstanceRecord } from './clusterStore.js';

export interface MembershipOptions {
  store: ClusterStore;
  self: { id: string; url: string };
  peers?: readonly string[];
  probe?: (url: string) => Promise<string | undefined>;
  beatMs?: number;
  ttlMs?: number;
  now?: () => number;
  /** Store availability changes, reported once each. */
  onStoreChange?: (available: boolean, error?: unknown) => void;
}

export interface Member extends InstanceRecord {
  self: boolean;
  /** Where this instance learned of it. */
  source: 'self' | 'store' | 'peers';
}

export const MEMBERSHIP_DEFAULTS = { beatMs: 1_000, ttlMs: 5_000 } as const;

export class Membership {
  readonly #options: MembershipOptions;
  readonly #now: () => number;
  readonly #startedAt: number;
  readonly #members = new Map<string, Member>();
  /** Store members the last answer did not name, within `ttlMs` of their last beat. */
  readonly #unnamed = new Map<string, Member>();
  #storeUp: boolean | undefined;
  #timer: NodeJS.Timeout | undefined;
  #beating: Promise<void> | undefined;

  constructor(options: MembershipOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#startedAt = this.#now();
  }

  get selfId(): string {
    return this.#options.self.id;
  }

  /** Beats now, then every `beatMs`. */
  start(): Promise<void> {
    const every = this.#options.beatMs ?? MEMBERSHIP_DEFAULTS.beatMs;
    this.#timer = setInterval(() => void this.beat(), every);
    this.#timer.unref();
    return this.beat();
  }

  /** Stops beating and leaves the registry (a clean shutdown). */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#beating;
    await this.#options.store.leave(this.selfId).catch(() => {});
  }

  /** One beat: register, read the registry, probe the static peers. Never rejects. */
  beat(): Promise<void> {
    this.#beating ??= this.#beat().finally(() => {
      this.#beating = undefined;
    });
    return this.#beating;
  }

  /** The URL of live instance `id` (never this one's), or undefined. */
  urlOf(id: string): string | undefined {
    if (id === this.selfId) return undefined;
    const member = this.#members.get(id);
    if (member !== undefined) return member.url;
    const unnamed = this.#unnamed.get(id);
    if (unnamed === undefined) return undefined;
    const ttl = this.#options.ttlMs ?? MEMBERSHIP_DEFAULTS.ttlMs;
    return this.#now() - unnamed.beatAt < ttl ? unnamed.url : undefined;
  }

  /** Every instance known live, this one first. */
  members(): Member[] {
    const now = this.#now();
    const self: Member = {
      ...this.#options.self,
      startedAt: this.#startedAt,
      beatAt: now,
      self: true,
      source: 'self',
    };
    // Never this one: a beat skips its own record and a probe that answers its own id.
    const others = [...this.#members.values()];
    return [self, ...others.sort((a, b) => a.id.localeCompare(b.id))];
  }

  async #beat(): Promise<void> {
    const { store, self } = this.#options;
    const now = this.#now();
    const ttl = this.#options.ttlMs ?? MEMBERSHIP_DEFAULTS.ttlMs;
    const next = new Map<string, Member>();
    try {
      await store.heartbeat({ ...self, startedAt: this.#startedAt, beatAt: now }, ttl);
      for (const record of await store.instances()) {
        if (record.id !== self.id) next.set(record.id, { ...record, self: false, source: 'store' });
      }
      this.#storeChanged(true);
    } catch (error) {
      this.#storeChanged(false, error);
      // Keep what the store said last (see above).
      for (const [id, m] of this.#members) if (m.source === 'store') next.set(id, m);
    }
    const probe = this.#options.probe;
    if (probe) {
      const peers = this.#options.peers ?? [];
      const ids = await Promise.all(peers.map((url) => probe(url).catch(() => undefined)));
      peers.forEach((url, i) => {
        const id = ids[i];
        if (id === undefined || id === self.id || next.has(id)) return;
        next.set(id, { id, url, startedAt: 0, beatAt: now, self: false, source: 'peers' });
      });
    }
    for (const [id, m] of [...this.#members, ...this.#unnamed]) {
      if (m.source === 'store' && !next.has(id) && now - m.beatAt < ttl) this.#unnamed.set(id, m);
      else this.#unnamed.delete(id);
    }
    this.#members.clear();
    for (const [id, m] of next) this.#members.set(id, m);
  }

  #storeChanged(available: boolean, error?: unknown): void {
    if (this.#storeUp === available) return;
    this.#storeUp = available;
    this.#options.onStoreChange?.(available, error);
  }
}
