/**
 * Property-based tests of the JSON-RPC classifier and the wire codec (fast-check, bounded
 * runs): `classify` never throws and only says `request` / `notification` / `response` for
 * messages that really have that shape; every valid request is recognised with its id; any
 * integer id survives parse → stringify byte for byte.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classify } from '../../../core/rpc/jsonrpc.js';
import { parseMessage, stringifyMessage } from '../../../core/rpc/wire.js';

const isId = (v: unknown) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

describe('classify properties', () => {
  it('never throws, and each verdict matches the message shape', () => {
    const keys = fc.constantFrom('jsonrpc', 'id', 'method', 'params', 'result', 'error', 'x');
    const loose = fc.dictionary(
      keys,
      fc.oneof(fc.jsonValue(), fc.constant('2.0'), fc.constant(undefined)),
    );
    fc.assert(
      fc.property(fc.oneof(fc.anything(), loose, fc.array(loose, { maxLength: 3 })), (value) => {
        const verdict = classify(value);
        const m = value as Record<string, unknown>;
        switch (verdict.kind) {
          case 'request':
            expect(m.jsonrpc).toBe('2.0');
            expect(typeof m.method).toBe('string');
            expect(isId(m.id)).toBe(true);
            break;
          case 'notification':
            expect(typeof m.method).toBe('string');
            expect('id' in m).toBe(false);
            break;
          case 'response':
            expect('method' in m && m.method !== undefined).toBe(false);
            expect('result' in m !== 'error' in m).toBe(true);
            break;
          case 'batch':
            expect(Array.isArray(value)).toBe(true);
            break;
          case 'invalid':
            expect(typeof verdict.reason).toBe('string');
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('recognises every valid request with its id', () => {
    const id = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
    );
    const params = fc.option(fc.dictionary(fc.string(), fc.jsonValue()), { nil: undefined });
    fc.assert(
      fc.property(id, fc.string(), params, (requestId, method, p) => {
        const message = {
          jsonrpc: '2.0',
          id: requestId,
          method,
          ...(p === undefined ? {} : { params: p }),
        };
        const verdict = classify(message);
        expect(verdict.kind).toBe('request');
        if (verdict.kind === 'request') expect(verdict.message.id).toBe(requestId);
      }),
      { numRuns: 500 },
    );
  });
});

describe('wire codec properties', () => {
  it('echoes any integer id byte for byte', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(2n ** 200n), max: 2n ** 200n }),
        fc.jsonValue(),
        (big, payload) => {
          const text = `{"jsonrpc":"2.0","id":${big},"method":"m","params":${JSON.stringify({ p: payload })}}`;
          const message = parseMessage(text) as { id: unknown; params: unknown };
          expect(message.params).toEqual(JSON.parse(JSON.stringify({ p: payload })));
          const reply = stringifyMessage({ jsonrpc: '2.0', id: message.id, result: {} });
          expect(JSON.parse(reply.replace(/"id":(-?\d+)/, '"id":"$1"')).id).toBe(String(big));
        },
      ),
      { numRuns: 500 },
    );
  });
});
