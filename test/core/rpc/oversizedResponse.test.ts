/** Finding the request an oversized, discarded response answered. */
import { describe, expect, it } from 'vitest';
import { oversizedResponseId } from '../../../core/rpc/oversizedResponse.js';

describe('oversizedResponseId', () => {
  it('reads the id at the start of a response', () => {
    expect(
      oversizedResponseId('{"jsonrpc":"2.0","id":17,"result":{"content":[{"te', 'x"}]}}'),
    ).toBe(17);
    expect(oversizedResponseId('{"id":3,"error":{"code":1,"message":"xxxx', 'x"}}')).toBe(3);
  });

  it('reads the id at the end of a response (the SDKs write it last)', () => {
    expect(
      oversizedResponseId(
        '{"result":{"content":[{"type":"text","text":"aaaa',
        'aaaa"}]},"jsonrpc":"2.0","id":42}',
      ),
    ).toBe(42);
    expect(oversizedResponseId('{"result":{"x":"aaa', 'aaa"},"jsonrpc":"2.0","id":42}\r')).toBe(42);
  });

  it('never matches a request or notification of the peer, or text without an id', () => {
    expect(
      oversizedResponseId(
        '{"method":"sampling/createMessage","params":{"x":"aaa',
        '"},"jsonrpc":"2.0","id":5}',
      ),
    ).toBeUndefined();
    expect(oversizedResponseId('{"result":{"text":"aaa', 'aaa"}}')).toBeUndefined();
    expect(oversizedResponseId('{"id":"s-1","result":{"x":"', '"}}')).toBeUndefined();
    expect(oversizedResponseId(undefined, undefined)).toBeUndefined();
  });
});
