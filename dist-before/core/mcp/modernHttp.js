/**
 * Streamable HTTP for the modern era (2026-07-28, basic/transports/streamable-http), the MCP
 * knowledge the HTTP server takes as hooks: which POST is modern, the request-metadata header
 * rules (`MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name` with its Base64 sentinel form) and
 * the HTTP status of each JSON-RPC error a modern request can get.
 */
import { ErrorCode, RpcError } from '../errors/index.js';
import { claimsModern, META, ModernErrorCode, metaOf, modernContext } from './modernRequest.js';
import { isLegacyVersion } from './versions.js';
/**
 * Whether a POST without `Mcp-Session-Id` is modern traffic: its body claims the modern era,
 * or its `MCP-Protocol-Version` names a version that is not a legacy one (a modern or unknown
 * version: the request is then answered with the modern errors, e.g. -32022).
 */
export function isModernPost(message, header) {
    if (Array.isArray(message))
        return false;
    if (claimsModern(message))
        return true;
    const version = header('mcp-protocol-version');
    return version !== undefined && !isLegacyVersion(version);
}
/**
 * Whether a modern request holds its response open until the client ends it
 * (`subscriptions/listen`, basic/patterns/subscriptions): the HTTP server counts such an
 * exchange among its principal's sessions, so one client cannot hold every connection with
 * listens.
 */
export function holdsResponseOpen(message) {
    return message.method === 'subscriptions/listen' && 'id' in message;
}
/** Methods whose `Mcp-Name` header mirrors `params.name` or `params.uri`. */
const NAME_SOURCE = {
    'tools/call': 'name',
    'prompts/get': 'name',
    'resources/read': 'uri',
};
const SENTINEL = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/;
/** Decodes the `=?base64?…?=` form (UTF-8); plain values pass as they are. */
export function decodeHeaderValue(value) {
    const match = SENTINEL.exec(value);
    if (!match)
        return value;
    const decoded = Buffer.from(match[1] ?? '', 'base64');
    const text = decoded.toString('utf8');
    return Buffer.from(text, 'utf8').equals(decoded) ? text : undefined;
}
const mismatch = (message) => ({
    status: 400,
    code: ModernErrorCode.HeaderMismatch,
    message: `Header mismatch: ${message}`,
});
/**
 * Checks the request-metadata headers of a modern POST against its body (spec: "Server
 * Validation"); a rejection is 400 + -32020. The `_meta` context is checked here too, so its
 * errors get their 400 (-32602 missing keys, -32022 unsupported version). Notifications carry no header rules in this
 * revision, so only requests are checked.
 */
export function checkModernHeaders(message, header) {
    if (!('id' in message))
        return undefined;
    const method = message.method;
    const headerMethod = header('mcp-method');
    if (headerMethod === undefined)
        return mismatch('the Mcp-Method header is required');
    if (headerMethod !== method) {
        return mismatch(`Mcp-Method header value '${headerMethod}' does not match body '${method}'`);
    }
    const version = header('mcp-protocol-version');
    if (version === undefined)
        return mismatch('the MCP-Protocol-Version header is required');
    const bodyVersion = metaOf(message.params)?.[META.protocolVersion];
    if (typeof bodyVersion === 'string' && bodyVersion !== version) {
        return mismatch(`MCP-Protocol-Version header value '${version}' does not match _meta value '${bodyVersion}'`);
    }
    try {
        modernContext(message, '');
    }
    catch (error) {
        if (!(error instanceof RpcError))
            throw error;
        const data = error.data;
        return { status: 400, code: error.code, message: error.message, ...(data ? { data } : {}) };
    }
    const source = NAME_SOURCE[method];
    if (source === undefined)
        return undefined;
    const raw = header('mcp-name');
    if (raw === undefined)
        return mismatch(`the Mcp-Name header is required for ${method}`);
    const name = decodeHeaderValue(raw);
    const params = message.params;
    const bodyName = params?.[source];
    if (name === undefined)
        return mismatch('the Mcp-Name header is not valid Base64 UTF-8');
    if (name !== bodyName) {
        return mismatch(`Mcp-Name header value '${name}' does not match body value '${String(bodyName)}'`);
    }
    return undefined;
}
/**
 * The HTTP status of a modern request's JSON-RPC error (spec: -32601 → 404; the modern
 * errors → 400; mcp-mux's per-principal limit → 429, as the HTTP layer's own per-principal
 * refusals). Everything else is a JSON-RPC error in a 200, as any result.
 */
export function modernErrorStatus(code) {
    if (code === ErrorCode.MethodNotFound)
        return 404;
    if (code === ErrorCode.LimitExceeded)
        return 429;
    if (code === ModernErrorCode.HeaderMismatch ||
        code === ModernErrorCode.MissingRequiredClientCapability ||
        code === ModernErrorCode.UnsupportedProtocolVersion) {
        return 400;
    }
    return 200;
}
//# sourceMappingURL=modernHttp.js.map