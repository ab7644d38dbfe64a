/**
 * The MCP knowledge HTTP server transports need, kept out of the transports (they take these
 * as hooks): which message starts a session, which one is stateless, and which protocol
 * versions the `MCP-Protocol-Version` header may carry.
 */
import { LEGACY_VERSIONS, MODERN_VERSIONS } from './versions.js';
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/** Legacy era: a session starts with an `initialize` request (never inside a batch). */
export function isSessionStart(message) {
    return isObject(message) && message.method === 'initialize' && 'id' in message;
}
/**
 * Modern era (2026-07-28): a request or notification that carries its protocol version in
 * `params._meta` needs no session; an HTTP server gives it a one-shot transport.
 */
export function isStatelessMessage(message) {
    if (!isObject(message) || typeof message.method !== 'string')
        return false;
    const params = message.params;
    const meta = isObject(params) ? params._meta : undefined;
    return isObject(meta) && typeof meta['io.modelcontextprotocol/protocolVersion'] === 'string';
}
/** Every revision mcp-mux speaks; the default accepted `MCP-Protocol-Version` values. */
export const HTTP_PROTOCOL_VERSIONS = [...LEGACY_VERSIONS, ...MODERN_VERSIONS];
//# sourceMappingURL=sessionStart.js.map