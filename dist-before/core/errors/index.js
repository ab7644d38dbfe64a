/** The public surface of core/errors/ (STYLE.md, principle 6): what is not listed here is free to change. */
export { ErrorCode, ErrorCodeRange, LocalError, RpcError, toRpcError, } from './errors.js';
//# sourceMappingURL=index.js.map