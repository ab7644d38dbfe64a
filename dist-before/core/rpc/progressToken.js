/**
 * Reading and writing `params._meta.progressToken`, the only part of `_meta` the connection
 * touches. Copies are shallow: `params` and `_meta` are copied, everything below is shared.
 */
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/** The caller's progress token, if the request asked for progress with a valid one. */
export function progressTokenOf(params) {
    const meta = params?._meta;
    if (!isObject(meta))
        return undefined;
    const token = meta.progressToken;
    return typeof token === 'string' || typeof token === 'number' ? token : undefined;
}
/** `params` with `_meta.progressToken` set to `token`, keeping the other `_meta` keys. */
export function withProgressToken(params, token) {
    const meta = params?._meta;
    return {
        ...params,
        _meta: isObject(meta) ? { ...meta, progressToken: token } : { progressToken: token },
    };
}
//# sourceMappingURL=progressToken.js.map