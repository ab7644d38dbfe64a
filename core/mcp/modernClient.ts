/**
 * The modern era (2026-07-28) on the client side, pure parts: what mcp-mux puts on a request
 * to a modern upstream (the per-request `_meta` context, basic/index "Per-request protocol
 * fields"; the Streamable HTTP request-metadata headers, basic/transports/streamable-http
 * "Request Metadata") and how it reads the answer to its era probe (basic/versioning
 * "Backward Compatibility with Initialization-Based Versions").
 */
import type { JsonObject } from '../rpc/index.js';
import type { ClientInfo } from './context.js';
import type { LoggingLevel } from './logLevel.js';
import { META, ModernErrorCode, metaOf } from './modernRequest.js';
import { LEGACY_VERSIONS, type LegacyVersion, MODERN_VERSIONS } from './versions.js';

/** The modern revision mcp-mux speaks to upstreams. */
export const MODERN_VERSION = MODERN_VERSIONS[0];

/** What a modern request says about its caller. */
export interface ModernCallerMeta {
  protocolVersion: string;
  clientCapabilities: JsonObject;
  clientInfo?: ClientInfo | undefined;
  logLevel?: LoggingLevel | undefined;
}

/**
 * `params` with the caller's context in `_meta`, over the keys already there (`progressToken`,
 * `traceparent`, `tracestate`, `baggage` and vendor keys stay; a context key the caller sent
 * is replaced by the router's).
 */
export function withModernMeta(
  params: JsonObject | undefined,
  caller: ModernCallerMeta,
): JsonObject {
  const meta: JsonObject = {
    ...metaOf(params),
    [META.protocolVersion]: caller.protocolVersion,
    [META.clientCapabilities]: caller.clientCapabilities,
  };
  if (caller.clientInfo) meta[META.clientInfo] = caller.clientInfo;
  if (caller.logLevel) meta[META.logLevel] = caller.logLevel;
  return { ...params, _meta: meta };
}

/** Visible ASCII and space, no leading or trailing whitespace (streamable-http "Value Encoding"). */
const PLAIN = /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/;
const SENTINEL = /^=\?base64\?.*\?=$/;

/** A header value as the spec encodes it: plain when safe, else `=?base64?…?=` of its UTF-8. */
export function encodeHeaderValue(value: string): string {
  if (PLAIN.test(value) && !SENTINEL.test(value)) return value;
  return `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** Methods whose `Mcp-Name` header mirrors `params.name` or `params.uri`. */
const NAME_SOURCE: Readonly<Record<string, 'name' | 'uri'>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
};

/**
 * The request-metadata headers of a modern request: `MCP-Protocol-Version`, `Mcp-Method`,
 * `Mcp-Name` where the method has one, and the `Mcp-Param-*` headers already computed from the
 * tool's `x-mcp-header` annotations (mcpParamHeaders.ts).
 */
export function modernHeaders(
  method: string,
  params: JsonObject | undefined,
  protocolVersion: string,
  paramHeaders?: Readonly<Record<string, string>>,
): Record<string, string> {
  const headers: Record<string, string> = {
    'mcp-protocol-version': protocolVersion,
    'mcp-method': method,
  };
  const source = NAME_SOURCE[method];
  const name = source === undefined ? undefined : params?.[source];
  if (typeof name === 'string') headers['mcp-name'] = encodeHeaderValue(name);
  return paramHeaders ? { ...headers, ...paramHeaders } : headers;
}

/** The error codes that only a modern server answers with (versioning, "Backward Compatibility"). */
export const MODERN_ERROR_CODES: ReadonlySet<number> = new Set([
  ModernErrorCode.HeaderMismatch,
  ModernErrorCode.MissingRequiredClientCapability,
  ModernErrorCode.UnsupportedProtocolVersion,
]);

/** What the answer to a `server/discover` probe says about the upstream. */
export type ProbeVerdict =
  /** A modern server that speaks `version`. */
  | { era: 'modern'; version: string; result?: JsonObject }
  /** A legacy server (or a dual-era one without a modern version mcp-mux speaks): `initialize`. */
  | { era: 'legacy'; version?: LegacyVersion; reason: string }
  /** A modern server mcp-mux cannot talk to (no common version). */
  | { era: 'none'; reason: string };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The newest legacy version in `versions` (a server's `supported` list), if any. */
function newestLegacy(versions: readonly unknown[]): LegacyVersion | undefined {
  for (const version of [...LEGACY_VERSIONS].reverse()) {
    if (versions.includes(version)) return version;
  }
  return undefined;
}

/** Picks the version to speak from a list of versions a server supports. */
function fromSupported(supported: readonly unknown[], what: string): ProbeVerdict {
  const modern = MODERN_VERSIONS.find((v) => supported.includes(v));
  if (modern !== undefined) return { era: 'modern', version: modern };
  const legacy = newestLegacy(supported);
  if (legacy !== undefined) {
    return {
      era: 'legacy',
      version: legacy,
      reason: `${what} lists no modern version mcp-mux speaks`,
    };
  }
  return {
    era: 'none',
    reason: `the upstream supports only ${JSON.stringify(supported)}; mcp-mux speaks ${[...MODERN_VERSIONS, ...LEGACY_VERSIONS].join(', ')}`,
  };
}

/**
 * Classifies the answer to the `server/discover` probe: a `DiscoverResult` or a recognised
 * modern error (-32020/-32021/-32022) means a modern server, and -32022's `supported` (or the
 * result's `supportedVersions`) picks the version; any other error (or no answer) means a
 * legacy server.
 */
export function classifyProbe(
  answer: { result: JsonObject } | { error: { code: number; message: string; data?: unknown } },
): ProbeVerdict {
  if ('result' in answer) {
    const versions = answer.result.supportedVersions;
    if (!Array.isArray(versions)) {
      return { era: 'legacy', reason: 'server/discover answered without supportedVersions' };
    }
    const verdict = fromSupported(versions, 'its server/discover result');
    return verdict.era === 'modern' ? { ...verdict, result: answer.result } : verdict;
  }
  const { code, message } = answer.error;
  if (!MODERN_ERROR_CODES.has(code)) {
    return { era: 'legacy', reason: `server/discover answered ${code} ${message}` };
  }
  const data = isObject(answer.error.data) ? answer.error.data : {};
  if (code === ModernErrorCode.UnsupportedProtocolVersion && Array.isArray(data.supported)) {
    return fromSupported(data.supported, 'its -32022 error');
  }
  return { era: 'modern', version: MODERN_VERSION };
}
