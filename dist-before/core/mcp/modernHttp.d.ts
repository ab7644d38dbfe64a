import type { JsonObject } from '../rpc/index.js';
/** A header value by lower-case name (first value if repeated). */
export type HeaderLookup = (name: string) => string | undefined;
export interface HttpRejection {
    status: number;
    code: number;
    message: string;
    data?: JsonObject;
}
/**
 * Whether a POST without `Mcp-Session-Id` is modern traffic: its body claims the modern era,
 * or its `MCP-Protocol-Version` names a version that is not a legacy one (a modern or unknown
 * version: the request is then answered with the modern errors, e.g. -32022).
 */
export declare function isModernPost(message: unknown, header: HeaderLookup): boolean;
/**
 * Whether a modern request holds its response open until the client ends it
 * (`subscriptions/listen`, basic/patterns/subscriptions): the HTTP server counts such an
 * exchange among its principal's sessions, so one client cannot hold every connection with
 * listens.
 */
export declare function holdsResponseOpen(message: JsonObject): boolean;
/** Decodes the `=?base64?…?=` form (UTF-8); plain values pass as they are. */
export declare function decodeHeaderValue(value: string): string | undefined;
/**
 * Checks the request-metadata headers of a modern POST against its body (spec: "Server
 * Validation"); a rejection is 400 + -32020. The `_meta` context is checked here too, so its
 * errors get their 400 (-32602 missing keys, -32022 unsupported version). Notifications carry no header rules in this
 * revision, so only requests are checked.
 */
export declare function checkModernHeaders(message: JsonObject, header: HeaderLookup): HttpRejection | undefined;
/**
 * The HTTP status of a modern request's JSON-RPC error (spec: -32601 → 404; the modern
 * errors → 400; mcp-mux's per-principal limit → 429, as the HTTP layer's own per-principal
 * refusals). Everything else is a JSON-RPC error in a 200, as any result.
 */
export declare function modernErrorStatus(code: number): number;
