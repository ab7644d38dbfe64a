/**
 * The router-wide `mcpMux` object: naming, paging and logging options, the limits every server
 * defaults to, the facade's hardening, auth and access keys, and the keys parsed in their own
 * files (roots, supervision, observe). See core/config/README.md.
 */
import { isIP } from 'node:net';
import { DEFAULT_SEPARATOR, MAX_NAME_LENGTH, MIN_MAX_LENGTH } from '../catalog/index.js';
import {
  type AccessRule,
  type FacadeAuthConfig,
  parseAccess,
  parseFacadeAuth,
} from './authConfig.js';
import { type ClusterConfig, parseCluster } from './clusterConfig.js';
import {
  boolean,
  child,
  type Issues,
  integer,
  item,
  type JsonObject,
  knownKeys,
  MAX_TIMER_MS,
  object,
  oneOf,
  string,
  stringArray,
} from './configSchema.js';
import { GUARDRAIL_KEYS, type GuardrailsConfig, parseGuardrails } from './guardrailsConfig.js';
import { OBSERVE_KEYS, type ObserveConfig, parseObserve } from './observeConfig.js';
import { type ProfileConfig, parseProfiles } from './profilesConfig.js';
import { parseRateLimits, type RateLimitRule } from './rateLimitConfig.js';
import { parseRoots, type RootConfig } from './roots.js';
import {
  parseRouterSupervision,
  ROUTER_SUPERVISION_KEYS,
  type RouterSupervisionConfig,
} from './supervisionConfig.js';
import { parseToolSearch, type ToolSearchConfig } from './toolSearchConfig.js';

export type ConfigLogLevel = 'debug' | 'info' | 'warn' | 'error';

/**
 * Everything `mcpMux` sets: the whole `RouterConfig` but its upstreams and warnings.
 * Supervision and shutdown keys: core/supervisionConfig.ts; `metrics`, `readiness`: observeConfig.ts.
 */
export interface MuxConfig extends RouterSupervisionConfig, ObserveConfig, GuardrailsConfig {
  separator: string;
  maxNameLength?: number;
  pageSize: number;
  logLevel: ConfigLogLevel;
  timeoutMs: number;
  maxTotalTimeoutMs?: number;
  concurrency: number;
  maxQueue: number;
  /** Default of every server's `inheritEnv`. */
  inheritEnv: boolean;
  /** Open TCP connections per network listener (CLI `--max-connections` overrides). */
  maxConnections?: number;
  /** Deepest nesting accepted in a client's message, on every facade (default 128). */
  maxJsonDepth?: number;
  /** HTTP sessions one principal (token, else address) may hold per listener (default 100). */
  maxSessionsPerPrincipal?: number;
  /**
   * Whose `X-Forwarded-For` names the client's address for the per-address session pool of
   * clients without a token: `true` (every peer is the trusted proxy) or the proxies' IP
   * addresses; absent or `false`: the header is ignored (CLI `--trust-proxy` sets `true`).
   */
  trustProxy?: boolean | string[];
  /** The facade's authentication (static tokens, JWTs): core/config/authConfig.ts. */
  auth?: FacadeAuthConfig;
  /** Which principals see which upstreams and tools; absent: everyone sees everything. */
  access?: AccessRule[];
  /** Default of every server's `roots`. */
  roots?: RootConfig[];
  /**
   * How long a client's `initialize` (and its first list calls) wait for upstreams that are
   * still starting before being answered with the ready ones (default 2000).
   */
  initializeGraceMs?: number;
  /** Secret that seals bridged `requestState`s; instances behind one balancer share it. */
  requestStateKey?: string;
  /** How long a bridged `input_required` waits for the client's retry (default 120000). */
  inputRequiredTtlMs?: number;
  /** Bridged round trips one principal may have held at once (default 100). */
  maxHeldRoundsPerPrincipal?: number;
  /** Resource URIs one modern `subscriptions/listen` may name (default 1000). */
  maxListenUris?: number;
  /** Modern `subscriptions/listen` streams one principal may hold open at once (default 16). */
  maxListensPerPrincipal?: number;
  /** Search instead of the full tool list (toolSearchConfig.ts); absent: off. */
  toolSearch?: ToolSearchConfig;
  /** Named views of the router (profilesConfig.ts): `/mcp/<name>`, `--profile NAME`. */
  profiles?: Record<string, ProfileConfig>;
  /**
   * Default of every server's `maxResultBytes`: a larger `tools/call` result is cut, the whole
   * kept as an `mcp-mux://results/<id>` resource; absent: no limit.
   */
  maxResultBytes?: number;
  /** Token buckets on `tools/call` per principal and rule (rateLimitConfig.ts); absent: none. */
  rateLimits?: RateLimitRule[];
  /**
   * A tool known to need a client capability (sampling, elicitation, roots) that the client
   * did not declare: `mark` it in its `_meta` (default), `hide` it, or `off` (core/catalog/toolNeeds.ts).
   */
  capabilityAwareTools?: 'mark' | 'hide' | 'off';
  /** Several instances behind a balancer (clusterConfig.ts); absent: one process. */
  cluster?: ClusterConfig;
}

/** `maxListenUris` and `maxListensPerPrincipal` when not set. */
export const LISTEN_DEFAULTS = { maxListenUris: 1000, maxListensPerPrincipal: 16 } as const;

export const CONFIG_DEFAULTS = {
  separator: DEFAULT_SEPARATOR,
  pageSize: 100,
  logLevel: 'info',
  timeoutMs: 60_000,
  concurrency: 16,
  maxQueue: 256,
  inheritEnv: false,
} as const;

const MUX_KEYS = new Set([
  'separator',
  'maxNameLength',
  'pageSize',
  'logLevel',
  'timeoutMs',
  'maxTotalTimeoutMs',
  'concurrency',
  'maxQueue',
  'inheritEnv',
  'maxConnections',
  'maxJsonDepth',
  'maxSessionsPerPrincipal',
  'trustProxy',
  'auth',
  'access',
  'roots',
  'initializeGraceMs',
  'requestStateKey',
  'inputRequiredTtlMs',
  'maxHeldRoundsPerPrincipal',
  'maxListenUris',
  'maxListensPerPrincipal',
  'toolSearch',
  'profiles',
  'maxResultBytes',
  'rateLimits',
  'capabilityAwareTools',
  'cluster',
  ...ROUTER_SUPERVISION_KEYS,
  ...OBSERVE_KEYS,
  ...GUARDRAIL_KEYS,
]);

const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;

const SEPARATOR_RULE = {
  pattern: /^[A-Za-z0-9_.-]{1,8}$/,
  description: '1–8 characters of [A-Za-z0-9_.-]',
};

const POSITIVE = { min: 1, max: MAX_TIMER_MS };
const NON_NEGATIVE = { min: 0, max: MAX_TIMER_MS };

/** Parses `mcpMux` (absent: the defaults), adding what is wrong to `issues`. */
export function parseMux(
  value: unknown,
  issues: Issues,
  baseDir: string | undefined,
  env: Record<string, string | undefined>,
): MuxConfig {
  const mux: MuxConfig = { ...CONFIG_DEFAULTS };
  if (value === undefined) return mux;
  const raw = object(value, 'mcpMux', issues);
  if (!raw) return mux;
  knownKeys(raw, 'mcpMux', MUX_KEYS, issues);
  const at = (key: string) => child('mcpMux', key);
  if (raw.separator !== undefined) {
    mux.separator = string(raw.separator, at('separator'), issues, SEPARATOR_RULE) ?? mux.separator;
  }
  if (raw.maxNameLength !== undefined) {
    const range = { min: MIN_MAX_LENGTH, max: MAX_NAME_LENGTH };
    const maxNameLength = integer(raw.maxNameLength, at('maxNameLength'), issues, range);
    if (maxNameLength !== undefined) mux.maxNameLength = maxNameLength;
  }
  if (raw.pageSize !== undefined) {
    const range = { min: 1, max: 10_000 };
    mux.pageSize = integer(raw.pageSize, at('pageSize'), issues, range) ?? mux.pageSize;
  }
  if (raw.logLevel !== undefined) {
    mux.logLevel = oneOf(raw.logLevel, at('logLevel'), issues, LOG_LEVELS) ?? mux.logLevel;
  }
  if (raw.inheritEnv !== undefined) {
    mux.inheritEnv = boolean(raw.inheritEnv, at('inheritEnv'), issues) ?? false;
  }
  if (raw.maxConnections !== undefined) {
    const range = { min: 1, max: 1_000_000 };
    const max = integer(raw.maxConnections, at('maxConnections'), issues, range);
    if (max !== undefined) mux.maxConnections = max;
  }
  if (raw.maxJsonDepth !== undefined) {
    const range = { min: 4, max: 100_000 };
    const depth = integer(raw.maxJsonDepth, at('maxJsonDepth'), issues, range);
    if (depth !== undefined) mux.maxJsonDepth = depth;
  }
  if (raw.maxSessionsPerPrincipal !== undefined) {
    const range = { min: 1, max: 1_000_000 };
    const max = integer(raw.maxSessionsPerPrincipal, at('maxSessionsPerPrincipal'), issues, range);
    if (max !== undefined) mux.maxSessionsPerPrincipal = max;
  }
  if (raw.trustProxy !== undefined) {
    const trust = parseTrustProxy(raw.trustProxy, at('trustProxy'), issues);
    if (trust !== undefined) mux.trustProxy = trust;
  }
  if (raw.auth !== undefined) {
    const auth = parseFacadeAuth(raw.auth, env, issues);
    if (auth) mux.auth = auth;
  }
  if (raw.access !== undefined) {
    const access = parseAccess(raw.access, issues);
    if (access) mux.access = access;
  }
  const roots = parseRoots(raw.roots, at('roots'), issues, baseDir);
  if (roots !== undefined) mux.roots = roots;
  if (raw.initializeGraceMs !== undefined) {
    const grace = integer(raw.initializeGraceMs, at('initializeGraceMs'), issues, NON_NEGATIVE);
    if (grace !== undefined) mux.initializeGraceMs = grace;
  }
  if (raw.requestStateKey !== undefined) {
    // A secret: the message never repeats the value.
    const key = raw.requestStateKey;
    if (typeof key === 'string' && key.length >= 32) mux.requestStateKey = key;
    else issues.add(at('requestStateKey'), 'expected a random secret of at least 32 characters');
  }
  if (raw.capabilityAwareTools !== undefined) {
    const mode = oneOf(raw.capabilityAwareTools, at('capabilityAwareTools'), issues, [
      'mark',
      'hide',
      'off',
    ] as const);
    if (mode !== undefined) mux.capabilityAwareTools = mode;
  }
  if (raw.inputRequiredTtlMs !== undefined) {
    const range = { min: 1_000, max: 3_600_000 };
    const ttl = integer(raw.inputRequiredTtlMs, at('inputRequiredTtlMs'), issues, range);
    if (ttl !== undefined) mux.inputRequiredTtlMs = ttl;
  }
  if (raw.maxHeldRoundsPerPrincipal !== undefined) {
    const range = { min: 1, max: 1_000_000 };
    const max = integer(
      raw.maxHeldRoundsPerPrincipal,
      at('maxHeldRoundsPerPrincipal'),
      issues,
      range,
    );
    if (max !== undefined) mux.maxHeldRoundsPerPrincipal = max;
  }
  for (const key of ['maxListenUris', 'maxListensPerPrincipal'] as const) {
    if (raw[key] === undefined) continue;
    const max = integer(raw[key], at(key), issues, { min: 1, max: 1_000_000 });
    if (max !== undefined) mux[key] = max;
  }
  if (raw.toolSearch !== undefined) {
    const toolSearch = parseToolSearch(raw.toolSearch, at('toolSearch'), issues);
    if (toolSearch) mux.toolSearch = toolSearch;
  }
  if (raw.profiles !== undefined) {
    const profiles = parseProfiles(raw.profiles, at('profiles'), issues);
    if (profiles) mux.profiles = profiles;
  }
  if (raw.rateLimits !== undefined) {
    const rateLimits = parseRateLimits(raw.rateLimits, issues);
    if (rateLimits) mux.rateLimits = rateLimits;
  }
  if (raw.cluster !== undefined) {
    const cluster = parseCluster(raw.cluster, env, issues);
    if (cluster) mux.cluster = cluster;
  }
  Object.assign(mux, parseLimits(raw, 'mcpMux', mux, issues));
  Object.assign(mux, parseRouterSupervision(raw, issues));
  Object.assign(mux, parseObserve(raw, issues));
  Object.assign(mux, parseGuardrails(raw, issues));
  return mux;
}

/** `mcpMux.trustProxy`: a boolean, or a list of IP addresses (no ranges). */
function parseTrustProxy(
  value: unknown,
  path: string,
  issues: Issues,
): boolean | string[] | undefined {
  if (typeof value === 'boolean') return value;
  if (!Array.isArray(value))
    return issues.add(path, 'expected true, false or a list of IP addresses');
  const list = stringArray(value, path, issues, { nonEmptyItems: true });
  if (!list) return undefined;
  for (const [i, address] of list.entries()) {
    if (isIP(address) === 0)
      issues.add(item(path, i), `expected an IP address, got ${JSON.stringify(address)}`);
  }
  return list;
}

type Limits = Pick<
  MuxConfig,
  'concurrency' | 'maxQueue' | 'timeoutMs' | 'maxTotalTimeoutMs' | 'maxResultBytes'
>;

/** Smallest `maxResultBytes`: room for the cut marker and a little of the result. */
export const MIN_RESULT_BYTES = 1024;

/** The five limits shared by `mcpMux` and each server; `defaults` fill what is absent. */
export function parseLimits(
  raw: JsonObject,
  path: string,
  defaults: Limits,
  issues: Issues,
): Limits {
  const at = (key: string) => child(path, key);
  const limits: Limits = {
    concurrency: defaults.concurrency,
    maxQueue: defaults.maxQueue,
    timeoutMs: defaults.timeoutMs,
  };
  if (defaults.maxTotalTimeoutMs !== undefined)
    limits.maxTotalTimeoutMs = defaults.maxTotalTimeoutMs;
  if (raw.concurrency !== undefined) {
    limits.concurrency = integer(raw.concurrency, at('concurrency'), issues, POSITIVE) ?? 0;
  }
  if (raw.maxQueue !== undefined) {
    limits.maxQueue = integer(raw.maxQueue, at('maxQueue'), issues, NON_NEGATIVE) ?? 0;
  }
  if (raw.timeoutMs !== undefined) {
    limits.timeoutMs = integer(raw.timeoutMs, at('timeoutMs'), issues, POSITIVE) ?? 0;
  }
  if (raw.maxTotalTimeoutMs !== undefined) {
    const total = integer(raw.maxTotalTimeoutMs, at('maxTotalTimeoutMs'), issues, POSITIVE);
    if (total !== undefined) limits.maxTotalTimeoutMs = total;
  }
  if (defaults.maxResultBytes !== undefined) limits.maxResultBytes = defaults.maxResultBytes;
  if (raw.maxResultBytes !== undefined) {
    const range = { min: MIN_RESULT_BYTES, max: 2 ** 31 };
    const max = integer(raw.maxResultBytes, at('maxResultBytes'), issues, range);
    if (max !== undefined) limits.maxResultBytes = max;
  }
  return limits;
}
