/** The public transport surface (STYLE.md, principle 6): a plain list of exports. */

export {
  type BufferedTransport,
  type CloseReason,
  type ExchangeClientTransport,
  FrameError,
  hasExchanges,
  hasStreams,
  isBuffered,
  type SendOptions,
  type StreamedServerTransport,
  type Transport,
  type TransportServer,
} from '../core/rpc/transport.js';
export {
  connectHttpUpstream,
  type HttpUpstreamMode,
  type HttpUpstreamOptions,
  HttpUpstreamTransport,
} from './http/connectHttpUpstream.js';
export { createHttpFacade, type HttpFacade, type HttpFacadeOptions } from './http/httpFacade.js';
export {
  createHttpHandler,
  type HttpHandler,
  type HttpHandlerOptions,
} from './http/httpHandler.js';
export { Protection, type ProtectionOptions } from './http/protection.js';
export { type SseClientOptions, SseClientTransport } from './http/sseClient.js';
export { type ParsedSseEvent, SseParser } from './http/sseParser.js';
export {
  type StreamableHttpClientOptions,
  StreamableHttpClientTransport,
} from './http/streamableHttpClient.js';
export type { StreamableHttpOptions } from './http/streamableHttpServer.js';
export { createMemoryPair, type MemoryTransportEnd } from './memory.js';
export {
  DEFAULT_MAX_MESSAGE_BYTES,
  type DecodedFrame,
  encodeMessage,
  NdjsonDecoder,
  type NdjsonDecoderOptions,
} from './ndjson.js';
export { fromSdkTransport, type SdkTransport, toSdkTransport } from './sdkAdapter.js';
export {
  type StdioClientOptions,
  StdioClientTransport,
  type StdioServerOptions,
  StdioServerTransport,
} from './stdio.js';
export { DEFAULT_MAX_BUFFERED_BYTES, type StreamTransportOptions } from './streamTransport.js';
export {
  type WebSocketClientOptions,
  WebSocketClientTransport,
} from './websocket/websocketClient.js';
export {
  createWebSocketFacade,
  SUBPROTOCOL as WEBSOCKET_SUBPROTOCOL,
  type WebSocketFacade,
  type WebSocketFacadeOptions,
} from './websocket/websocketServer.js';
