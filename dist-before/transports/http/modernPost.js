import { checkModernHeaders, isModernPost, modernErrorStatus, } from '../../core/mcp/index.js';
import { sendJson } from './jsonReply.js';
import { ModernExchange } from './modernExchange.js';
export const headerLookup = (req) => (name) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
};
export const modernPostHook = (hooks) => hooks.isModernPost ?? isModernPost;
/** Sends a rejection as a JSON-RPC error with the request's id (clients can correlate it). */
export function sendRejection(res, id, rejection) {
    const error = { code: rejection.code, message: rejection.message };
    if (rejection.data !== undefined)
        error.data = rejection.data;
    const validId = typeof id === 'string' || typeof id === 'number' ? id : null;
    sendJson(res, rejection.status, JSON.stringify({ jsonrpc: '2.0', id: validId, error }));
}
/**
 * Serves one modern POST: checks its headers, then returns the exchange transport that
 * carries it (undefined when the POST was rejected and answered here).
 */
export function modernExchange(req, res, message, hooks) {
    const rejection = (hooks.checkModernHeaders ?? checkModernHeaders)(message, headerLookup(req));
    if (rejection) {
        sendRejection(res, message.id, rejection);
        return undefined;
    }
    return new ModernExchange(res, {
        statusOf: hooks.modernErrorStatus ?? modernErrorStatus,
        maxBufferedBytes: hooks.maxBufferedBytes,
        log: hooks.log,
        onEnd: hooks.onEnd,
    });
}
//# sourceMappingURL=modernPost.js.map