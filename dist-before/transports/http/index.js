/** The public surface of transports/http/ (STYLE.md, principle 6): what is not listed here is free to change. */
export { resourceProblem } from './bearerAuth.js';
export { connectHttpUpstream, HttpUpstreamTransport, } from './connectHttpUpstream.js';
export { createHttpFacade } from './httpFacade.js';
export { createHttpHandler } from './httpHandler.js';
export { serveObserve } from './observeRoutes.js';
export { limitKey, PrincipalLimit } from './principalLimit.js';
export { Protection, sendJsonRpcError } from './protection.js';
export { SseClientTransport } from './sseClient.js';
export { SseParser } from './sseParser.js';
export { SseSession } from './sseSession.js';
export { StreamableHttpClientTransport, } from './streamableHttpClient.js';
//# sourceMappingURL=index.js.map