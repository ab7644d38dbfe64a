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
import { Router } from './actors/router/index.js';
import { toRouterConfig } from './core/config/index.js';
import { createLogger } from './core/log/index.js';
import { createMemoryPair, openUpstreamTransport } from './transports/index.js';
export { Router, serveOn, VERSION, } from './actors/router/index.js';
export { ConfigError, loadConfigFile, parseConfig, } from './core/config/index.js';
export { ErrorCode, LocalError, RpcError } from './core/errors/index.js';
export { createLogger, silentLogger } from './core/log/index.js';
export { LATEST_LEGACY_VERSION, LEGACY_VERSIONS, } from './core/mcp/index.js';
export { AuditObserver, AuditWriter, composeObservers, liveness, MuxMetrics, readiness, } from './core/observe/index.js';
export { Connection, hasExchanges, hasStreams, isBuffered, ROUTED_RAW_MIN_CHARS, } from './core/rpc/index.js';
export { createHttpFacade, createHttpHandler, } from './transports/http/index.js';
export { createMemoryPair, fromSdkTransport, openUpstreamTransport, StdioServerTransport, toSdkTransport, } from './transports/index.js';
export { createWebSocketFacade, } from './transports/websocket/index.js';
/**
 * Builds a router from a parsed `RouterConfig` or a raw config object in the file format
 * (`{ mcpServers, mcpMux }`, validated with `parseConfig`). Upstream transports default to
 * the built-in ones (stdio, Streamable HTTP, legacy SSE, WebSocket); `callTool` / `request$`
 * run on in-process memory pairs.
 */
export function createRouter(config, options = {}) {
    const parsed = toRouterConfig(config);
    const log = options.log ?? createLogger({ level: parsed.logLevel });
    return new Router(parsed, {
        ...options,
        log,
        linkedPair: options.linkedPair ?? createMemoryPair,
        openTransport: options.openTransport ??
            ((upstream, signal) => openUpstreamTransport(upstream, { log, signal })),
    });
}
//# sourceMappingURL=index.js.map