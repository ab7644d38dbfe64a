/**
 * The JSON-RPC 2.0 message model. mcp-mux parses envelopes only: a message is classified
 * by its keys, and everything below `params` / `result` is passed through untouched.
 */
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value) => typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
/** Classifies one parsed JSON value by its keys. Never throws. */
export function classify(value) {
    if (Array.isArray(value))
        return { kind: 'batch', messages: value };
    if (!isObject(value))
        return { kind: 'invalid', reason: 'message is not a JSON object', id: null };
    const id = isId(value.id) ? value.id : null;
    if (value.jsonrpc !== '2.0')
        return { kind: 'invalid', reason: 'jsonrpc must be "2.0"', id };
    const { method } = value;
    if (method !== undefined) {
        if (typeof method !== 'string')
            return { kind: 'invalid', reason: 'method must be a string', id };
        if (value.params !== undefined && !isObject(value.params)) {
            return { kind: 'invalid', reason: 'params must be an object', id };
        }
        if (!('id' in value))
            return { kind: 'notification', message: value };
        if (value.id === null)
            return { kind: 'invalid', reason: 'request id must not be null', id: null };
        if (id === null)
            return { kind: 'invalid', reason: 'request id must be a string or a number', id: null };
        return { kind: 'request', message: value };
    }
    if ('result' in value || 'error' in value) {
        if ('result' in value && 'error' in value) {
            return { kind: 'invalid', reason: 'a response has either result or error, not both', id };
        }
        if ('error' in value) {
            const error = value.error;
            if (!isObject(error) || !Number.isInteger(error.code) || typeof error.message !== 'string') {
                return { kind: 'invalid', reason: 'error must have an integer code and a message', id };
            }
            if (id === null && value.id !== null) {
                return {
                    kind: 'invalid',
                    reason: 'response id must be a string, a number or null',
                    id: null,
                };
            }
            return { kind: 'response', message: value };
        }
        if (id === null)
            return { kind: 'invalid', reason: 'response id must be a string or a number', id: null };
        if (!isObject(value.result))
            return { kind: 'invalid', reason: 'result must be an object', id };
        return { kind: 'response', message: value };
    }
    return { kind: 'invalid', reason: 'neither a method nor a result or an error', id };
}
export const request = (id, method, params) => params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params };
export const notification = (method, params) => params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params };
export const success = (id, result) => ({
    jsonrpc: '2.0',
    id,
    result,
});
export const failure = (id, error) => ({
    jsonrpc: '2.0',
    id,
    error,
});
export const isResponse = (m) => !('method' in m);
//# sourceMappingURL=jsonrpc.js.map