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
/** The `error` member of a JSON-RPC error response. */
export interface JsonRpcErrorObject {
    code: number;
    message: string;
    data?: unknown;
}
/**
 * The reserved ranges, inclusive, lowest first (as vscode-jsonrpc documents its own).
 * JSON-RPC 2.0 reserves -32768..-32000; MCP (2026-07-28, basic/index "Error Codes")
 * partitions its server-error part -32099..-32000.
 */
export declare const ErrorCodeRange: {
    /** JSON-RPC 2.0 reserved for the protocol itself; the standard codes live here. */
    readonly jsonRpc: {
        readonly min: -32768;
        readonly max: -32100;
    };
    /**
     * MCP's specification codes. Implementations must not send a code from here that the
     * spec does not define, nor give one another meaning.
     */
    readonly mcpSpec: {
        readonly min: -32099;
        readonly max: -32020;
    };
    /**
     * MCP's "legacy" sub-range: codes implementations allocated before 2026-07-28. Frozen:
     * no new code may be allocated here. mcp-mux keeps the ones it already sent (so deployed
     * clients keep reading them) and adds none.
     */
    readonly legacy: {
        readonly min: -32019;
        readonly max: -32000;
    };
    /**
     * mcp-mux's own codes allocated since, outside the JSON-RPC reserved range, where the
     * spec asks implementations to put codes it does not define.
     */
    readonly mux: {
        readonly min: -31099;
        readonly max: -31000;
    };
};
export declare const ErrorCode: {
    readonly ParseError: -32700;
    readonly InvalidRequest: -32600;
    readonly MethodNotFound: -32601;
    readonly InvalidParams: -32602;
    readonly InternalError: -32603;
    /** MCP 2026-07-28: the `Mcp-Method` / `Mcp-Name` header does not match the body (HTTP 400). */
    readonly HeaderMismatch: -32020;
    /** MCP 2026-07-28: the request needs a client capability its `_meta` did not declare. */
    readonly MissingRequiredClientCapability: -32021;
    /** MCP 2026-07-28: a protocol version the server does not implement (`data.supported`). */
    readonly UnsupportedProtocolVersion: -32022;
    /**
     * MCP 2025-11-25 only: the server needs the client to complete a URL-mode elicitation
     * first. Reserved since; mcp-mux passes an upstream's through, it never makes one.
     */
    readonly UrlElicitationRequired: -32042;
    /**
     * MCP 2024-11-05..2025-11-25: a resource was not found (2026-07-28 uses -32602 and asks
     * clients to still accept this one). The one legacy-range code the spec gives a meaning.
     */
    readonly ResourceNotFound: -32002;
    /**
     * HTTP layer: the request was refused before any JSON-RPC processing, and the HTTP status
     * says why (400, 401/403, 404 for an unknown path, 405, 406, 415, 426, 429, 503). The code
     * the official SDK servers send for the same refusals.
     */
    readonly TransportRefused: -32000;
    /**
     * HTTP layer: the `Mcp-Session-Id` (or legacy `sessionId`) names no live session of this
     * caller, always with HTTP 404, so the client starts a new session. -32001 in a 404 body
     * is what the official SDK servers (v1 and v2) send, and what the v2 client knows as
     * "Session not found"; a client can tell it from a 404 for a wrong path (-32000).
     */
    readonly SessionNotFound: -32001;
    /** mcp-mux: the upstream's bounded queue is full. */
    readonly Overloaded: -32010;
    /** mcp-mux: the upstream is not connected, died, or closed while the request was in flight. */
    readonly UpstreamUnavailable: -32011;
    /** mcp-mux: the request was cancelled by the router (shutdown, session end). */
    readonly RequestCancelled: -32012;
    /** mcp-mux: the message is larger than the configured maximum. */
    readonly MessageTooLarge: -32013;
    /**
     * mcp-mux: the routed request timed out (idle, total, or still queued). Not -32001: that
     * is "Session not found" in SDK servers' 404 bodies and the v1 SDK client's own local
     * timeout, and a router timeout must be told from both. Its digits mirror the old -32001.
     */
    readonly RequestTimeout: -31001;
    /**
     * mcp-mux: the peer answered one of mcp-mux's requests with something that is not a valid
     * JSON-RPC response (a `result` that is not an object, both or neither of `result` and
     * `error`, an `error` without an integer `code` and a string `message`, a 2xx HTTP body
     * that is not a JSON-RPC response). The request fails at once instead of waiting for its
     * timeout; `data.upstream` names the upstream, `data.reason` what was wrong.
     */
    readonly InvalidResponse: -31002;
    /**
     * mcp-mux: the caller already holds as many of something long-lived (e.g. open
     * `subscriptions/listen` streams) as its principal may; `data` names the limit
     * (`{ limit, max }`). HTTP 429 on a modern POST: retry after closing one.
     */
    readonly LimitExceeded: -31003;
    /**
     * mcp-mux: the call needs the user's approval (`approve`, `approveDestructive`) and the
     * client cannot be asked (no form-mode elicitation), with `approveFallback` at its default
     * `deny`. `data.tool` names the tool; nothing reached the upstream.
     */
    readonly ApprovalUnavailable: -31010;
};
export declare class RpcError extends Error {
    readonly code: number;
    readonly data: unknown;
    constructor(code: number, message: string, data?: unknown);
    static from(error: JsonRpcErrorObject): RpcError;
    toJSON(): JsonRpcErrorObject;
}
export type LocalErrorCode = 'timeout' | 'max-total-timeout' | 'closed' | 'cancelled' | 'overloaded' | 'upstream-unavailable' | 'config' | 'framing' | 'invalid-response';
export declare class LocalError extends Error {
    readonly code: LocalErrorCode;
    readonly details: Record<string, unknown>;
    constructor(code: LocalErrorCode, message: string, details?: Record<string, unknown>);
}
/** Turns anything thrown into the error object that goes to the peer. */
export declare function toRpcError(error: unknown): RpcError;
