/** The public surface of transports/http/ (STYLE.md, principle 6): what is not listed here is free to change. */
export { resourceProblem } from './bearerAuth.js';
export { ClusterPlaces, type ClusterPlacesOptions, type Release } from './clusterPlaces.js';
export {
  ClusterRouting,
  type ClusterRoutingOptions,
  type ForwardStats,
  PROBE_PATH,
  ROUND_GONE,
} from './clusterRouting.js';
export {
  connectHttpUpstream,
  type HttpUpstreamMode,
  type HttpUpstreamOptions,
  HttpUpstreamTransport,
} from './connectHttpUpstream.js';
export type { TrustProxy } from './forwardedFor.js';
export { createHttpFacade, type HttpFacade, type HttpFacadeOptions } from './httpFacade.js';
export { createHttpHandler, type HttpHandler, type HttpHandlerOptions } from './httpHandler.js';
export { type ObserveEndpoints, serveObserve } from './observeRoutes.js';
export { limitKey, PrincipalLimit } from './principalLimit.js';
export { Protection, type ProtectionOptions, sendJsonRpcError } from './protection.js';
export { type SseClientOptions, SseClientTransport } from './sseClient.js';
export { type ParsedSseEvent, SseParser } from './sseParser.js';
export { SseSession } from './sseSession.js';
export {
  type StreamableHttpClientOptions,
  StreamableHttpClientTransport,
} from './streamableHttpClient.js';
export type { StreamableHttpOptions } from './streamableHttpServer.js';
