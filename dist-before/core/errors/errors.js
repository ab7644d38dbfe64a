/**
 * Two error families (STYLE.md, principle 4):
 * - `RpcError`: a wire error (code, message, data) that goes to the peer as a JSON-RPC error.
 * - `LocalError`: a local failure with a string code; it never goes on the wire as is, it is
 *   turned into an `RpcError` at the edge with `toRpcError`.
 *
 * `ErrorCode` is THE table of JSON-RPC error codes: every code mcp-mux sends, or recognises
 * by number, is named here once, and every other file uses the names
 * (test/core/errors/errorCodeLiterals.test.ts holds this for runtime code). One meaning, one
 * code: no two names share a number.
 */
/**
 * The reserved ranges, inclusive, lowest first (as vscode-jsonrpc documents its own).
 * JSON-RPC 2.0 reserves -32768..-32000; MCP (2026-07-28, basic/index "Error Codes")
 * partitions its server-error part -32099..-32000.
 */
export const ErrorCodeRange = {
    /** JSON-RPC 2.0 reserved for the protocol itself; the standard codes live here. */
    jsonRpc: { min: -32768, max: -32100 },
    /**
     * MCP's specification codes. Implementations must not send a code from here that the
     * spec does not define, nor give one another meaning.
     */
    mcpSpec: { min: -32099, max: -32020 },
    /**
     * MCP's "legacy" sub-range: codes implementations allocated before 2026-07-28. Frozen:
     * no new code may be allocated here. mcp-mux keeps the ones it already sent (so deployed
     * clients keep reading them) and adds none.
     */
    legacy: { min: -32019, max: -32000 },
    /**
     * mcp-mux's own codes allocated since, outside the JSON-RPC reserved range, where the
     * spec asks implementations to put codes it does not define.
     */
    mux: { min: -31099, max: -31000 },
};
export const ErrorCode = {
    // JSON-RPC 2.0 standard codes.
    ParseError: -32700,
    InvalidRequest: -32600,
    MethodNotFound: -32601,
    InvalidParams: -32602,
    InternalError: -32603,
    // MCP specification codes (recorded in the schema of the revision named).
    /** MCP 2026-07-28: the `Mcp-Method` / `Mcp-Name` header does not match the body (HTTP 400). */
    HeaderMismatch: -32020,
    /** MCP 2026-07-28: the request needs a client capability its `_meta` did not declare. */
    MissingRequiredClientCapability: -32021,
    /** MCP 2026-07-28: a protocol version the server does not implement (`data.supported`). */
    UnsupportedProtocolVersion: -32022,
    /**
     * MCP 2025-11-25 only: the server needs the client to complete a URL-mode elicitation
     * first. Reserved since; mcp-mux passes an upstream's through, it never makes one.
     */
    UrlElicitationRequired: -32042,
    /**
     * MCP 2024-11-05..2025-11-25: a resource was not found (2026-07-28 uses -32602 and asks
     * clients to still accept this one). The one legacy-range code the spec gives a meaning.
     */
    ResourceNotFound: -32002,
    // The legacy sub-range: codes sent before MCP froze it, kept for the clients that read them.
    /**
     * HTTP layer: the request was refused before any JSON-RPC processing, and the HTTP status
     * says why (400, 401/403, 404 for an unknown path, 405, 406, 415, 426, 429, 503). The code
     * the official SDK servers send for the same refusals.
     */
    TransportRefused: -32000,
    /**
     * HTTP layer: the `Mcp-Session-Id` (or legacy `sessionId`) names no live session of this
     * caller, always with HTTP 404, so the client starts a new session. -32001 in a 404 body
     * is what the official SDK servers (v1 and v2) send, and what the v2 client knows as
     * "Session not found"; a client can tell it from a 404 for a wrong path (-32000).
     */
    SessionNotFound: -32001,
    /** mcp-mux: the upstream's bounded queue is full. */
    Overloaded: -32010,
    /** mcp-mux: the upstream is not connected, died, or closed while the request was in flight. */
    UpstreamUnavailable: -32011,
    /** mcp-mux: the request was cancelled by the router (shutdown, session end). */
    RequestCancelled: -32012,
    /** mcp-mux: the message is larger than the configured maximum. */
    MessageTooLarge: -32013,
    // mcp-mux's own range.
    /**
     * mcp-mux: the routed request timed out (idle, total, or still queued). Not -32001: that
     * is "Session not found" in SDK servers' 404 bodies and the v1 SDK client's own local
     * timeout, and a router timeout must be told from both. Its digits mirror the old -32001.
     */
    RequestTimeout: -31001,
    /**
     * mcp-mux: the peer answered one of mcp-mux's requests with something that is not a valid
     * JSON-RPC response (a `result` that is not an object, both or neither of `result` and
     * `error`, an `error` without an integer `code` and a string `message`, a 2xx HTTP body
     * that is not a JSON-RPC response). The request fails at once instead of waiting for its
     * timeout; `data.upstream` names the upstream, `data.reason` what was wrong.
     */
    InvalidResponse: -31002,
    /**
     * mcp-mux: the caller already holds as many of something long-lived (e.g. open
     * `subscriptions/listen` streams) as its principal may; `data` names the limit
     * (`{ limit, max }`). HTTP 429 on a modern POST: retry after closing one.
     */
    LimitExceeded: -31003,
    /**
     * mcp-mux: the call needs the user's approval (`approve`, `approveDestructive`) and the
     * client cannot be asked (no form-mode elicitation), with `approveFallback` at its default
     * `deny`. `data.tool` names the tool; nothing reached the upstream.
     */
    ApprovalUnavailable: -31010,
};
export class RpcError extends Error {
    code;
    data;
    constructor(code, message, data) {
        super(message);
        this.name = 'RpcError';
        this.code = code;
        this.data = data;
    }
    static from(error) {
        return new RpcError(error.code, error.message, error.data);
    }
    toJSON() {
        return this.data === undefined
            ? { code: this.code, message: this.message }
            : { code: this.code, message: this.message, data: this.data };
    }
}
export class LocalError extends Error {
    code;
    details;
    constructor(code, message, details = {}) {
        super(message);
        this.name = 'LocalError';
        this.code = code;
        this.details = details;
    }
}
const localToWire = {
    timeout: ErrorCode.RequestTimeout,
    'max-total-timeout': ErrorCode.RequestTimeout,
    closed: ErrorCode.UpstreamUnavailable,
    cancelled: ErrorCode.RequestCancelled,
    overloaded: ErrorCode.Overloaded,
    'upstream-unavailable': ErrorCode.UpstreamUnavailable,
    config: ErrorCode.InternalError,
    framing: ErrorCode.ParseError,
    'invalid-response': ErrorCode.InvalidResponse,
};
/** Turns anything thrown into the error object that goes to the peer. */
export function toRpcError(error) {
    if (error instanceof RpcError)
        return error;
    if (error instanceof LocalError) {
        return new RpcError(localToWire[error.code], error.message, {
            reason: error.code,
            ...error.details,
        });
    }
    const message = error instanceof Error ? error.message : String(error);
    return new RpcError(ErrorCode.InternalError, `Internal error: ${message}`);
}
//# sourceMappingURL=errors.js.map