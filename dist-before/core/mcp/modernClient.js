import { META, ModernErrorCode, metaOf } from './modernRequest.js';
import { LEGACY_VERSIONS, MODERN_VERSIONS } from './versions.js';
/** The modern revision mcp-mux speaks to upstreams. */
export const MODERN_VERSION = MODERN_VERSIONS[0];
/**
 * `params` with the caller's context in `_meta`, over the keys already there (`progressToken`,
 * `traceparent`, `tracestate`, `baggage` and vendor keys stay; a context key the caller sent
 * is replaced by the router's).
 */
export function withModernMeta(params, caller) {
    const meta = {
        ...metaOf(params),
        [META.protocolVersion]: caller.protocolVersion,
        [META.clientCapabilities]: caller.clientCapabilities,
    };
    if (caller.clientInfo)
        meta[META.clientInfo] = caller.clientInfo;
    if (caller.logLevel)
        meta[META.logLevel] = caller.logLevel;
    return { ...params, _meta: meta };
}
/** Visible ASCII and space, no leading or trailing whitespace (streamable-http "Value Encoding"). */
const PLAIN = /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/;
const SENTINEL = /^=\?base64\?.*\?=$/;
/** A header value as the spec encodes it: plain when safe, else `=?base64?…?=` of its UTF-8. */
export function encodeHeaderValue(value) {
    if (PLAIN.test(value) && !SENTINEL.test(value))
        return value;
    return `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}
/** Methods whose `Mcp-Name` header mirrors `params.name` or `params.uri`. */
const NAME_SOURCE = {
    'tools/call': 'name',
    'prompts/get': 'name',
    'resources/read': 'uri',
};
/**
 * The request-metadata headers of a modern request: `MCP-Protocol-Version`, `Mcp-Method`,
 * `Mcp-Name` where the method has one, and the `Mcp-Param-*` headers already computed from the
 * tool's `x-mcp-header` annotations (mcpParamHeaders.ts).
 */
export function modernHeaders(method, params, protocolVersion, paramHeaders) {
    const headers = {
        'mcp-protocol-version': protocolVersion,
        'mcp-method': method,
    };
    const source = NAME_SOURCE[method];
    const name = source === undefined ? undefined : params?.[source];
    if (typeof name === 'string')
        headers['mcp-name'] = encodeHeaderValue(name);
    return paramHeaders ? { ...headers, ...paramHeaders } : headers;
}
/** The error codes that only a modern server answers with (versioning, "Backward Compatibility"). */
export const MODERN_ERROR_CODES = new Set([
    ModernErrorCode.HeaderMismatch,
    ModernErrorCode.MissingRequiredClientCapability,
    ModernErrorCode.UnsupportedProtocolVersion,
]);
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/** The newest legacy version in `versions` (a server's `supported` list), if any. */
function newestLegacy(versions) {
    for (const version of [...LEGACY_VERSIONS].reverse()) {
        if (versions.includes(version))
            return version;
    }
    return undefined;
}
/** Picks the version to speak from a list of versions a server supports. */
function fromSupported(supported, what) {
    const modern = MODERN_VERSIONS.find((v) => supported.includes(v));
    if (modern !== undefined)
        return { era: 'modern', version: modern };
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
export function classifyProbe(answer) {
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
//# sourceMappingURL=modernClient.js.map