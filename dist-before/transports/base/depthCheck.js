import { exceedsDepth, FrameError } from '../../core/rpc/index.js';
const isId = (value) => typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
/** The `FrameError` for `value` if it nests deeper than `max`; undefined otherwise. */
export function depthError(value, max) {
    if (!exceedsDepth(value, max))
        return undefined;
    const message = (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {});
    const id = isId(message.id) ? message.id : undefined;
    const response = !('method' in message) && ('result' in message || 'error' in message);
    return new FrameError('too-deep', `Invalid Request: the message nests deeper than ${max} levels (maxJsonDepth)`, { ...(id === undefined ? {} : { id }), response });
}
//# sourceMappingURL=depthCheck.js.map