/** Message shapes by keys only (transports/http/messageShape.ts), and ids keyed with their type. */
import { describe, expect, it } from 'vitest';
import { idKey, requestIds, responseIds, shapeOf } from '../../../transports/http/messageShape.js';

describe('shapeOf', () => {
  it('tells requests, notifications and responses apart by their keys', () => {
    expect(shapeOf({ id: 0, method: 'tools/call' })).toBe('request');
    expect(shapeOf({ id: '', method: 'x' })).toBe('request');
    expect(shapeOf({ method: 'notifications/progress' })).toBe('notification');
    expect(shapeOf({ id: 1, result: {} })).toBe('response');
    expect(shapeOf({ id: null, error: { code: 1, message: 'm' } })).toBe('response');
  });

  it('calls everything else invalid', () => {
    for (const value of [
      null,
      [],
      'x',
      { id: null, method: 'm' }, // a request id cannot be null
      { id: { n: 1 }, method: 'm' },
      { id: Number.POSITIVE_INFINITY, method: 'm' },
      { id: 1 }, // neither method nor result/error
      { id: true, result: {} },
      { method: 1 },
    ]) {
      expect([value, shapeOf(value)]).toEqual([value, 'invalid']);
    }
  });
});

describe('ids', () => {
  const batch = [
    { id: 1, method: 'a' },
    { method: 'n' },
    { id: 'x', method: 'b' },
    { id: 2, result: {} },
    { id: null, error: { code: -1, message: 'm' } },
    { id: { bad: 1 }, method: 'c' },
  ];

  it('lists the request ids and the non-null response ids of a message or a batch', () => {
    expect(requestIds(batch)).toEqual([1, 'x']);
    expect(responseIds(batch)).toEqual([2]);
    expect(requestIds({ id: 0, method: 'm' })).toEqual([0]);
    expect(responseIds({ id: 'r', result: 1 })).toEqual(['r']);
    expect(requestIds({ method: 'n' })).toEqual([]);
  });

  it('keys 1 and "1" differently', () => {
    expect(idKey(1)).not.toBe(idKey('1'));
    expect(new Set([1, '1', 1, 'n:1'].map(idKey)).size).toBe(3);
  });
});
