/**
 * The modern era (2026-07-28) on the server side, pure parts: the per-request context a
 * request brings in `params._meta`, its validation, and the spec's modern errors.
 *
 * Spec (basic/index "Per-request protocol fields"): `protocolVersion` and `clientCapabilities`
 * are required, `clientInfo` and `logLevel` optional; a request missing a required field is
 * malformed → -32602 (HTTP 400). A version the server does not implement → -32022 with
 * `supported` and `requested` (HTTP 400) so the client can fall back.
 */
import { ErrorCode, RpcError } from '../errors/index.js';
import { isLoggingLevel } from './logLevel.js';
import { LEGACY_VERSIONS, MODERN_VERSIONS } from './versions.js';
export const META = {
    protocolVersion: 'io.modelcontextprotocol/protocolVersion',
    clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
    clientInfo: 'io.modelcontextprotocol/clientInfo',
    logLevel: 'io.modelcontextprotocol/logLevel',
    serverInfo: 'io.modelcontextprotocol/serverInfo',
    subscriptionId: 'io.modelcontextprotocol/subscriptionId',
};
/** The `_meta` keys that carry the request context; stripped before forwarding upstream. */
export const CONTEXT_META_KEYS = [
    META.protocolVersion,
    META.clientCapabilities,
    META.clientInfo,
    META.logLevel,
];
/** The spec's modern error codes, by their names in the one table (core/errors/errors.ts). */
export const ModernErrorCode = {
    HeaderMismatch: ErrorCode.HeaderMismatch,
    MissingRequiredClientCapability: ErrorCode.MissingRequiredClientCapability,
    UnsupportedProtocolVersion: ErrorCode.UnsupportedProtocolVersion,
};
/**
 * What `server/discover` and -32022 advertise: the modern revision first, then the legacy
 * ones newest first (a dual-era router: legacy clients use `initialize`).
 */
export const SUPPORTED_VERSIONS = [
    ...MODERN_VERSIONS,
    ...[...LEGACY_VERSIONS].reverse(),
];
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
export const metaOf = (params) => isObject(params) && isObject(params._meta) ? params._meta : undefined;
/** Whether a message claims the modern era (its `_meta` names a protocol version). */
export function claimsModern(message) {
    if (!isObject(message))
        return false;
    return typeof metaOf(message.params)?.[META.protocolVersion] === 'string';
}
export const unsupportedProtocolVersion = (requested) => new RpcError(ModernErrorCode.UnsupportedProtocolVersion, `Unsupported protocol version: ${requested}`, { supported: [...MODERN_VERSIONS], requested });
export const missingRequiredClientCapability = (required, why) => new RpcError(ModernErrorCode.MissingRequiredClientCapability, `Missing required client capability: ${why}`, { requiredCapabilities: required });
const missingMeta = (key) => new RpcError(ErrorCode.InvalidParams, `Invalid params: _meta["${key}"] is required`, {
    missing: key,
});
/**
 * The request context of a modern request, or the spec's error for it. `sessionId` names the
 * connection it came on (logs, fair queueing), not a protocol session.
 */
export function modernContext(request, sessionId) {
    const meta = metaOf(request.params);
    const version = meta?.[META.protocolVersion];
    if (typeof version !== 'string')
        throw missingMeta(META.protocolVersion);
    if (!MODERN_VERSIONS.includes(version)) {
        throw unsupportedProtocolVersion(version);
    }
    const capabilities = meta?.[META.clientCapabilities];
    if (!isObject(capabilities))
        throw missingMeta(META.clientCapabilities);
    const info = meta?.[META.clientInfo];
    const level = meta?.[META.logLevel];
    const context = {
        protocolVersion: version,
        clientCapabilities: capabilities,
        clientInfo: isObject(info) ? info : undefined,
        sessionId,
    };
    if (isLoggingLevel(level))
        context.logLevel = level;
    return context;
}
/**
 * The request as forwarded: the context keys leave `_meta` (the router carries the context
 * itself; a legacy upstream must not see a modern claim), every other key (`progressToken`,
 * `traceparent`, `tracestate`, `baggage`, vendor keys) stays.
 */
export function withoutContextMeta(request) {
    const meta = metaOf(request.params);
    if (!meta)
        return request;
    const rest = {};
    for (const [key, value] of Object.entries(meta)) {
        if (!CONTEXT_META_KEYS.includes(key))
            rest[key] = value;
    }
    const params = { ...request.params };
    if (Object.keys(rest).length > 0)
        params._meta = rest;
    else
        delete params._meta;
    return { ...request, params };
}
//# sourceMappingURL=modernRequest.js.map