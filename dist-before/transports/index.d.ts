/** The public transport surface (STYLE.md, principle 6): a plain list of exports. */
export { type BufferedTransport, type CloseReason, type ExchangeClientTransport, FrameError, hasExchanges, hasStreams, isBuffered, type SendOptions, type StreamedServerTransport, type Transport, type TransportServer, } from '../core/rpc/index.js';
export { openUpstreamTransport } from './fromConfig.js';
export type { StreamableHttpOptions } from './http/index.js';
export { connectHttpUpstream, createHttpFacade, createHttpHandler, type HttpFacade, type HttpFacadeOptions, type HttpHandler, type HttpHandlerOptions, type HttpUpstreamMode, type HttpUpstreamOptions, HttpUpstreamTransport, type ParsedSseEvent, Protection, type ProtectionOptions, type SseClientOptions, SseClientTransport, SseParser, type StreamableHttpClientOptions, StreamableHttpClientTransport, } from './http/index.js';
export { createMemoryPair, type MemoryTransportEnd } from './memory.js';
export { DEFAULT_MAX_MESSAGE_BYTES, type DecodedFrame, encodeMessage, NdjsonDecoder, type NdjsonDecoderOptions, } from './ndjson.js';
export { fromSdkTransport, type SdkTransport, toSdkTransport } from './sdkAdapter.js';
export { type StdioClientOptions, StdioClientTransport, type StdioServerOptions, StdioServerTransport, } from './stdio.js';
export { processStdout } from './stdioServer.js';
export { DEFAULT_MAX_BUFFERED_BYTES, type StreamTransportOptions } from './streamTransport.js';
export { createWebSocketFacade, SUBPROTOCOL as WEBSOCKET_SUBPROTOCOL, type WebSocketClientOptions, WebSocketClientTransport, type WebSocketFacade, type WebSocketFacadeOptions, } from './websocket/index.js';
