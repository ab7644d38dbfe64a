/**
 * The CLI's side of `mcpMux.cluster` (transports/http/README.md, "Cluster"): the shared store
 * (Redis when configured, else this process's memory: static peers only), the membership that
 * beats into it and probes the static peers, the routing the HTTP listeners use, its metrics,
 * and what `/readyz` (so `mcp-mux status`) shows of the cluster. Without `mcpMux.cluster`
 * none of this exists.
 */
import { type ClusterStore, Membership, MemoryClusterStore } from '../core/cluster/index.js';
import type { ClusterConfig } from '../core/config/index.js';
import { type MuxMetrics, registerClusterMetrics } from '../core/observe/index.js';
import type { Logger } from '../index.js';
import { ClusterRouting, PROBE_PATH } from '../transports/http/index.js';
import { RedisClusterStore } from '../transports/redis/index.js';

/** How long start-up waits for Redis before serving without it (it may come later). */
const REDIS_START_WAIT_MS = 3_000;
const PROBE_TIMEOUT_MS = 1_000;

export interface ClusterView {
  self: string;
  store: 'redis' | 'memory';
  storeAvailable: boolean;
  instances: {
    id: string;
    url: string;
    self: boolean;
    source: string;
    ageMs: number;
    uptimeMs: number;
  }[];
}

export interface ClusterRuntime {
  readonly routing: ClusterRouting;
  /**
   * The store shared with the other instances (Redis), for the shared limits and OAuth
   * tokens; undefined with static peers only (a memory store shares nothing).
   */
  readonly shared: ClusterStore | undefined;
  view(): ClusterView;
  /** Leaves the registry and closes the store (a clean shutdown). */
  stop(): Promise<void>;
}

export async function startCluster(
  config: ClusterConfig,
  log: Logger,
  metrics: MuxMetrics | undefined,
): Promise<ClusterRuntime> {
  const redis =
    config.redis === undefined ? undefined : new RedisClusterStore({ url: config.redis });
  const store: ClusterStore = redis ?? new MemoryClusterStore();
  let membership: Membership | undefined;
  const routing = new ClusterRouting({
    self: config.instanceId,
    key: config.key,
    urlOf: (id) => membership?.urlOf(id),
    refresh: () => membership?.beat() ?? Promise.resolve(),
    log: log.child('cluster'),
  });
  const probe = async (url: string): Promise<string | undefined> => {
    const response = await fetch(`${url}${PROBE_PATH}`, {
      headers: routing.probeHeaders(),
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { id?: unknown };
    return typeof body.id === 'string' ? body.id : undefined;
  };
  membership = new Membership({
    store,
    self: { id: config.instanceId, url: config.advertiseUrl },
    ...(config.peers ? { peers: config.peers, probe } : {}),
    onStoreChange: (available, error) => {
      if (!redis) return;
      if (available) log.info('cluster: the shared store answers (registry and shared limits on)');
      else
        log.warn(
          'cluster: the shared store is unavailable: serving with static peers and local limits',
          {
            error: String(error),
          },
        );
    },
  });
  if (redis) await redis.ready(REDIS_START_WAIT_MS);
  await membership.start();
  const member = membership;
  const view = (): ClusterView => {
    const now = Date.now();
    return {
      self: config.instanceId,
      store: redis ? 'redis' : 'memory',
      storeAvailable: store.available,
      instances: member.members().map((m) => ({
        id: m.id,
        url: m.url,
        self: m.self,
        source: m.source,
        ageMs: Math.max(0, now - m.beatAt),
        uptimeMs: m.startedAt > 0 ? Math.max(0, now - m.startedAt) : 0,
      })),
    };
  };
  if (metrics) {
    registerClusterMetrics(metrics.registry, () => ({
      forwarded: routing.stats.counts,
      headerSeconds: routing.stats.headerSeconds,
      instances: member.members().length,
      storeAvailable: redis ? store.available : undefined,
    }));
  }
  log.info(`cluster: instance ${config.instanceId} at ${config.advertiseUrl}`, {
    store: redis ? 'redis' : 'memory',
    peers: config.peers?.length ?? 0,
  });
  let stopped: Promise<void> | undefined;
  return {
    routing,
    shared: redis,
    view,
    stop: () => {
      stopped ??= member.stop().then(() => store.close());
      return stopped;
    },
  };
}
