/**
 * The modern era (2026-07-28) on the server side, pure parts: the per-request context a
 * request brings in `params._meta`, its validation, and the spec's modern errors.
 *
 * Spec (basic/index "Per-request protocol fields"): `protocolVersion` and `clientCapabilities`
 * are required, `clientInfo` and `logLevel` optional; a request missing a required field is
 * malformed → -32602 (HTTP 400). A version the server does not implement → -32022 with
 * `supported` and `requested` (HTTP 400) so the client can fall back.
 */
import { RpcError } from '../errors/index.js';
import type { JsonObject, JsonRpcRequest } from '../rpc/index.js';
import type { RequestContext } from './context.js';
export declare const META: {
    readonly protocolVersion: "io.modelcontextprotocol/protocolVersion";
    readonly clientCapabilities: "io.modelcontextprotocol/clientCapabilities";
    readonly clientInfo: "io.modelcontextprotocol/clientInfo";
    readonly logLevel: "io.modelcontextprotocol/logLevel";
    readonly serverInfo: "io.modelcontextprotocol/serverInfo";
    readonly subscriptionId: "io.modelcontextprotocol/subscriptionId";
};
/** The `_meta` keys that carry the request context; stripped before forwarding upstream. */
export declare const CONTEXT_META_KEYS: readonly string[];
/** The spec's modern error codes, by their names in the one table (core/errors/errors.ts). */
export declare const ModernErrorCode: {
    readonly HeaderMismatch: -32020;
    readonly MissingRequiredClientCapability: -32021;
    readonly UnsupportedProtocolVersion: -32022;
};
/**
 * What `server/discover` and -32022 advertise: the modern revision first, then the legacy
 * ones newest first (a dual-era router: legacy clients use `initialize`).
 */
export declare const SUPPORTED_VERSIONS: readonly string[];
export declare const metaOf: (params: unknown) => JsonObject | undefined;
/** Whether a message claims the modern era (its `_meta` names a protocol version). */
export declare function claimsModern(message: unknown): boolean;
export declare const unsupportedProtocolVersion: (requested: string) => RpcError;
export declare const missingRequiredClientCapability: (required: JsonObject, why: string) => RpcError;
/**
 * The request context of a modern request, or the spec's error for it. `sessionId` names the
 * connection it came on (logs, fair queueing), not a protocol session.
 */
export declare function modernContext(request: JsonRpcRequest, sessionId: string): RequestContext;
/**
 * The request as forwarded: the context keys leave `_meta` (the router carries the context
 * itself; a legacy upstream must not see a modern claim), every other key (`progressToken`,
 * `traceparent`, `tracestate`, `baggage`, vendor keys) stays.
 */
export declare function withoutContextMeta(request: JsonRpcRequest): JsonRpcRequest;
