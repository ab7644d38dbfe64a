/**
 * The config file: the `mcpServers` format MCP clients already use, plus mcp-mux options
 * (per server, and router-wide under `mcpMux`). `parseConfig` is pure; `loadConfigFile` is the
 * only I/O. Invalid input throws one `ConfigError` that lists every issue with its JSON path.
 * See core/README.md, "Config".
 */
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, resolve } from 'node:path';
import {
  DEFAULT_SEPARATOR,
  MAX_NAME_LENGTH,
  MIN_MAX_LENGTH,
  type NameFilter,
} from '../catalog/naming.js';
import { LocalError } from '../rpc/errors.js';
import { CLIENT_SERVER_KEYS, CLIENT_TOP_KEYS } from './clientKeys.js';
import {
  boolean,
  type ConfigIssue,
  child,
  Issues,
  integer,
  type JsonObject,
  knownKeys,
  MAX_TIMER_MS,
  object,
  oneOf,
  string,
  stringArray,
  stringRecord,
  substituteEnv,
  substituteEnvArray,
  substituteEnvRecord,
} from './configSchema.js';
import { duplicateKeys } from './duplicateKeys.js';
import {
  checkReadinessNames,
  OBSERVE_KEYS,
  type ObserveConfig,
  parseObserve,
} from './observeConfig.js';
import { parseRoots, type RootConfig } from './roots.js';
import {
  parseRouterSupervision,
  parseUpstreamSupervision,
  ROUTER_SUPERVISION_KEYS,
  type RouterSupervisionConfig,
  UPSTREAM_SUPERVISION_KEYS,
  type UpstreamSupervisionConfig,
} from './supervisionConfig.js';
import { checkUrl, parseTransport, type UpstreamTransportKind } from './transportConfig.js';

export type { NameFilter } from '../catalog/naming.js';
export type { ConfigIssue } from './configSchema.js';
export type { RootConfig } from './roots.js';
export type { UpstreamTransportKind } from './transportConfig.js';

export type SessionMode = 'shared' | 'isolated';
export type ConfigLogLevel = 'debug' | 'info' | 'warn' | 'error';

/** Supervision keys (`restart`, `keepalive`, `initializeTimeoutMs`): core/supervisionConfig.ts. */
export interface UpstreamConfig extends UpstreamSupervisionConfig {
  /** The key under `mcpServers`. */
  name: string;
  transport: UpstreamTransportKind;
  command?: string;
  args: string[];
  /** Variables for a stdio child, over the minimal default set (or the whole env: `inheritEnv`). */
  env: Record<string, string>;
  /** Pass the router's whole environment to a stdio child (default false: a minimal set). */
  inheritEnv: boolean;
  /** Absolute when the config came from a file (resolved against the file's directory). */
  cwd?: string;
  url?: string;
  headers: Record<string, string>;
  /** Defaults to `name`; `""` exposes names unchanged. */
  prefix: string;
  sessionMode: SessionMode;
  concurrency: number;
  maxQueue: number;
  timeoutMs: number;
  maxTotalTimeoutMs?: number;
  tools: NameFilter;
  prompts: NameFilter;
  disabled: boolean;
  /** What the router answers this upstream's `roots/list` with when shared (core/config/roots.ts). */
  roots: RootConfig[];
}

/** Supervision and shutdown keys: core/supervisionConfig.ts; `metrics`, `readiness`: observeConfig.ts. */
export interface RouterConfig extends RouterSupervisionConfig, ObserveConfig {
  /** In file order (see README for integer-like keys), disabled ones included. */
  upstreams: UpstreamConfig[];
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
  /** Default of every server's `roots`. */
  roots?: RootConfig[];
  /**
   * How long a client's `initialize` (and its first list calls) wait for upstreams that are
   * still starting before being answered with the ready ones (default 2000).
   */
  initializeGraceMs?: number;
  /** What loading noticed without refusing the file (ignored client keys, duplicates…). */
  warnings?: string[];
  /** Secret that seals bridged `requestState`s; instances behind one balancer share it. */
  requestStateKey?: string;
  /** How long a bridged `input_required` waits for the client's retry (default 120000). */
  inputRequiredTtlMs?: number;
  /** Bridged round trips one principal may have held at once (default 100). */
  maxHeldRoundsPerPrincipal?: number;
}

export const CONFIG_DEFAULTS = {
  separator: DEFAULT_SEPARATOR,
  pageSize: 100,
  logLevel: 'info',
  timeoutMs: 60_000,
  concurrency: 16,
  maxQueue: 256,
  inheritEnv: false,
} as const;

/** Invalid config: `issues` holds every problem found; the message lists them one per line. */
export class ConfigError extends LocalError {
  readonly issues: ConfigIssue[];
  /** The config file, when the config came from one. */
  readonly file: string | undefined;

  constructor(issues: ConfigIssue[], file?: string) {
    const where = file === undefined ? 'invalid mcp-mux config' : `invalid mcp-mux config ${file}`;
    const lines = issues.map((issue) => `  ${issue.path || '(root)'}: ${issue.reason}`);
    super(
      'config',
      `${where} (${issues.length} issue${issues.length === 1 ? '' : 's'}):\n${lines.join('\n')}`,
      {
        issues,
      },
    );
    this.name = 'ConfigError';
    this.issues = issues;
    this.file = file;
  }
}

export interface ParseConfigOptions {
  /** Relative `cwd` values are resolved against it (the config file's directory). */
  baseDir?: string;
  /** Source of `${env:NAME}`; defaults to `process.env`. */
  env?: Record<string, string | undefined>;
}

const TOP_KEYS = new Set(['mcpServers', 'mcpMux', '$schema']);
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
  'roots',
  'initializeGraceMs',
  'requestStateKey',
  'inputRequiredTtlMs',
  'maxHeldRoundsPerPrincipal',
  ...ROUTER_SUPERVISION_KEYS,
  ...OBSERVE_KEYS,
]);
const SERVER_KEYS = new Set([
  'command',
  'args',
  'env',
  'inheritEnv',
  'cwd',
  'url',
  'transport',
  'type',
  'headers',
  'prefix',
  'sessionMode',
  'concurrency',
  'maxQueue',
  'timeoutMs',
  'maxTotalTimeoutMs',
  'tools',
  'prompts',
  'disabled',
  'roots',
  ...UPSTREAM_SUPERVISION_KEYS,
]);
const FILTER_KEYS = new Set(['allow', 'deny']);

const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
const SESSION_MODES = ['shared', 'isolated'] as const;

const PREFIX_RULE = {
  pattern: /^[A-Za-z0-9_.-]{0,64}$/,
  description: '0–64 characters of [A-Za-z0-9_.-]',
};
const SERVER_NAME = /^[A-Za-z0-9_.-]{1,64}$/;
const SEPARATOR_RULE = {
  pattern: /^[A-Za-z0-9_.-]{1,8}$/,
  description: '1–8 characters of [A-Za-z0-9_.-]',
};
const NON_EMPTY = { pattern: /./, description: 'a non-empty string' };

const POSITIVE = { min: 1, max: MAX_TIMER_MS };
const NON_NEGATIVE = { min: 0, max: MAX_TIMER_MS };

/** Validates a parsed config value and fills in defaults. @throws ConfigError */
export function parseConfig(value: unknown, options: ParseConfigOptions = {}): RouterConfig {
  const issues = new Issues();
  const env = options.env ?? process.env;
  const root = object(value, '', issues);
  let config: RouterConfig | undefined;
  if (root) {
    knownKeys(root, '', TOP_KEYS, issues, CLIENT_TOP_KEYS);
    if (root.$schema !== undefined) string(root.$schema, '$schema', issues);
    const mux = parseMux(root.mcpMux, issues, options.baseDir);
    const upstreams: UpstreamConfig[] = [];
    if (root.mcpServers === undefined) {
      issues.add('mcpServers', 'required (an object of servers, possibly empty)');
    } else {
      const servers = object(root.mcpServers, 'mcpServers', issues) ?? {};
      for (const [name, entry] of Object.entries(servers)) {
        const path = child('mcpServers', name);
        const upstream = parseServer(name, entry, path, mux, { ...options, env }, issues);
        if (upstream) upstreams.push(upstream);
      }
    }
    config = { ...mux, upstreams };
    const names = upstreams.map((u) => u.name);
    for (const issue of checkReadinessNames(mux, names)) issues.add(issue.path, issue.reason);
  }
  if (issues.list.length > 0 || !config) throw new ConfigError(issues.list);
  if (issues.ignored.length > 0) {
    issues.warnings.unshift(
      `ignored ${issues.ignored.length} key(s) that MCP clients write and mcp-mux does not use: ${issues.ignored.join(', ')}`,
    );
  }
  if (issues.warnings.length > 0) config.warnings = [...issues.warnings];
  return config;
}

/**
 * Reads and parses a JSON config file. @throws ConfigError naming the file: unreadable file,
 * JSON syntax error (issue path `<file>:<line>:<column>`), or any config issue.
 */
export async function loadConfigFile(
  path: string,
  options: { env?: Record<string, string | undefined> } = {},
): Promise<RouterConfig> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError([{ path, reason: `cannot read the config file: ${reason}` }], path);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const { line, column } = positionOf(text, message);
    throw new ConfigError(
      [{ path: `${path}:${line}:${column}`, reason: `invalid JSON: ${message}` }],
      path,
    );
  }
  const parseOptions: ParseConfigOptions = { baseDir: dirname(resolve(path)) };
  if (options.env) parseOptions.env = options.env;
  try {
    const config = parseConfig(value, parseOptions);
    const duplicates = duplicateKeys(text).map(
      (key) => `duplicate key ${key} in ${path}: only its last value is used`,
    );
    if (duplicates.length > 0) config.warnings = [...duplicates, ...(config.warnings ?? [])];
    return config;
  } catch (error) {
    if (error instanceof ConfigError) throw new ConfigError(error.issues, path);
    throw error;
  }
}

/** 1-based line and column of the offset named in a JSON.parse message (end of text if none). */
function positionOf(text: string, message: string): { line: number; column: number } {
  const match = /at position (\d+)/.exec(message);
  const offset = Math.min(match ? Number(match[1]) : text.length, text.length);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - (before.lastIndexOf('\n') + 1) + 1;
  return { line, column };
}

type MuxOptions = Omit<RouterConfig, 'upstreams'>;

function parseMux(value: unknown, issues: Issues, baseDir: string | undefined): MuxOptions {
  const mux: MuxOptions = { ...CONFIG_DEFAULTS };
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
  Object.assign(mux, parseLimits(raw, 'mcpMux', mux, issues));
  Object.assign(mux, parseRouterSupervision(raw, issues));
  Object.assign(mux, parseObserve(raw, issues));
  return mux;
}

type Limits = Pick<RouterConfig, 'concurrency' | 'maxQueue' | 'timeoutMs' | 'maxTotalTimeoutMs'>;

/** The four limits shared by `mcpMux` and each server; `defaults` fill what is absent. */
function parseLimits(raw: JsonObject, path: string, defaults: Limits, issues: Issues): Limits {
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
  return limits;
}

function parseServer(
  name: string,
  value: unknown,
  path: string,
  mux: MuxOptions,
  options: ParseConfigOptions & { env: Record<string, string | undefined> },
  issues: Issues,
): UpstreamConfig | undefined {
  const raw = object(value, path, issues);
  if (!raw) return undefined;
  knownKeys(raw, path, SERVER_KEYS, issues, CLIENT_SERVER_KEYS);
  const at = (key: string) => child(path, key);
  // A disabled server keeps unexpanded `${VAR}`s as written: it cannot block start-up.
  const lenient = raw.disabled === true;
  const disabled =
    raw.disabled === undefined ? false : (boolean(raw.disabled, at('disabled'), issues) ?? false);

  const upstream: UpstreamConfig = {
    name,
    transport: 'stdio',
    args: [],
    env: {},
    inheritEnv: mux.inheritEnv,
    headers: {},
    prefix: name,
    sessionMode: 'shared',
    ...parseLimits(raw, path, mux, issues),
    tools: parseFilter(raw.tools, at('tools'), issues),
    prompts: parseFilter(raw.prompts, at('prompts'), issues),
    disabled,
    roots: parseRoots(raw.roots, at('roots'), issues, options.baseDir) ?? mux.roots ?? [],
    ...parseUpstreamSupervision(raw, path, mux, issues),
  };

  if (raw.prefix !== undefined) {
    upstream.prefix = string(raw.prefix, at('prefix'), issues, PREFIX_RULE) ?? '';
  } else if (!SERVER_NAME.test(name)) {
    issues.add(
      path,
      'the server name is not a valid name prefix (1–64 characters of [A-Za-z0-9_.-]); rename it or set "prefix"',
    );
  }
  if (upstream.prefix.includes('.') && !disabled) {
    issues.warn(
      `${raw.prefix === undefined ? path : at('prefix')}: "." in the name prefix "${upstream.prefix}": several model APIs accept only [A-Za-z0-9_-] in tool names; set "prefix" without it`,
    );
  }
  if (raw.sessionMode !== undefined) {
    upstream.sessionMode =
      oneOf(raw.sessionMode, at('sessionMode'), issues, SESSION_MODES) ?? 'shared';
  }

  const transport = parseTransport(raw, path, issues);
  if (transport) upstream.transport = transport;

  const expand = (text: string, where: string) =>
    substituteEnv(text, where, options.env, issues, lenient);
  if (raw.command !== undefined) {
    const command = string(raw.command, at('command'), issues, NON_EMPTY);
    if (command !== undefined) upstream.command = expand(command, at('command'));
  }
  if (raw.url !== undefined) {
    const written = string(raw.url, at('url'), issues);
    const url = written === undefined ? undefined : expand(written, at('url'));
    if (url !== undefined && transport && transport !== 'stdio') {
      if (checkUrl(url, transport, at('url'), issues)) upstream.url = url;
    }
  }
  const stdioOnly = (key: string) =>
    raw[key] !== undefined && transport !== undefined && transport !== 'stdio';
  const remoteOnly = (key: string) => raw[key] !== undefined && transport === 'stdio';
  for (const key of ['args', 'env', 'inheritEnv', 'cwd']) {
    if (stdioOnly(key))
      issues.add(at(key), `only valid with "command" (stdio), not with transport ${transport}`);
  }
  if (remoteOnly('headers')) issues.add(at('headers'), 'only valid with "url", not with "command"');

  if (raw.args !== undefined) {
    const args = stringArray(raw.args, at('args'), issues);
    if (args) upstream.args = substituteEnvArray(args, at('args'), options.env, issues, lenient);
  }
  if (raw.env !== undefined) {
    const env = stringRecord(raw.env, at('env'), issues);
    if (env) upstream.env = substituteEnvRecord(env, at('env'), options.env, issues, lenient);
  }
  if (raw.inheritEnv !== undefined) {
    upstream.inheritEnv = boolean(raw.inheritEnv, at('inheritEnv'), issues) ?? false;
  }
  if (raw.headers !== undefined) {
    const headers = stringRecord(raw.headers, at('headers'), issues);
    if (headers)
      upstream.headers = substituteEnvRecord(headers, at('headers'), options.env, issues, lenient);
  }
  if (raw.cwd !== undefined) {
    const cwd = string(raw.cwd, at('cwd'), issues, NON_EMPTY);
    if (cwd !== undefined) {
      upstream.cwd =
        isAbsolute(cwd) || options.baseDir === undefined ? cwd : resolve(options.baseDir, cwd);
    }
  }
  return upstream;
}

function parseFilter(value: unknown, path: string, issues: Issues): NameFilter {
  if (value === undefined) return {};
  const raw = object(value, path, issues);
  if (!raw) return {};
  knownKeys(raw, path, FILTER_KEYS, issues);
  const filter: NameFilter = {};
  for (const key of ['allow', 'deny'] as const) {
    if (raw[key] === undefined) continue;
    const globs = stringArray(raw[key], child(path, key), issues, { nonEmptyItems: true });
    if (globs) filter[key] = globs;
  }
  return filter;
}
