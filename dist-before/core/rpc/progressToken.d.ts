/**
 * Reading and writing `params._meta.progressToken`, the only part of `_meta` the connection
 * touches. Copies are shallow: `params` and `_meta` are copied, everything below is shared.
 */
import type { JsonObject } from './jsonrpc.js';
import type { ProgressToken } from './types.js';
/** The caller's progress token, if the request asked for progress with a valid one. */
export declare function progressTokenOf(params: JsonObject | undefined): ProgressToken | undefined;
/** `params` with `_meta.progressToken` set to `token`, keeping the other `_meta` keys. */
export declare function withProgressToken(params: JsonObject | undefined, token: ProgressToken): JsonObject;
