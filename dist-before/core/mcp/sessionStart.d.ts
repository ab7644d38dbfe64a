/** Legacy era: a session starts with an `initialize` request (never inside a batch). */
export declare function isSessionStart(message: unknown): boolean;
/**
 * Modern era (2026-07-28): a request or notification that carries its protocol version in
 * `params._meta` needs no session; an HTTP server gives it a one-shot transport.
 */
export declare function isStatelessMessage(message: unknown): boolean;
/** Every revision mcp-mux speaks; the default accepted `MCP-Protocol-Version` values. */
export declare const HTTP_PROTOCOL_VERSIONS: readonly string[];
