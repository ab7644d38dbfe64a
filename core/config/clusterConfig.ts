/**
 * `mcpMux.cluster`: this instance as one of several behind a balancer (ARCHITECTURE §6).
 *
 *   "cluster": { "instanceId": "mux-a", "advertiseUrl": "http://10.0.0.5:8080",
 *                "key": "${env:MCP_MUX_CLUSTER_KEY}", "redis": "redis://10.0.0.9:6379" }
 *
 * `key` (else env `MCP_MUX_CLUSTER_KEY`) seals session ids and authenticates the internal hop;
 * every instance shares it. Membership comes from `redis` (else env `MCP_MUX_REDIS_URL`: the
 * registry in Redis) and/or `peers` (static base URLs of the other instances). Absent: one
 * process, as ever (no Redis, session ids unchanged).
 */
import {
  child,
  type Issues,
  item,
  knownKeys,
  object,
  string,
  stringArray,
} from './configSchema.js';

export interface ClusterConfig {
  /** Unique in the cluster; the second part of every session id this instance mints. */
  instanceId: string;
  /** The base URL peers reach this instance's MCP listener at (`http://host:port`). */
  advertiseUrl: string;
  /** The shared secret (≥ 32 characters). */
  key: string;
  /** Static peers: base URLs of the other instances. */
  peers?: string[];
  /** The Redis URL of the shared store (`redis://` or `rediss://`). */
  redis?: string;
}

export const CLUSTER_KEY_ENV = 'MCP_MUX_CLUSTER_KEY';
export const REDIS_URL_ENV = 'MCP_MUX_REDIS_URL';

const KEYS = new Set(['instanceId', 'advertiseUrl', 'key', 'peers', 'redis']);
const PATH = 'mcpMux.cluster';
const INSTANCE_ID = {
  pattern: /^[A-Za-z0-9_-]{1,64}$/,
  description: '1–64 characters of [A-Za-z0-9_-]',
};

/** A URL of one of `protocols`, or an issue at `path`. */
function url(
  value: unknown,
  path: string,
  issues: Issues,
  protocols: string[],
): string | undefined {
  const text = string(value, path, issues);
  if (text === undefined) return undefined;
  try {
    const parsed = new URL(text);
    if (protocols.includes(parsed.protocol)) return text;
  } catch {
    // reported below
  }
  return issues.add(path, `expected a ${protocols.join(' or ')} URL, got ${JSON.stringify(text)}`);
}

/** Parses `mcpMux.cluster`; undefined (with issues) when it is unusable. */
export function parseCluster(
  value: unknown,
  env: Record<string, string | undefined>,
  issues: Issues,
): ClusterConfig | undefined {
  const raw = object(value, PATH, issues);
  if (!raw) return undefined;
  knownKeys(raw, PATH, KEYS, issues);
  const at = (key: string) => child(PATH, key);
  for (const key of ['instanceId', 'advertiseUrl'] as const) {
    if (raw[key] === undefined) issues.add(at(key), 'required');
  }
  const instanceId =
    raw.instanceId === undefined
      ? undefined
      : string(raw.instanceId, at('instanceId'), issues, INSTANCE_ID);
  const advertiseUrl =
    raw.advertiseUrl === undefined
      ? undefined
      : url(raw.advertiseUrl, at('advertiseUrl'), issues, ['http:', 'https:']);
  // A secret: the message never repeats the value.
  const key = raw.key ?? env[CLUSTER_KEY_ENV];
  if (key === undefined) {
    issues.add(at('key'), `required (or set ${CLUSTER_KEY_ENV})`);
  } else if (typeof key !== 'string' || key.length < 32) {
    issues.add(at('key'), 'expected a random secret of at least 32 characters');
  }
  const cluster = { instanceId, advertiseUrl, key } as Partial<ClusterConfig>;
  if (raw.peers !== undefined) {
    const peers = stringArray(raw.peers, at('peers'), issues, { nonEmptyItems: true });
    peers?.forEach((peer, i) => {
      url(peer, item(at('peers'), i), issues, ['http:', 'https:']);
    });
    if (peers) cluster.peers = peers.map((peer) => peer.replace(/\/+$/, ''));
  }
  const redis = raw.redis ?? (env[REDIS_URL_ENV] || undefined);
  if (redis !== undefined) {
    const redisUrl = url(redis, at('redis'), issues, ['redis:', 'rediss:']);
    if (redisUrl) cluster.redis = redisUrl;
  }
  if (instanceId === undefined || advertiseUrl === undefined || typeof key !== 'string') {
    return undefined;
  }
  if (key.length < 32) return undefined;
  return { ...cluster, instanceId, advertiseUrl: advertiseUrl.replace(/\/+$/, ''), key };
}
