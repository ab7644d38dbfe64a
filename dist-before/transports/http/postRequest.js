import { adoptTraceHeaders } from '../../core/observe/index.js';
import { shapeOf } from './messageShape.js';
/** A header's (first) value. */
export const header = (req, name) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
};
/** Whether an `Accept` header allows `type` (wildcards count). */
export function accepts(accept, type) {
    if (accept === undefined)
        return false;
    const major = type.split('/')[0];
    return accept.split(',').some((part) => {
        const range = part.split(';')[0]?.trim().toLowerCase();
        return range === type || range === '*/*' || range === `${major}/*`;
    });
}
/** A JSON-RPC message, or a non-empty batch of them, by shape. */
export function isJsonRpcBody(message) {
    if (!Array.isArray(message))
        return shapeOf(message) !== 'invalid';
    if (message.length === 0)
        return false;
    for (const item of message)
        if (shapeOf(item) === 'invalid')
            return false;
    return true;
}
/** `message` with the POST's `traceparent`/`tracestate` headers in each request's `_meta`. */
export function withTraceHeaders(message, req) {
    const traceparent = req.headers.traceparent;
    if (typeof traceparent !== 'string')
        return message;
    const tracestate = typeof req.headers.tracestate === 'string' ? req.headers.tracestate : undefined;
    return Array.isArray(message)
        ? message.map((item) => adoptTraceHeaders(item, traceparent, tracestate))
        : adoptTraceHeaders(message, traceparent, tracestate);
}
//# sourceMappingURL=postRequest.js.map