import { describe, expect, it } from 'vitest';
import { classify } from '../../../core/rpc/jsonrpc.js';

describe('classify: valid messages', () => {
  it('classifies requests, including ids 0 and ""', () => {
    for (const id of [0, '', 7, 'abc', -1, 1.5]) {
      const message = { jsonrpc: '2.0', id, method: 'tools/list' };
      expect(classify(message)).toEqual({ kind: 'request', message });
    }
  });

  it('classifies a notification (no id key) and keeps the same object', () => {
    const message = { jsonrpc: '2.0', method: 'notifications/initialized', params: { a: 1 } };
    const result = classify(message);
    expect(result.kind).toBe('notification');
    expect(result.kind === 'notification' && result.message).toBe(message);
  });

  it('classifies success and error responses, including id 0 and an error with id null', () => {
    expect(classify({ jsonrpc: '2.0', id: 0, result: {} }).kind).toBe('response');
    expect(classify({ jsonrpc: '2.0', id: '', result: { x: 1 } }).kind).toBe('response');
    expect(classify({ jsonrpc: '2.0', id: 3, error: { code: -1, message: 'no' } }).kind).toBe(
      'response',
    );
    expect(classify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'p' } }).kind).toBe(
      'response',
    );
  });

  it('classifies arrays as batches, even empty ones (the connection decides)', () => {
    expect(classify([])).toEqual({ kind: 'batch', messages: [] });
    expect(classify([1, 2])).toEqual({ kind: 'batch', messages: [1, 2] });
  });
});

describe('classify: invalid messages carry the reason and the id when readable', () => {
  const cases: [string, unknown, string | number | null, RegExp][] = [
    ['a number', 42, null, /not a JSON object/],
    ['a string', 'hello', null, /not a JSON object/],
    ['null', null, null, /not a JSON object/],
    ['wrong jsonrpc, id kept', { jsonrpc: '1.0', id: 5, method: 'x' }, 5, /jsonrpc/],
    ['missing jsonrpc', { id: 0, method: 'x' }, 0, /jsonrpc/],
    ['numeric method', { jsonrpc: '2.0', id: 1, method: 3 }, 1, /method must be a string/],
    ['array params', { jsonrpc: '2.0', id: 2, method: 'x', params: [1] }, 2, /params/],
    ['id null request', { jsonrpc: '2.0', id: null, method: 'x' }, null, /must not be null/],
    ['object id', { jsonrpc: '2.0', id: {}, method: 'x' }, null, /string or a number/],
    ['result and error', { jsonrpc: '2.0', id: 1, result: {}, error: {} }, 1, /either/],
    ['bad error object', { jsonrpc: '2.0', id: 1, error: { code: 'x' } }, 1, /integer code/],
    [
      'fractional error code',
      { jsonrpc: '2.0', id: 1, error: { code: 1.5, message: 'x' } },
      1,
      /integer code/,
    ],
    ['non-object result', { jsonrpc: '2.0', id: 1, result: 5 }, 1, /result must be an object/],
    ['result without id', { jsonrpc: '2.0', result: {} }, null, /response id/],
    ['nothing recognisable', { jsonrpc: '2.0', id: 9 }, 9, /neither a method nor a result/],
  ];
  for (const [name, value, id, reason] of cases) {
    it(name, () => {
      const result = classify(value);
      expect(result.kind).toBe('invalid');
      if (result.kind !== 'invalid') return;
      expect(result.id).toBe(id);
      expect(result.reason).toMatch(reason);
    });
  }

  it('never throws on odd values', () => {
    const odd: unknown[] = [undefined, true, Number.NaN, Symbol('s'), () => 1, new Date(), [[]]];
    for (const value of odd) expect(() => classify(value)).not.toThrow();
  });
});
