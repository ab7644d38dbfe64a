const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value) => typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
export function shapeOf(value) {
    if (!isObject(value))
        return 'invalid';
    if (typeof value.method === 'string') {
        if (!('id' in value))
            return 'notification';
        return isId(value.id) ? 'request' : 'invalid';
    }
    if ('result' in value || 'error' in value) {
        return isId(value.id) || value.id === null ? 'response' : 'invalid';
    }
    return 'invalid';
}
/** The ids of the requests in one message or batch. */
export function requestIds(value) {
    const items = Array.isArray(value) ? value : [value];
    const ids = [];
    for (const item of items)
        if (shapeOf(item) === 'request')
            ids.push(item.id);
    return ids;
}
/** The ids of the responses in one message or batch (`null` ids are left out). */
export function responseIds(value) {
    const items = Array.isArray(value) ? value : [value];
    const ids = [];
    for (const item of items) {
        if (shapeOf(item) === 'response' && isId(item.id))
            ids.push(item.id);
    }
    return ids;
}
export const idKey = (id) => (typeof id === 'number' ? `n:${id}` : `s:${id}`);
//# sourceMappingURL=messageShape.js.map