/**
 * The public library API of mcp-mux: what an agent framework needs to embed the router.
 *
 *   const router = createRouter(config);          // a RouterConfig or a raw config object
 *   await router.start();
 *   const [client, server] = createMemoryPair();  // or any Transport
 *   router.connect(server);                       // one downstream session per transport
 *   await sdkClient.connect(toSdkTransport(client)); // an official SDK Client on the other end
 *
 *   const http = createHttpHandler();             // Streamable HTTP + legacy SSE, no listener
 *   serveOn(router, http);                        // each HTTP session is a router session
 *   myServer.on('request', (req, res) => http.handleRequest(req, res));
 *   ...
 *   await router.close();
 */
import { Router, type RouterOptions } from './actors/router/router.js';
import { parseConfig, type RouterConfig } from './core/config/config.js';
import { createLogger } from './core/log.js';
import { openUpstreamTransport } from './transports/fromConfig.js';

export type { DownstreamSession } from './actors/downstream/downstream.js';
export type { ReloadResult } from './actors/router/reload.js';
export {
  Router,
  type RouterOptions,
  type UpstreamStatus,
  VERSION,
} from './actors/router/router.js';
export { type Served, serveOn } from './actors/router/serveOn.js';
export type { Health, SupervisorStatus } from './actors/upstream/supervisor.js';
export type { Upstream, UpstreamState } from './actors/upstream/upstream.js';
export type { Principal } from './core/auth/principal.js';
export {
  ConfigError,
  type ConfigIssue,
  loadConfigFile,
  parseConfig,
  type RouterConfig,
  type UpstreamConfig,
} from './core/config/config.js';
export type {
  KeepalivePolicy,
  RestartPolicy,
} from './core/config/supervisionConfig.js';
export { createLogger, type Logger, silentLogger } from './core/log.js';
export { LATEST_LEGACY_VERSION, LEGACY_VERSIONS } from './core/mcp/versions.js';
export {
  liveness,
  MuxMetrics,
  type MuxMetricsOptions,
  type Outcome,
  type ReadinessRule,
  type RequestObservation,
  type RouterObserver,
  readiness,
} from './core/observe/index.js';
export {
  Connection,
  type ConnectionOptions,
  type InboundEvent,
  type RequestEvent,
  type RequestOptions,
} from './core/rpc/connection.js';
export { ROUTED_RAW_MIN_CHARS } from './core/rpc/envelopeScan.js';
export { ErrorCode, LocalError, RpcError } from './core/rpc/errors.js';
export type { JsonRpcMessage } from './core/rpc/jsonrpc.js';
export {
  type BufferedTransport,
  type CloseReason,
  type ExchangeClientTransport,
  hasExchanges,
  hasStreams,
  isBuffered,
  type SendOptions,
  type StreamedServerTransport,
  type Transport,
  type TransportServer,
} from './core/rpc/transport.js';
export { openUpstreamTransport } from './transports/fromConfig.js';
export {
  createHttpFacade,
  type HttpFacade,
  type HttpFacadeOptions,
} from './transports/http/httpFacade.js';
export {
  createHttpHandler,
  type HttpHandler,
  type HttpHandlerOptions,
} from './transports/http/httpHandler.js';
export { createMemoryPair, type MemoryTransportEnd } from './transports/memory.js';
export { fromSdkTransport, type SdkTransport, toSdkTransport } from './transports/sdkAdapter.js';
export { type StdioServerOptions, StdioServerTransport } from './transports/stdio.js';
export {
  createWebSocketFacade,
  type WebSocketFacade,
  type WebSocketFacadeOptions,
} from './transports/websocket/websocketServer.js';

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
