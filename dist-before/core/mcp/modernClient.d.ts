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
import { type LegacyVersion } from './versions.js';
/** The modern revision mcp-mux speaks to upstreams. */
export declare const MODERN_VERSION: "2026-07-28";
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
export declare function withModernMeta(params: JsonObject | undefined, caller: ModernCallerMeta): JsonObject;
/** A header value as the spec encodes it: plain when safe, else `=?base64?…?=` of its UTF-8. */
export declare function encodeHeaderValue(value: string): string;
/**
 * The request-metadata headers of a modern request: `MCP-Protocol-Version`, `Mcp-Method`,
 * `Mcp-Name` where the method has one, and the `Mcp-Param-*` headers already computed from the
 * tool's `x-mcp-header` annotations (mcpParamHeaders.ts).
 */
export declare function modernHeaders(method: string, params: JsonObject | undefined, protocolVersion: string, paramHeaders?: Readonly<Record<string, string>>): Record<string, string>;
/** The error codes that only a modern server answers with (versioning, "Backward Compatibility"). */
export declare const MODERN_ERROR_CODES: ReadonlySet<number>;
/** What the answer to a `server/discover` probe says about the upstream. */
export type ProbeVerdict = 
/** A modern server that speaks `version`. */
{
    era: 'modern';
    version: string;
    result?: JsonObject;
}
/** A legacy server (or a dual-era one without a modern version mcp-mux speaks): `initialize`. */
 | {
    era: 'legacy';
    version?: LegacyVersion;
    reason: string;
}
/** A modern server mcp-mux cannot talk to (no common version). */
 | {
    era: 'none';
    reason: string;
};
/**
 * Classifies the answer to the `server/discover` probe: a `DiscoverResult` or a recognised
 * modern error (-32020/-32021/-32022) means a modern server, and -32022's `supported` (or the
 * result's `supportedVersions`) picks the version; any other error (or no answer) means a
 * legacy server.
 */
export declare function classifyProbe(answer: {
    result: JsonObject;
} | {
    error: {
        code: number;
        message: string;
        data?: unknown;
    };
}): ProbeVerdict;
