/**
 * `ClusterStore` on Redis (core/cluster/clusterStore.ts), through ioredis. Commands are never
 * queued while the connection is down (`enableOfflineQueue: false`) and time out after
 * `commandTimeoutMs`: a caller learns at once that the shared view is unavailable and falls
 * back to its local one. ioredis reconnects on its own; `available` follows the connection.
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Redis, RedisOptions } from 'ioredis';
import type {
  BucketTake,
  ClusterStore,
  HeldLock,
  InstanceRecord,
} from '../../core/cluster/index.js';
import {
  ACQUIRE_PLACE,
  COMPARE_AND_SET,
  HEARTBEAT,
  INSTANCES,
  REFRESH_PLACE,
  RELEASE_LOCK,
  TAKE_TOKEN,
} from './scripts.js';

export interface RedisClusterStoreOptions {
  /** `redis://[user:pass@]host:port[/db]` or `rediss://…`. */
  url: string;
  /** Prefix of every key (default `mcp-mux:`): several clusters may share one Redis. */
  prefix?: string;
  /** A command not answered in this time rejects (default 1000 ms). */
  commandTimeoutMs?: number;
  /** Longest pause between reconnection attempts (default 2000 ms). */
  maxReconnectDelayMs?: number;
}

type Script = (...args: (string | number)[]) => Promise<unknown>;

const SCRIPTS = {
  muxCas: COMPARE_AND_SET,
  muxRelease: RELEASE_LOCK,
  muxAcquire: ACQUIRE_PLACE,
  muxRefresh: REFRESH_PLACE,
  muxTake: TAKE_TOKEN,
  muxBeat: HEARTBEAT,
  muxInstances: INSTANCES,
} as const;

const KEY_COUNTS: Record<keyof typeof SCRIPTS, number> = {
  muxCas: 1,
  muxRelease: 1,
  muxAcquire: 1,
  muxRefresh: 1,
  muxTake: 1,
  muxBeat: 2,
  muxInstances: 2,
};

export class RedisClusterStore implements ClusterStore {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #listeners = new Set<(available: boolean) => void>();
  #available = false;

  constructor(options: RedisClusterStoreOptions) {
    this.#prefix = options.prefix ?? 'mcp-mux:';
    const maxDelay = options.maxReconnectDelayMs ?? 2_000;
    const redisOptions: RedisOptions = {
      enableOfflineQueue: false,
      commandTimeout: options.commandTimeoutMs ?? 1_000,
      connectTimeout: 2_000,
      maxRetriesPerRequest: 0,
      retryStrategy: (times) => Math.min(50 * 2 ** Math.min(times, 10), maxDelay),
      // Reconnect after READONLY (a failover) too.
      reconnectOnError: () => true,
    };
    // Loaded here (CommonJS, synchronously): a router without Redis never pays its start-up.
    const { Redis: Client } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
    this.#redis = new Client(options.url, redisOptions);
    for (const [name, lua] of Object.entries(SCRIPTS)) {
      this.#redis.defineCommand(name, {
        numberOfKeys: KEY_COUNTS[name as keyof typeof SCRIPTS],
        lua,
      });
    }
    this.#redis.on('ready', () => this.#set(true));
    this.#redis.on('close', () => this.#set(false));
    this.#redis.on('end', () => this.#set(false));
    // Errors are reported through `available` and each command's rejection.
    this.#redis.on('error', () => {});
  }

  get available(): boolean {
    return this.#available;
  }

  onAvailability(listener: (available: boolean) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Resolves true once connected, false after `timeoutMs` without a connection. */
  ready(timeoutMs = 5_000): Promise<boolean> {
    if (this.#available) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        off();
        resolve(false);
      }, timeoutMs);
      const off = this.onAvailability((up) => {
        if (!up) return;
        clearTimeout(timer);
        off();
        resolve(true);
      });
    });
  }

  async heartbeat(instance: InstanceRecord, ttlMs: number): Promise<void> {
    await this.#script(
      'muxBeat',
      this.#k('instances'),
      this.#k('instance-records'),
      instance.id,
      JSON.stringify(instance),
      ttlMs,
    );
  }

  async instances(): Promise<InstanceRecord[]> {
    const records = (await this.#script(
      'muxInstances',
      this.#k('instances'),
      this.#k('instance-records'),
    )) as (string | null)[];
    return records.flatMap((text) => {
      if (text === null) return [];
      try {
        return [JSON.parse(text) as InstanceRecord];
      } catch {
        return [];
      }
    });
  }

  async leave(id: string): Promise<void> {
    await this.#redis
      .multi()
      .zrem(this.#k('instances'), id)
      .hdel(this.#k('instance-records'), id)
      .exec();
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.#redis.get(this.#k(`v:${key}`))) ?? undefined;
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    if (ttlMs === undefined) await this.#redis.set(this.#k(`v:${key}`), value);
    else await this.#redis.set(this.#k(`v:${key}`), value, 'PX', Math.max(1, Math.ceil(ttlMs)));
  }

  async compareAndSet(
    key: string,
    expected: string | undefined,
    value: string,
    ttlMs?: number,
  ): Promise<boolean> {
    const ttl = ttlMs === undefined ? '' : Math.max(1, Math.ceil(ttlMs));
    const set = await this.#script(
      'muxCas',
      this.#k(`v:${key}`),
      expected === undefined ? '0' : '1',
      expected ?? '',
      value,
      ttl,
    );
    return set === 1;
  }

  async delete(key: string): Promise<void> {
    await this.#redis.del(this.#k(`v:${key}`));
  }

  async tryLock(key: string, ttlMs: number): Promise<HeldLock | undefined> {
    const lockKey = this.#k(`lock:${key}`);
    const token = randomBytes(16).toString('base64url');
    const ok = await this.#redis.set(lockKey, token, 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX');
    if (ok !== 'OK') return undefined;
    let released: Promise<void> | undefined;
    return {
      release: () => {
        released ??= this.#script('muxRelease', lockKey, token).then(() => undefined);
        return released;
      },
    };
  }

  async acquirePlace(key: string, holder: string, max: number, ttlMs: number): Promise<boolean> {
    const ok = await this.#script(
      'muxAcquire',
      this.#k(`places:${key}`),
      holder,
      max,
      Math.ceil(ttlMs),
    );
    return ok === 1;
  }

  async refreshPlace(key: string, holder: string, ttlMs: number): Promise<void> {
    await this.#script('muxRefresh', this.#k(`places:${key}`), holder, Math.ceil(ttlMs));
  }

  async releasePlace(key: string, holder: string): Promise<void> {
    await this.#redis.zrem(this.#k(`places:${key}`), holder);
  }

  async takeToken(key: string, intervalMs: number, burst: number): Promise<BucketTake> {
    const [allowed, retryAfterMs] = (await this.#script(
      'muxTake',
      this.#k(`bucket:${key}`),
      Math.max(1, Math.ceil(intervalMs)),
      burst,
    )) as [number, number];
    return { allowed: allowed === 1, retryAfterMs: Number(retryAfterMs) };
  }

  async close(): Promise<void> {
    this.#listeners.clear();
    await this.#redis.quit().catch(() => this.#redis.disconnect());
  }

  #k(key: string): string {
    return `${this.#prefix}${key}`;
  }

  #script(name: keyof typeof SCRIPTS, ...args: (string | number)[]): Promise<unknown> {
    return (this.#redis as unknown as Record<string, Script>)[name]!(...args);
  }

  #set(available: boolean): void {
    if (available === this.#available) return;
    this.#available = available;
    for (const listener of [...this.#listeners]) listener(available);
  }
}
