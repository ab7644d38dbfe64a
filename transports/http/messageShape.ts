/**
 * The structural reading HTTP transports need to route messages, by keys only (no method
 * names): a request has `method` and an `id`, a notification `method` and no `id`, a
 * response an `id` and `result` or `error`. Ids are keyed with their type, so `1` and `"1"`
 * stay different requests.
 */
import type { JsonRpcId } from '../../core/rpc/index.js';

export type MessageShape = 'request' | 'notification' | 'response' | 'invalid';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isId = (value: unknown): value is JsonRpcId =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

export function shapeOf(value: unknown): MessageShape {
  if (!isObject(value)) return 'invalid';
  if (typeof value.method === 'string') {
    if (!('id' in value)) return 'notification';
    return isId(value.id) ? 'request' : 'invalid';
  }
  if ('result' in value || 'error' in value) {
    return isId(value.id) || value.id === null ? 'response' : 'invalid';
  }
  return 'invalid';
}

/** The ids of the requests in one message or batch. */
export function requestIds(value: unknown): JsonRpcId[] {
  const items = Array.isArray(value) ? value : [value];
  const ids: JsonRpcId[] = [];
  for (const item of items) if (shapeOf(item) === 'request') ids.push(item.id as JsonRpcId);
  return ids;
}

/** The ids of the responses in one message or batch (`null` ids are left out). */
export function responseIds(value: unknown): JsonRpcId[] {
  const items = Array.isArray(value) ? value : [value];
  const ids: JsonRpcId[] = [];
  for (const item of items) {
    if (shapeOf(item) === 'response' && isId(item.id)) ids.push(item.id);
  }
  return ids;
}

export const idKey = (id: JsonRpcId): string => (typeof id === 'number' ? `n:${id}` : `s:${id}`);

/** A JSON-RPC error response with `id: null` (an answer to something that had no usable id). */
export function isIdlessError(message: unknown): boolean {
  return (
    shapeOf(message) === 'response' &&
    (message as { id: unknown }).id === null &&
    'error' in (message as object)
  );
}
