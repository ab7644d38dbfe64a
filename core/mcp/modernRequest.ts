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
import type { JsonObject, JsonRpcRequest } from '../rpc/index.js';
import type { ClientInfo, RequestContext } from './context.js';
import { isLoggingLevel } from './logLevel.js';
import { LEGACY_VERSIONS, MODERN_VERSIONS } from './versions.js';

export const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  logLevel: 'io.modelcontextprotocol/logLevel',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
} as const;

/** The `_meta` keys that carry the request context; stripped before forwarding upstream. */
export const CONTEXT_META_KEYS: readonly string[] = [
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
} as const;

/**
 * What `server/discover` and -32022 advertise: the modern revision first, then the legacy
 * ones newest first (a dual-era router: legacy clients use `initialize`).
 */
export const SUPPORTED_VERSIONS: readonly string[] = [
  ...MODERN_VERSIONS,
  ...[...LEGACY_VERSIONS].reverse(),
];

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const metaOf = (params: unknown): JsonObject | undefined =>
  isObject(params) && isObject(params._meta) ? params._meta : undefined;

/** Whether a message claims the modern era (its `_meta` names a protocol version). */
export function claimsModern(message: unknown): boolean {
  if (!isObject(message)) return false;
  return typeof metaOf(message.params)?.[META.protocolVersion] === 'string';
}

export const unsupportedProtocolVersion = (requested: string): RpcError =>
  new RpcError(
    ModernErrorCode.UnsupportedProtocolVersion,
    `Unsupported protocol version: ${requested}`,
    { supported: [...MODERN_VERSIONS], requested },
  );

export const missingRequiredClientCapability = (required: JsonObject, why: string): RpcError =>
  new RpcError(
    ModernErrorCode.MissingRequiredClientCapability,
    `Missing required client capability: ${why}`,
    { requiredCapabilities: required },
  );

const missingMeta = (key: string): RpcError =>
  new RpcError(ErrorCode.InvalidParams, `Invalid params: _meta["${key}"] is required`, {
    missing: key,
  });

/**
 * The request context of a modern request, or the spec's error for it. `sessionId` names the
 * connection it came on (logs, fair queueing), not a protocol session.
 */
export function modernContext(request: JsonRpcRequest, sessionId: string): RequestContext {
  const meta = metaOf(request.params);
  const version = meta?.[META.protocolVersion];
  if (typeof version !== 'string') throw missingMeta(META.protocolVersion);
  if (!(MODERN_VERSIONS as readonly string[]).includes(version)) {
    throw unsupportedProtocolVersion(version);
  }
  const capabilities = meta?.[META.clientCapabilities];
  if (!isObject(capabilities)) throw missingMeta(META.clientCapabilities);
  const info = meta?.[META.clientInfo];
  const level = meta?.[META.logLevel];
  const context: RequestContext = {
    protocolVersion: version,
    clientCapabilities: capabilities,
    clientInfo: isObject(info) ? (info as ClientInfo) : undefined,
    sessionId,
  };
  if (isLoggingLevel(level)) context.logLevel = level;
  return context;
}

/**
 * The request as forwarded: the context keys leave `_meta` (the router carries the context
 * itself; a legacy upstream must not see a modern claim), every other key (`progressToken`,
 * `traceparent`, `tracestate`, `baggage`, vendor keys) stays.
 */
export function withoutContextMeta(request: JsonRpcRequest): JsonRpcRequest {
  const meta = metaOf(request.params);
  if (!meta) return request;
  let rest: JsonObject | undefined;
  for (const key of Object.keys(meta)) {
    if (CONTEXT_META_KEYS.includes(key)) continue;
    rest ??= {};
    rest[key] = meta[key];
  }
  // Copied without `_meta` rather than deleted from a copy: a `delete` leaves the object in
  // V8's slow (dictionary) mode for every route that reads or copies it after.
  const { _meta: _context, ...params } = request.params as JsonObject;
  if (rest !== undefined) params._meta = rest;
  return { ...request, params };
}
