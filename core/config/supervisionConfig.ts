/**
 * Config for keeping upstreams alive and the router responsive: the restart policy,
 * the keepalive ping, the initialize timeout (per server, defaulting to `mcpMux`), and the
 * router-wide start-up, shutdown and downstream-buffer bounds.
 *
 * Values are stored only when written (per server: the server's keys over `mcpMux`'s), so a
 * config that does not use them parses exactly as before; `restartPolicyOf`,
 * `keepalivePolicyOf` and `SUPERVISION_DEFAULTS` fill the rest where they are used.
 */
import {
  child,
  type Issues,
  integer,
  type JsonObject,
  knownKeys,
  MAX_TIMER_MS,
  object,
  oneOf,
} from './configSchema.js';

/** `full`: uniform in [initial, cap]; `decorrelated`: uniform in [initial, previous × factor]. */
export type JitterKind = 'full' | 'decorrelated' | 'none';

export interface RestartPolicy {
  /** First delay, and the floor of every delay (≥ 1: a crash loop never spins). */
  initialDelayMs: number;
  /** Cap on every delay. */
  maxDelayMs: number;
  /** Growth per consecutive restart (≥ 1). */
  factor: number;
  jitter: JitterKind;
  /** Consecutive restarts before giving up (the upstream stays down until a reload). */
  maxRestarts?: number;
  /** Ready this long without trouble → the restart count resets (and `degraded` ends). */
  stableAfterMs: number;
}

export interface KeepalivePolicy {
  /** Time between pings while ready; 0 turns keepalive off. */
  intervalMs: number;
  /** A ping not answered within this is a failure. */
  timeoutMs: number;
  /** Consecutive failures that count as the upstream having failed (it is restarted). */
  failureThreshold: number;
}

export type RestartConfig = Partial<RestartPolicy>;
export type KeepaliveConfig = Partial<KeepalivePolicy>;

/** The per-server keys (also valid under `mcpMux`, as defaults for every server). */
export interface UpstreamSupervisionConfig {
  restart?: RestartConfig;
  keepalive?: KeepaliveConfig;
  initializeTimeoutMs?: number;
  /**
   * How long a stdio upstream may take to exit after its stdin is closed at shutdown, before
   * SIGTERM (transports/stdioClient.ts; default 2000).
   */
  shutdownGraceMs?: number;
}

/** The router-wide keys (under `mcpMux` only). */
export interface RouterSupervisionConfig extends UpstreamSupervisionConfig {
  /** How long facade `initialize` and list calls wait for the upstreams at start-up. */
  startupTimeoutMs?: number;
  /** How long a shutdown lets in-flight requests finish before cancelling them. */
  shutdownTimeoutMs?: number;
  /** Bound on bytes queued for one downstream client; past it the client is disconnected. */
  maxSessionBufferBytes?: number;
}

export const RESTART_DEFAULTS: RestartPolicy = {
  initialDelayMs: 500,
  maxDelayMs: 30_000,
  factor: 2,
  jitter: 'full',
  stableAfterMs: 60_000,
};

export const KEEPALIVE_DEFAULTS: KeepalivePolicy = {
  intervalMs: 30_000,
  timeoutMs: 10_000,
  failureThreshold: 3,
};

export const SUPERVISION_DEFAULTS = {
  initializeTimeoutMs: 30_000,
  startupTimeoutMs: 30_000,
  /** How long `initialize` waits for upstreams still starting (core/config/config.ts). */
  initializeGraceMs: 2_000,
  shutdownTimeoutMs: 10_000,
  /** How long a stdio upstream may take to exit after its stdin closes, before SIGTERM. */
  shutdownGraceMs: 2_000,
  /** 64 MiB: one maximum-size message (transports/README.md). */
  maxSessionBufferBytes: 64 * 1024 * 1024,
} as const;

export const UPSTREAM_SUPERVISION_KEYS = [
  'restart',
  'keepalive',
  'initializeTimeoutMs',
  'shutdownGraceMs',
] as const;
export const ROUTER_SUPERVISION_KEYS = [
  ...UPSTREAM_SUPERVISION_KEYS,
  'startupTimeoutMs',
  'shutdownTimeoutMs',
  'maxSessionBufferBytes',
] as const;

export function restartPolicyOf(config: UpstreamSupervisionConfig): RestartPolicy {
  return { ...RESTART_DEFAULTS, ...config.restart };
}

export function keepalivePolicyOf(config: UpstreamSupervisionConfig): KeepalivePolicy {
  return { ...KEEPALIVE_DEFAULTS, ...config.keepalive };
}

const RESTART_KEYS = new Set([
  'initialDelayMs',
  'maxDelayMs',
  'factor',
  'jitter',
  'maxRestarts',
  'stableAfterMs',
]);
const KEEPALIVE_KEYS = new Set(['intervalMs', 'timeoutMs', 'failureThreshold']);
const JITTERS = ['full', 'decorrelated', 'none'] as const;
const POSITIVE = { min: 1, max: MAX_TIMER_MS };
const NON_NEGATIVE = { min: 0, max: MAX_TIMER_MS };

/**
 * Reads the per-server supervision keys of `raw` (at `path`) over `inherited` (the `mcpMux`
 * values). Returns only the keys that are set somewhere.
 */
export function parseUpstreamSupervision(
  raw: JsonObject,
  path: string,
  inherited: UpstreamSupervisionConfig,
  issues: Issues,
): UpstreamSupervisionConfig {
  const at = (key: string) => child(path, key);
  const out: UpstreamSupervisionConfig = {};
  const restart = { ...inherited.restart, ...parseRestart(raw.restart, at('restart'), issues) };
  if (Object.keys(restart).length > 0) {
    // Inherited values were checked where they were written (under mcpMux).
    if (raw.restart !== undefined) checkDelays(restart, at('restart'), issues);
    out.restart = restart;
  }
  const keepalive = {
    ...inherited.keepalive,
    ...parseKeepalive(raw.keepalive, at('keepalive'), issues),
  };
  if (Object.keys(keepalive).length > 0) out.keepalive = keepalive;
  const initialize =
    raw.initializeTimeoutMs === undefined
      ? inherited.initializeTimeoutMs
      : integer(raw.initializeTimeoutMs, at('initializeTimeoutMs'), issues, POSITIVE);
  if (initialize !== undefined) out.initializeTimeoutMs = initialize;
  const grace =
    raw.shutdownGraceMs === undefined
      ? inherited.shutdownGraceMs
      : integer(raw.shutdownGraceMs, at('shutdownGraceMs'), issues, NON_NEGATIVE);
  if (grace !== undefined) out.shutdownGraceMs = grace;
  return out;
}

/** Reads the supervision keys of `mcpMux`. */
export function parseRouterSupervision(raw: JsonObject, issues: Issues): RouterSupervisionConfig {
  const out: RouterSupervisionConfig = parseUpstreamSupervision(raw, 'mcpMux', {}, issues);
  const at = (key: string) => child('mcpMux', key);
  if (raw.startupTimeoutMs !== undefined) {
    const value = integer(raw.startupTimeoutMs, at('startupTimeoutMs'), issues, NON_NEGATIVE);
    if (value !== undefined) out.startupTimeoutMs = value;
  }
  if (raw.shutdownTimeoutMs !== undefined) {
    const value = integer(raw.shutdownTimeoutMs, at('shutdownTimeoutMs'), issues, NON_NEGATIVE);
    if (value !== undefined) out.shutdownTimeoutMs = value;
  }
  if (raw.maxSessionBufferBytes !== undefined) {
    const range = { min: 1024, max: Number.MAX_SAFE_INTEGER };
    const value = integer(raw.maxSessionBufferBytes, at('maxSessionBufferBytes'), issues, range);
    if (value !== undefined) out.maxSessionBufferBytes = value;
  }
  return out;
}

function parseRestart(value: unknown, path: string, issues: Issues): RestartConfig {
  if (value === undefined) return {};
  const raw = object(value, path, issues);
  if (!raw) return {};
  knownKeys(raw, path, RESTART_KEYS, issues);
  const at = (key: string) => child(path, key);
  const out: RestartConfig = {};
  const set = <K extends keyof RestartConfig>(key: K, v: RestartConfig[K] | undefined) => {
    if (v !== undefined) out[key] = v;
  };
  if (raw.initialDelayMs !== undefined)
    set('initialDelayMs', integer(raw.initialDelayMs, at('initialDelayMs'), issues, POSITIVE));
  if (raw.maxDelayMs !== undefined)
    set('maxDelayMs', integer(raw.maxDelayMs, at('maxDelayMs'), issues, POSITIVE));
  if (raw.factor !== undefined) set('factor', factor(raw.factor, at('factor'), issues));
  if (raw.jitter !== undefined) set('jitter', oneOf(raw.jitter, at('jitter'), issues, JITTERS));
  if (raw.maxRestarts !== undefined) {
    const range = { min: 0, max: Number.MAX_SAFE_INTEGER };
    set('maxRestarts', integer(raw.maxRestarts, at('maxRestarts'), issues, range));
  }
  if (raw.stableAfterMs !== undefined)
    set('stableAfterMs', integer(raw.stableAfterMs, at('stableAfterMs'), issues, NON_NEGATIVE));
  return out;
}

function parseKeepalive(value: unknown, path: string, issues: Issues): KeepaliveConfig {
  if (value === undefined) return {};
  const raw = object(value, path, issues);
  if (!raw) return {};
  knownKeys(raw, path, KEEPALIVE_KEYS, issues);
  const at = (key: string) => child(path, key);
  const out: KeepaliveConfig = {};
  const set = <K extends keyof KeepaliveConfig>(key: K, v: number | undefined) => {
    if (v !== undefined) out[key] = v;
  };
  if (raw.intervalMs !== undefined)
    set('intervalMs', integer(raw.intervalMs, at('intervalMs'), issues, NON_NEGATIVE));
  if (raw.timeoutMs !== undefined)
    set('timeoutMs', integer(raw.timeoutMs, at('timeoutMs'), issues, POSITIVE));
  if (raw.failureThreshold !== undefined) {
    const range = { min: 1, max: 1000 };
    set('failureThreshold', integer(raw.failureThreshold, at('failureThreshold'), issues, range));
  }
  return out;
}

function factor(value: unknown, path: string, issues: Issues): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 1 || value > 100) {
    return issues.add(path, `expected a number from 1 to 100, got ${JSON.stringify(value)}`);
  }
  return value;
}

/** The delays must make sense once defaults are filled in. */
function checkDelays(restart: RestartConfig, path: string, issues: Issues): void {
  const { initialDelayMs, maxDelayMs } = { ...RESTART_DEFAULTS, ...restart };
  if (initialDelayMs > maxDelayMs) {
    issues.add(
      path,
      `initialDelayMs (${initialDelayMs}) must not exceed maxDelayMs (${maxDelayMs})`,
    );
  }
}
