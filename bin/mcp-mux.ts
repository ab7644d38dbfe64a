#!/usr/bin/env node
/**
 * The mcp-mux CLI: reads a config, builds a router, attaches the facades.
 *
 *   mcp-mux --config F                      the stdio router (the default facade)
 *   mcp-mux --config F --http 127.0.0.1:8080 [--ws 127.0.0.1:8081] [--stdio]
 *   mcp-mux inspect --config F              prints the merged catalog and collisions, then exits
 *   mcp-mux status --url http://H:P [--once] a live table of a running router's upstreams (alias top)
 *
 * Only protocol messages go to stdout; everything else goes to stderr. Flags: bin/README.md.
 */
import { parseArgs } from 'node:util';
import {
  ConfigError,
  createLogger,
  createRouter,
  type Logger,
  loadConfigFile,
  type Router,
  VERSION,
} from '../index.js';
import { DEFAULT_MAX_CONNECTIONS } from '../transports/base/index.js';
import { resourceProblem } from '../transports/http/index.js';
import { startAudit } from './audit.js';
import { startCluster } from './cluster.js';
import { type ListenSpec, parseListen, readTokens, startFacades, UsageError } from './facades.js';
import { checkFdLimit } from './fdLimit.js';
import { inspect } from './inspect.js';
import { login } from './login.js';
import { startMetricsListener } from './metrics.js';
import { createObservability } from './observe.js';
import { startTracing } from './otel.js';
import { serve } from './serve.js';
import { status } from './status.js';
import { HELP, logLevelFlag, USAGE, usageMessage } from './usage.js';

const DEFAULT_TOKEN_ENV = 'MCP_MUX_TOKENS';
/** The `requestState` secret when the config has no `mcpMux.requestStateKey`. */
const STATE_KEY_ENV = 'MCP_MUX_STATE_KEY';

function integerFlag(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new UsageError(`--${name} expects a non-negative integer, got "${value}"`);
  }
  return n;
}

const OPTIONS = {
  config: { type: 'string', short: 'c' },
  'log-level': { type: 'string' },
  http: { type: 'string', multiple: true },
  'http-json': { type: 'string', multiple: true },
  ws: { type: 'string', multiple: true },
  stdio: { type: 'boolean' },
  'no-stdio': { type: 'boolean' },
  'token-env': { type: 'string' },
  'allow-origin': { type: 'string', multiple: true },
  'allow-host': { type: 'string', multiple: true },
  'no-host-check': { type: 'boolean' },
  'trust-proxy': { type: 'boolean' },
  'max-body-bytes': { type: 'string' },
  'max-connections': { type: 'string' },
  'disconnect-grace-ms': { type: 'string' },
  'log-format': { type: 'string' },
  metrics: { type: 'string' },
  audit: { type: 'string' },
  'no-metrics': { type: 'boolean' },
  url: { type: 'string' },
  once: { type: 'boolean' },
  'interval-ms': { type: 'string' },
  logout: { type: 'boolean' },
  profile: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: OPTIONS,
  });
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (values.version) {
    process.stdout.write(`mcp-mux ${VERSION}\n`);
    return 0;
  }
  const command = positionals[0] ?? 'serve';
  if (command === 'login') {
    if (!values.config) throw new UsageError('--config FILE is required');
    const config = await loadConfigFile(values.config);
    const log = createLogger({ level: logLevelFlag(values['log-level']) ?? 'warn' });
    return login(config, positionals[1], { log, logout: values.logout === true });
  }
  if (command === 'status' || command === 'top') {
    if (!values.url) throw new UsageError(`${command} needs --url http://HOST:PORT`);
    const token = readTokens(process.env, DEFAULT_TOKEN_ENV, false)[0];
    const controller = new AbortController();
    process.once('SIGINT', () => controller.abort());
    return status({
      url: values.url,
      once: values.once === true,
      intervalMs: integerFlag('interval-ms', values['interval-ms']) ?? 1000,
      write: (text) => process.stdout.write(text),
      signal: controller.signal,
      ...(token === undefined ? {} : { token }),
    });
  }
  if (command !== 'serve' && command !== 'inspect') {
    throw new UsageError(
      `unknown command "${command}" (commands: serve, the default, inspect, status and login)`,
    );
  }
  if (positionals.length > 1) throw new UsageError(`unexpected argument "${positionals[1]}"`);
  if (!values.config) throw new UsageError('--config FILE is required');
  const logLevel = logLevelFlag(values['log-level']);
  const logFormat = values['log-format'] ?? 'text';
  if (logFormat !== 'text' && logFormat !== 'json') {
    throw new UsageError(`--log-format expects text or json, got "${logFormat}"`);
  }
  if (values.metrics && values['no-metrics']) {
    throw new UsageError('--metrics and --no-metrics conflict');
  }
  const metricsListen = values.metrics ? parseListen('metrics', values.metrics) : undefined;
  const listeners: ListenSpec[] = [
    ...(values.http ?? []).map((v) => parseListen('http', v)),
    ...(values['http-json'] ?? []).map((v) => parseListen('http-json', v)),
    ...(values.ws ?? []).map((v) => parseListen('ws', v)),
  ];
  if (values.stdio && values['no-stdio']) throw new UsageError('--stdio and --no-stdio conflict');
  const stdio = values.stdio ?? (values['no-stdio'] ? false : listeners.length === 0);
  if (command === 'serve' && !stdio && listeners.length === 0) {
    throw new UsageError('--no-stdio needs a listener (--http, --http-json or --ws)');
  }
  const tokenEnv = values['token-env'] ?? DEFAULT_TOKEN_ENV;
  const bearerTokens = readTokens(process.env, tokenEnv, values['token-env'] !== undefined);
  const maxBodyBytes = integerFlag('max-body-bytes', values['max-body-bytes']);
  const maxConnectionsFlag = integerFlag('max-connections', values['max-connections']);
  if (maxConnectionsFlag === 0) throw new UsageError('--max-connections must be at least 1');
  const disconnectGraceMs = integerFlag('disconnect-grace-ms', values['disconnect-grace-ms']);

  const config = await loadConfigFile(values.config);
  const profile = values.profile;
  if (profile !== undefined && !Object.hasOwn(config.profiles ?? {}, profile)) {
    const known = Object.keys(config.profiles ?? {});
    throw new UsageError(
      `--profile ${profile}: no such profile in mcpMux.profiles (${known.length === 0 ? 'none configured' : `known: ${known.join(', ')}`})`,
    );
  }
  const level = logLevel ?? config.logLevel;
  const log: Logger = createLogger({ level, format: logFormat });
  // Metrics cost a little per request: on only where something can scrape them.
  const scrapable = metricsListen !== undefined || listeners.some((l) => l.kind !== 'ws');
  const observability = createObservability(
    config,
    command === 'serve' && !values['no-metrics'] && scrapable,
  );
  const stopTracing = command === 'serve' ? await startTracing(process.env, log) : undefined;
  let routerRef: Router | undefined;
  const audit =
    command === 'serve'
      ? startAudit(
          config,
          values.audit,
          log,
          observability.metrics,
          () => routerRef?.config ?? config,
        )
      : undefined;
  const observers = [observability.metrics, audit?.observer].filter((o) => o !== undefined);
  // `mcpMux.cluster`: one of several instances (bin/cluster.ts); absent: one process.
  const cluster =
    config.cluster && listeners.length > 0
      ? await startCluster(config.cluster, log, observability.metrics)
      : undefined;
  // `mcpMux.requestStateKey` wins; else MCP_MUX_STATE_KEY; else a random key per process.
  const stateKeyEnv = process.env[STATE_KEY_ENV];
  const router = createRouter(config, {
    log,
    ...(cluster?.shared ? { cluster: cluster.shared } : {}),
    ...(disconnectGraceMs === undefined ? {} : { disconnectGraceMs }),
    ...(observers.length > 0 ? { observer: observers } : {}),
    ...(config.requestStateKey === undefined && stateKeyEnv
      ? { requestStateKey: stateKeyEnv }
      : {}),
  });
  routerRef = router;
  const endpoints = observability.endpoints(router);
  // Exit as soon as the report is out, whatever timers the router still holds.
  if (command === 'inspect') process.exit(await inspect(router, profile));
  const maxConnections = maxConnectionsFlag ?? config.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  // JWTs behind a proxy need the public URL: the audience never follows a Host header.
  const problem =
    listeners.length > 0 && config.auth !== undefined
      ? resourceProblem(config.auth, !values['no-host-check'])
      : undefined;
  if (problem) throw new UsageError(problem);
  const trustProxy = values['trust-proxy'] === true ? true : config.trustProxy;
  checkFdLimit(log, {
    listeners: listeners.length,
    maxConnections,
    stdioUpstreams: config.upstreams.filter((u) => u.transport === 'stdio' && !u.disabled).length,
  });
  if (cluster) {
    const ready = endpoints.ready;
    endpoints.ready = () => {
      const answer = ready();
      return { ...answer, body: { ...answer.body, cluster: cluster.view() } };
    };
  }
  const facades =
    listeners.length === 0
      ? undefined
      : await startFacades(router, listeners, {
          bearerTokens,
          ...(config.auth === undefined ? {} : { auth: config.auth }),
          allowedHosts: values['allow-host'] ?? [],
          allowedOrigins: values['allow-origin'] ?? [],
          dnsRebindingProtection: !values['no-host-check'],
          ...(trustProxy === undefined ? {} : { trustProxy }),
          ...(maxBodyBytes === undefined ? {} : { maxBodyBytes }),
          maxConnections,
          ...(config.maxJsonDepth === undefined ? {} : { maxJsonDepth: config.maxJsonDepth }),
          ...(config.maxSessionsPerPrincipal === undefined
            ? {}
            : { maxSessionsPerPrincipal: config.maxSessionsPerPrincipal }),
          observe: endpoints,
          traffic: (kind) => observability.traffic(kind),
          ...(cluster ? { cluster: cluster.routing } : {}),
          ...(cluster?.shared
            ? { clusterPlaces: { store: cluster.shared, instanceId: cluster.routing.self } }
            : {}),
          log,
        });
  const metricsListener =
    metricsListen &&
    (await startMetricsListener(metricsListen.host, metricsListen.port, endpoints, log));
  // The metrics listener and the tracing SDK close with the facades (bin/shutdown.ts).
  const closeAll =
    facades || metricsListener || stopTracing || audit
      ? {
          endpoints: facades?.endpoints ?? [],
          close: async () => {
            // Leave first: peers stop forwarding here while the sessions close.
            await cluster?.stop();
            await Promise.allSettled([facades?.close(), metricsListener?.close()]);
            await stopTracing?.().catch(() => {});
            await audit?.close();
          },
        }
      : undefined;
  return serve(router, log, {
    stdio,
    configPath: values.config,
    ...(profile === undefined ? {} : { profile }),
    ...(stdio ? { stdioTraffic: observability.traffic('stdio') } : {}),
    ...(closeAll ? { facades: closeAll } : {}),
  });
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== undefined) process.exitCode = code;
  },
  (error: unknown) => {
    const code = (error as { code?: unknown } | undefined)?.code;
    if (error instanceof UsageError || String(code).startsWith('ERR_PARSE_ARGS')) {
      const message = usageMessage(error as Error, Object.keys(OPTIONS));
      process.stderr.write(`mcp-mux: ${message}\n${USAGE}\n`);
      process.exitCode = 2;
    } else if (error instanceof ConfigError) {
      process.stderr.write(`mcp-mux: invalid config\n${error.message}\n`);
      process.exitCode = 1;
    } else if (error instanceof Error && 'syscall' in error) {
      // A system error (EADDRINUSE, EACCES on a port…) is the user's to fix: one line, no stack.
      process.stderr.write(`mcp-mux: ${error.message}\n`);
      process.exitCode = 1;
    } else {
      process.stderr.write(
        `mcp-mux: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exitCode = 1;
    }
    // What started before the failure (a facade already listening, upstream children) would
    // keep the process alive: a failed start ends it. stderr is written synchronously first.
    process.exit();
  },
);
