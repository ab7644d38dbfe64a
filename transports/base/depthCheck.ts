/**
 * The nesting bound every transport applies to what it reads: a message
 * nested past `maxJsonDepth` is not passed on but reported as `FrameError('too-deep')` with its
 * top-level id, so the connection answers (or fails) exactly that request at once, before it
 * takes an upstream slot. The walk is iterative and visits nodes, not bytes.
 */
import type { JsonRpcId } from '../../core/rpc/index.js';
import { exceedsDepth, FrameError } from '../../core/rpc/index.js';

const isId = (value: unknown): value is JsonRpcId =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

/** The `FrameError` for `value` if it nests deeper than `max`; undefined otherwise. */
export function depthError(value: unknown, max: number): FrameError | undefined {
  if (!exceedsDepth(value, max)) return undefined;
  const message = (
    typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}
  ) as Record<string, unknown>;
  const id = isId(message.id) ? message.id : undefined;
  const response = !('method' in message) && ('result' in message || 'error' in message);
  return new FrameError(
    'too-deep',
    `Invalid Request: the message nests deeper than ${max} levels (maxJsonDepth)`,
    { ...(id === undefined ? {} : { id }), response },
  );
}
