/** The public transport surface (STYLE.md, principle 6): a plain list of exports. */
export { FrameError, hasExchanges, hasStreams, isBuffered, } from '../core/rpc/index.js';
export { openUpstreamTransport } from './fromConfig.js';
export { connectHttpUpstream, createHttpFacade, createHttpHandler, HttpUpstreamTransport, Protection, SseClientTransport, SseParser, StreamableHttpClientTransport, } from './http/index.js';
export { createMemoryPair } from './memory.js';
export { DEFAULT_MAX_MESSAGE_BYTES, encodeMessage, NdjsonDecoder, } from './ndjson.js';
export { fromSdkTransport, toSdkTransport } from './sdkAdapter.js';
export { StdioClientTransport, StdioServerTransport, } from './stdio.js';
export { processStdout } from './stdioServer.js';
export { DEFAULT_MAX_BUFFERED_BYTES } from './streamTransport.js';
export { createWebSocketFacade, SUBPROTOCOL as WEBSOCKET_SUBPROTOCOL, WebSocketClientTransport, } from './websocket/index.js';
//# sourceMappingURL=index.js.map