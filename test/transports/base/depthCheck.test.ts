/** The nesting bound on what a transport reads (transports/base/depthCheck.ts): which message, which id. */
import { describe, expect, it } from 'vitest';
import { FrameError } from '../../../core/rpc/transport.js';
import { depthError } from '../../../transports/base/depthCheck.js';

/** `levels` arrays around a number: nests exactly `levels` deep. */
const nest = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
};

describe('depthError', () => {
  it('is undefined up to the bound and a too-deep FrameError one level past it', () => {
    expect(depthError({ jsonrpc: '2.0', id: 1, method: 'm', params: { a: nest(2) } }, 4)).toBe(
      undefined,
    );
    const error = depthError({ jsonrpc: '2.0', id: 1, method: 'm', params: { a: nest(3) } }, 4);
    expect(error).toBeInstanceOf(FrameError);
    expect(error).toMatchObject({ kind: 'too-deep', id: 1, response: false });
    expect(error?.message).toBe(
      'Invalid Request: the message nests deeper than 4 levels (maxJsonDepth)',
    );
  });

  it('keeps a string or numeric id, and marks responses, so the right request is failed', () => {
    expect(depthError({ id: 'a', result: nest(5) }, 3)).toMatchObject({ id: 'a', response: true });
    expect(depthError({ id: 0, error: { data: nest(5) } }, 3)).toMatchObject({
      id: 0,
      response: true,
    });
    // A message with both method and result is not a response.
    expect(depthError({ id: 2, method: 'm', result: nest(5) }, 3)?.response).toBe(false);
  });

  it('carries no id it cannot use: absent, null, an object or a non-finite number', () => {
    for (const id of [undefined, null, { x: 1 }, Number.NaN]) {
      const error = depthError({ id, method: 'm', params: nest(5) }, 3);
      expect(error?.kind).toBe('too-deep');
      expect(error?.id).toBeUndefined();
    }
    // A bare array (a batch) too deep as a whole has no id either.
    expect(depthError(nest(6), 3)?.id).toBeUndefined();
  });

  it('never reports a scalar', () => {
    expect(depthError('x', 0)).toBeUndefined();
    expect(depthError(null, 0)).toBeUndefined();
  });
});
