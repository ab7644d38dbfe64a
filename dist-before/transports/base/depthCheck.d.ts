import { FrameError } from '../../core/rpc/index.js';
/** The `FrameError` for `value` if it nests deeper than `max`; undefined otherwise. */
export declare function depthError(value: unknown, max: number): FrameError | undefined;
