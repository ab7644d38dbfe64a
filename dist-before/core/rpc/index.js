/** The public surface of core/rpc/ (STYLE.md, principle 6): what is not listed here is free to change. */
export { ErrorCode, ErrorCodeRange, LocalError, RpcError, toRpcError, } from '../errors/index.js';
export { BatchReply } from './batchReply.js';
export { Connection } from './connection.js';
export { RawJson, ROUTED_RAW_MIN_CHARS } from './envelopeScan.js';
export { InboundRequest } from './inboundRequest.js';
export { InboundRequests } from './inboundRequests.js';
export { InflightTable } from './inflight.js';
export { classify, failure, isResponse, notification, request, success, } from './jsonrpc.js';
export { methodTable } from './methodTable.js';
export { closedError, OutboundRequests } from './outboundRequests.js';
export { progressTokenOf, withProgressToken } from './progressToken.js';
export { FrameError, hasExchanges, hasStreams, isBuffered, } from './transport.js';
export { BIG_ID_PREFIX, DEFAULT_MAX_JSON_DEPTH, decodeMessage, exceedsDepth, materialized, parseMessage, stringifyMessage, } from './wire.js';
//# sourceMappingURL=index.js.map