/**
 * The public library API of mcp-mux: what an agent framework needs to embed the router.
 *
 *   const router = createRouter(config);          // a RouterConfig or a raw config object
 *   await router.start();
 *   const [client, server] = createMemoryPair();  // or any Transport
 *   router.connect(server);                       // one downstream session per transport
 */
import { Router, type RouterOptions } from './actors/router.js';
import { parseConfig, type RouterConfig } from './core/config.js';
import { createLogger } from './core/log.js';
import { openUpstreamTransport } from './transports/fromConfig.js';

export type { DownstreamSession } from './actors/downstream.js';
export type { ReloadResult } from './actors/reload.js';
export { Router, type RouterOptions, type UpstreamStatus, VERSION } from './actors/router.js';
export type { Health, SupervisorStatus } from './actors/supervisor.js';
export type { Upstream, UpstreamState } from './actors/upstream.js';
export {
  ConfigError,
  type ConfigIssue,
  loadConfigFile,
  parseConfig,
  type RouterConfig,
  type UpstreamConfig,
} from './core/config.js';
export {
  Connection,
  type ConnectionOptions,
  type InboundEvent,
  type RequestEvent,
  type RequestOptions,
} from './core/connection.js';
export { ErrorCode, LocalError, RpcError } from './core/errors.js';
export type { JsonRpcMessage } from './core/jsonrpc.js';
export { createLogger, type Logger, silentLogger } from './core/log.js';
export type {
  KeepalivePolicy,
  RestartPolicy,
} from './core/supervisionConfig.js';
export { LATEST_LEGACY_VERSION, LEGACY_VERSIONS } from './core/versions.js';
export { openUpstreamTransport } from './transports/fromConfig.js';
export { createMemoryPair } from './transports/memory.js';
export type {
  CloseReason,
  SendOptions,
  Transport,
  TransportServer,
} from './transports/transport.js';

/**
 * Builds a router from a parsed `RouterConfig` or a raw config object in the file format
 * (`{ mcpServers, mcpMux }`, validated with `parseConfig`). Upstream transports default to
 * the built-in ones (stdio, Streamable HTTP, legacy SSE, WebSocket).
 */
export function createRouter(
  config: RouterConfig | Record<string, unknown>,
  options: Partial<RouterOptions> = {},
): Router {
  const parsed = 'upstreams' in config ? (config as RouterConfig) : parseConfig(config);
  const log = options.log ?? createLogger({ level: parsed.logLevel });
  return new Router(parsed, {
    ...options,
    log,
    openTransport:
      options.openTransport ??
      ((upstream, signal) => openUpstreamTransport(upstream, { log, signal })),
  });
}
