/** The public surface of core/rpc/ (STYLE.md, principle 6): what is not listed here is free to change. */
export { ErrorCode, ErrorCodeRange, LocalError, type LocalErrorCode, RpcError, toRpcError, } from '../errors/index.js';
export { BatchReply } from './batchReply.js';
export { Connection, type ConnectionOptions, type ConnectionStats } from './connection.js';
export { RawJson, ROUTED_RAW_MIN_CHARS } from './envelopeScan.js';
export { type InboundHost, InboundRequest } from './inboundRequest.js';
export { InboundRequests } from './inboundRequests.js';
export { InflightTable, type OutboundRequest } from './inflight.js';
export { type Classified, classify, failure, isResponse, type JsonObject, type JsonRpcErrorObject, type JsonRpcFailure, type JsonRpcId, type JsonRpcMessage, type JsonRpcNotification, type JsonRpcRequest, type JsonRpcResponse, type JsonRpcSuccess, notification, request, success, } from './jsonrpc.js';
export { methodTable } from './methodTable.js';
export { closedError, OutboundRequests, type Send } from './outboundRequests.js';
export { progressTokenOf, withProgressToken } from './progressToken.js';
export { type BufferedTransport, type CloseReason, type ExchangeClientTransport, FrameError, hasExchanges, hasStreams, isBuffered, type SendOptions, type StreamedServerTransport, type Transport, type TransportServer, } from './transport.js';
export type { ConnectionHandlers, InboundContext, InboundEvent, ProgressToken, RequestEvent, RequestOptions, } from './types.js';
export { BIG_ID_PREFIX, DEFAULT_MAX_JSON_DEPTH, decodeMessage, exceedsDepth, materialized, parseMessage, stringifyMessage, } from './wire.js';
