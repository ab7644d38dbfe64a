/**
 * The network facades of the CLI: listeners given as `--http`, `--http-json` and `--ws`
 * `HOST:PORT` flags, each accepted client session attached to the router. Decisions:
 * bin/README.md.
 */

import type { ClusterStore } from '../core/cluster/index.js';
import type { FacadeAuthConfig } from '../core/config/index.js';
import type { TrafficCounter } from '../core/observe/index.js';
import type { TransportServer } from '../core/rpc/index.js';
import { ROUTED_RAW_MIN_CHARS } from '../core/rpc/index.js';
import type { Logger, Router } from '../index.js';
import type { ClusterRouting, ObserveEndpoints } from '../transports/http/index.js';
import { ClusterPlaces, createHttpFacade, SseSession } from '../transports/http/index.js';
import { createWebSocketFacade } from '../transports/websocket/index.js';
import { modernHeaderChecks } from './paramHeaderLookup.js';

/**
 * `http`: a POST's answer as one JSON body, or an SSE stream once progress, a server request or
 * 100 ms come first (transports/http/README.md); `http-json`: always one JSON body; `ws`: WebSocket.
 */
export type ListenKind = 'http' | 'http-json' | 'ws';

export interface ListenSpec {
  kind: ListenKind;
  host: string;
  port: number;
}

/** Protection shared by every listener (transports/http/README.md, "Protection"). */
export interface FacadeOptions {
  /** Accepted bearer tokens; empty: no authentication. */
  bearerTokens: readonly string[];
  /** `mcpMux.auth`: named tokens, JWT validation, protected resource metadata. */
  auth?: FacadeAuthConfig;
  allowedHosts: readonly string[];
  allowedOrigins: readonly string[];
  /** Host/Origin validation (off only behind a proxy that does it). */
  dnsRebindingProtection: boolean;
  /** Whose `X-Forwarded-For` is believed (`--trust-proxy`, `mcpMux.trustProxy`). */
  trustProxy?: boolean | readonly string[];
  maxBodyBytes?: number;
  /** Open TCP connections per listener; more get 503 (transports/base/connectionLimit.ts). */
  maxConnections?: number;
  /** Deepest nesting accepted in a message (`mcpMux.maxJsonDepth`). */
  maxJsonDepth?: number;
  /** Sessions per principal on every listener (`mcpMux.maxSessionsPerPrincipal`). */
  maxSessionsPerPrincipal?: number;
  /**
   * The cluster (`mcpMux.cluster`): that bound holds across its instances too, every listener
   * counting in one `ClusterPlaces` (transports/http/clusterPlaces.ts). Absent: this process.
   */
  clusterPlaces?: { store: ClusterStore; instanceId: string };
  /** `/metrics`, `/healthz`, `/readyz` on every HTTP listener (bin/observe.ts). */
  observe?: ObserveEndpoints;
  /** Byte counters per facade kind (the metrics' bytes in/out). */
  traffic?: (kind: string) => TrafficCounter;
  /** `mcpMux.cluster`: owner-naming session ids and forwarding on the HTTP listeners. */
  cluster?: ClusterRouting;
  log: Logger;
}

export interface Facades {
  /** What each listener serves, e.g. `{ kind: 'http', url: 'http://127.0.0.1:43117/mcp' }`. */
  readonly endpoints: { kind: string; url: string }[];
  /** Stops listening and closes every session the listeners accepted. */
  close(): Promise<void>;
}

/** A command-line mistake: the CLI prints it with the usage and exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const DEFAULT_HOST = '127.0.0.1';

/**
 * `HOST:PORT`, `:PORT` or `PORT` (host 127.0.0.1), `[v6]:PORT`. Port 0 picks a free port.
 * @throws UsageError
 */
export function parseListen<K extends string = ListenKind>(
  kind: K,
  value: string,
): { kind: K; host: string; port: number } {
  const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([^:[\]]*)):(\d+)$|^(\d+)$/.exec(value.trim());
  const host = match?.[1] ?? match?.[2] ?? '';
  const port = Number(match?.[3] ?? match?.[4]);
  if (!match || !Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new UsageError(`--${kind} expects HOST:PORT (e.g. 127.0.0.1:8080), got "${value}"`);
  }
  return { kind, host: host === '' ? DEFAULT_HOST : host, port };
}

/**
 * Bearer tokens from the environment variable `name`: comma-separated, blanks ignored.
 * `required` (the variable was named explicitly): unset or empty is an error, so a typo
 * never leaves a listener open without authentication.
 * @throws UsageError
 */
export function readTokens(
  env: Record<string, string | undefined>,
  name: string,
  required: boolean,
): string[] {
  const tokens = (env[name] ?? '')
    .split(',')
    .map((token) => token.trim())
    .filter((token) => token !== '');
  if (required && tokens.length === 0) {
    throw new UsageError(`--token-env ${name}: the environment variable is unset or empty`);
  }
  return tokens;
}

const isLoopback = (host: string): boolean =>
  host === 'localhost' || host === '::1' || /^127\./.test(host);

/** Opens every listener (all or none: a failure closes the ones already open). */
export async function startFacades(
  router: Router,
  specs: readonly ListenSpec[],
  options: FacadeOptions,
): Promise<Facades> {
  const { log, traffic } = options;
  const sessionPlaces = options.clusterPlaces && new ClusterPlaces(options.clusterPlaces);
  const servers: { server: TransportServer; kind: ListenKind }[] = [];
  const endpoints: { kind: string; url: string }[] = [];
  const auth = options.auth;
  const protection = {
    bearerTokens: options.bearerTokens,
    ...(auth === undefined
      ? {}
      : {
          namedTokens: auth.tokens,
          ...(auth.jwt === undefined ? {} : { jwt: auth.jwt }),
          ...(auth.resource === undefined ? {} : { resource: auth.resource }),
          ...(auth.authorizationServers === undefined
            ? {}
            : { authorizationServers: auth.authorizationServers }),
          ...(auth.scopesSupported === undefined ? {} : { scopesSupported: auth.scopesSupported }),
          ...(auth.requiredScopes === undefined ? {} : { requiredScopes: auth.requiredScopes }),
        }),
    allowedHosts: options.allowedHosts,
    allowedOrigins: options.allowedOrigins,
    dnsRebindingProtection: options.dnsRebindingProtection,
    ...(options.trustProxy === undefined ? {} : { trustProxy: options.trustProxy }),
    ...(options.maxBodyBytes === undefined ? {} : { maxBodyBytes: options.maxBodyBytes }),
    ...(options.maxConnections === undefined ? {} : { maxConnections: options.maxConnections }),
    ...(options.maxJsonDepth === undefined ? {} : { maxJsonDepth: options.maxJsonDepth }),
    // The router never reads a forwarded payload (core/rpc/envelopeScan.ts).
    rawMinChars: ROUTED_RAW_MIN_CHARS,
    ...(options.maxSessionsPerPrincipal === undefined
      ? {}
      : { maxSessionsPerPrincipal: options.maxSessionsPerPrincipal }),
    ...(sessionPlaces ? { sessionPlaces } : {}),
  };
  // A client that stops reading is disconnected past `mcpMux.maxSessionBufferBytes`.
  const maxBufferedBytes = router.config.maxSessionBufferBytes;
  const sessionBuffer = maxBufferedBytes === undefined ? {} : { maxBufferedBytes };
  try {
    for (const spec of specs) {
      const listen = {
        host: spec.host,
        port: spec.port,
        ...protection,
        ...sessionBuffer,
        // `/mcp/<name>` for every profile of the config in force (a reload may change them).
        hasProfile: (name: string) => Object.hasOwn(router.config.profiles ?? {}, name),
      };
      if (spec.kind === 'ws') {
        const facade = await createWebSocketFacade({
          ...listen,
          ...(traffic ? { onSocket: (socket) => traffic('ws').add(socket) } : {}),
          log: log.child('ws'),
        });
        servers.push({ server: facade, kind: spec.kind });
        endpoints.push({ kind: 'ws', url: facade.url });
      } else {
        const facade = await createHttpFacade({
          ...listen,
          preferJson: spec.kind === 'http-json',
          checkModernHeaders: modernHeaderChecks(router),
          ...(options.observe ? { observe: options.observe } : {}),
          ...(options.cluster ? { cluster: options.cluster } : {}),
          ...(traffic ? { onSocket: (socket) => traffic(spec.kind).add(socket) } : {}),
          log: log.child(spec.kind),
        });
        servers.push({ server: facade, kind: spec.kind });
        const base = facade.url.slice(0, -'/mcp'.length);
        endpoints.push({ kind: spec.kind, url: facade.url }, { kind: 'sse', url: `${base}/sse` });
      }
      const authenticated =
        options.bearerTokens.length > 0 ||
        Object.keys(auth?.tokens ?? {}).length > 0 ||
        auth?.jwt !== undefined;
      if (!isLoopback(spec.host) && !authenticated) {
        log.warn(
          `${spec.kind} listener on ${spec.host} is reachable from the network without a bearer token (set MCP_MUX_TOKENS)`,
        );
      }
    }
  } catch (error) {
    await Promise.allSettled(servers.map(({ server }) => server.close()));
    sessionPlaces?.close();
    throw error;
  }
  // Sessions are labelled by transport in the metrics: legacy SSE apart from Streamable HTTP.
  const subscriptions = servers.map(({ server, kind }) =>
    server.connections$.subscribe((transport) =>
      router.connect(transport, transport instanceof SseSession ? 'sse' : kind),
    ),
  );
  for (const endpoint of endpoints) log.info(`listening: ${endpoint.kind} ${endpoint.url}`);
  return {
    endpoints,
    async close(): Promise<void> {
      for (const subscription of subscriptions) subscription.unsubscribe();
      await Promise.allSettled(servers.map(({ server }) => server.close()));
      sessionPlaces?.close();
    },
  };
}
