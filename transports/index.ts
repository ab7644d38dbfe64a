/** The public transport surface (STYLE.md, principle 6): a plain list of exports. */
export { createMemoryPair, type MemoryTransportEnd } from './memory.js';
export {
  DEFAULT_MAX_MESSAGE_BYTES,
  type DecodedFrame,
  encodeMessage,
  NdjsonDecoder,
  type NdjsonDecoderOptions,
} from './ndjson.js';
export {
  type StdioClientOptions,
  StdioClientTransport,
  type StdioServerOptions,
  StdioServerTransport,
  spawnStdio,
} from './stdio.js';
export { DEFAULT_MAX_BUFFERED_BYTES, type StreamTransportOptions } from './streamTransport.js';
export {
  type CloseReason,
  FrameError,
  type SendOptions,
  type Transport,
  type TransportServer,
} from './transport.js';
