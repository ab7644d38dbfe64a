/**
 * The public library API of mcp-mux: what an agent framework needs to embed the router.
 *
 *   const router = createRouter(config);          // a RouterConfig or a raw config object
 *   await router.start();
 *   const [client, server] = createMemoryPair();  // or any Transport
 *   router.connect(server, { principal });        // one downstream session per transport
 *   await router.callTool('github__create_issue', { title }, { principal }); // no client needed
 *   router.events$.subscribe((event) => ...);     // upstream health, catalog, sessions, refusals
 *   await sdkClient.connect(toSdkTransport(client)); // an official SDK Client on the other end
 *
 *   const http = createHttpHandler();             // Streamable HTTP + legacy SSE, no listener
 *   serveOn(router, http);                        // each HTTP session is a router session
 *   myServer.on('request', (req, res) => http.handleRequest(req, res));
 *   ...
 *   await router.close();
 */
import { Router, type RouterOptions } from './actors/router/index.js';
import { type RouterConfig, toRouterConfig } from './core/config/index.js';
import { createLogger } from './core/log/index.js';
import { createMemoryPair, openUpstreamTransport } from './transports/index.js';

export type { DownstreamSession } from './actors/downstream/index.js';
export type {
  CallToolOptions,
  CloseOptions,
  ConnectOptions,
  LibraryCallOptions,
  LibraryRequestOptions,
  RefusalReason,
  ReloadResult,
  RouterEvent,
} from './actors/router/index.js';
export {
  Router,
  type RouterOptions,
  type Served,
  serveOn,
  type UpstreamStatus,
  VERSION,
  type Viewer,
} from './actors/router/index.js';
export type { Health, SupervisorStatus, Upstream, UpstreamState } from './actors/upstream/index.js';
export type { Principal } from './core/auth/index.js';
export { type ClusterStore, MemoryClusterStore } from './core/cluster/index.js';
export type {
  KeepalivePolicy,
  RestartPolicy,
} from './core/config/index.js';
export {
  ConfigError,
  type ConfigIssue,
  loadConfigFile,
  parseConfig,
  type RouterConfig,
  type UpstreamConfig,
} from './core/config/index.js';
export { ErrorCode, LocalError, RpcError } from './core/errors/index.js';
export { createLogger, type Logger, silentLogger } from './core/log/index.js';
export {
  type CallToolResult,
  type ContentBlock,
  type JsonSchemaObject,
  LATEST_LEGACY_VERSION,
  LEGACY_VERSIONS,
  type Progress,
  type Prompt,
  type PromptArgument,
  type Resource,
  type Tool,
  type ToolAnnotations,
} from './core/mcp/index.js';
export {
  type ApprovalDecision,
  AuditObserver,
  type AuditOptions,
  type AuditSink,
  AuditThread,
  type AuditThreadOptions,
  AuditWriter,
  type AuditWriterOptions,
  composeObservers,
  lineSink,
  liveness,
  MuxMetrics,
  type MuxMetricsOptions,
  type ObservedCaller,
  type Outcome,
  type ReadinessRule,
  type RequestObservation,
  type RouterObserver,
  readiness,
} from './core/observe/index.js';
export type { JsonRpcMessage } from './core/rpc/index.js';
export {
  type BufferedTransport,
  type CloseReason,
  Connection,
  type ConnectionOptions,
  type ExchangeClientTransport,
  hasExchanges,
  hasStreams,
  type InboundEvent,
  isBuffered,
  type RequestEvent,
  type RequestOptions,
  ROUTED_RAW_MIN_CHARS,
  type SendOptions,
  type StreamedServerTransport,
  type Transport,
  type TransportServer,
} from './core/rpc/index.js';
export {
  createHttpFacade,
  createHttpHandler,
  type HttpFacade,
  type HttpFacadeOptions,
  type HttpHandler,
  type HttpHandlerOptions,
} from './transports/http/index.js';
export {
  createMemoryPair,
  fromSdkTransport,
  type MemoryTransportEnd,
  openUpstreamTransport,
  type SdkTransport,
  type StdioServerOptions,
  StdioServerTransport,
  toSdkTransport,
} from './transports/index.js';
export {
  createWebSocketFacade,
  type WebSocketFacade,
  type WebSocketFacadeOptions,
} from './transports/websocket/index.js';

/**
 * Builds a router from a parsed `RouterConfig` or a raw config object in the file format
 * (`{ mcpServers, mcpMux }`, validated with `parseConfig`). Upstream transports default to
 * the built-in ones (stdio, Streamable HTTP, legacy SSE, WebSocket); `callTool` / `request$`
 * run on in-process memory pairs.
 */
export function createRouter(
  config: RouterConfig | Record<string, unknown>,
  options: Partial<RouterOptions> = {},
): Router {
  const parsed = toRouterConfig(config);
  const log = options.log ?? createLogger({ level: parsed.logLevel });
  return new Router(parsed, {
    ...options,
    log,
    linkedPair: options.linkedPair ?? createMemoryPair,
    openTransport:
      options.openTransport ??
      ((upstream, signal) =>
        openUpstreamTransport(upstream, {
          log,
          signal,
          ...(options.cluster === undefined ? {} : { cluster: options.cluster }),
        })),
  });
}
