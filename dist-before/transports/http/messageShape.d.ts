/**
 * The structural reading HTTP transports need to route messages, by keys only (no method
 * names): a request has `method` and an `id`, a notification `method` and no `id`, a
 * response an `id` and `result` or `error`. Ids are keyed with their type, so `1` and `"1"`
 * stay different requests.
 */
import type { JsonRpcId } from '../../core/rpc/index.js';
export type MessageShape = 'request' | 'notification' | 'response' | 'invalid';
export declare function shapeOf(value: unknown): MessageShape;
/** The ids of the requests in one message or batch. */
export declare function requestIds(value: unknown): JsonRpcId[];
/** The ids of the responses in one message or batch (`null` ids are left out). */
export declare function responseIds(value: unknown): JsonRpcId[];
export declare const idKey: (id: JsonRpcId) => string;
