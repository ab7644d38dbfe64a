/** Request ids past 2^53 survive the router byte for byte. */
import { describe, expect, it } from 'vitest';
import {
  BIG_ID_PREFIX,
  exceedsDepth,
  parseMessage,
  stringifyMessage,
} from '../../../core/rpc/wire.js';

const BIG = '9007199254740993'; // 2^53 + 1: JSON.parse makes it …992

describe('parseMessage / stringifyMessage', () => {
  it('keeps a big top-level id exact, as a marked string inside', () => {
    const text = `{"jsonrpc":"2.0","id":${BIG},"method":"ping"}`;
    expect(JSON.parse(text).id).toBe(9007199254740992);
    const message = parseMessage(text) as { id: unknown };
    expect(message.id).toBe(`${BIG_ID_PREFIX}${BIG}`);
    const answer = stringifyMessage({ jsonrpc: '2.0', id: message.id, result: {} });
    expect(answer).toContain(`"id":${BIG}`);
    expect(answer).toBe(`{"id":${BIG},"jsonrpc":"2.0","result":{}}`);
  });

  it('handles each item of a batch, and ids written after nested objects', () => {
    const text = `[{"jsonrpc":"2.0","params":{"id":1,"x":[{"id":2}]},"method":"a","id":-123456789012345678901},{"jsonrpc":"2.0","id":7,"method":"b"},{"id":18446744073709551616,"method":"c","jsonrpc":"2.0"}]`;
    const batch = parseMessage(text) as { id: unknown; params?: unknown }[];
    expect(batch.map((m) => m.id)).toEqual([
      `${BIG_ID_PREFIX}-123456789012345678901`,
      7,
      `${BIG_ID_PREFIX}18446744073709551616`,
    ]);
    expect(batch[0]?.params).toEqual({ id: 1, x: [{ id: 2 }] });
    const out = stringifyMessage(batch.map((m) => ({ jsonrpc: '2.0', id: m.id, result: {} })));
    expect(out).toBe(
      '[{"id":-123456789012345678901,"jsonrpc":"2.0","result":{}},{"jsonrpc":"2.0","id":7,"result":{}},{"id":18446744073709551616,"jsonrpc":"2.0","result":{}}]',
    );
  });

  it('leaves safe ids, strings with tricky contents and payload numbers alone', () => {
    const text = '{"jsonrpc":"2.0","id":"a\\"}{:","method":"x","params":{"n":9007199254740993}}';
    expect(parseMessage(text)).toEqual(JSON.parse(text));
    const safe = { jsonrpc: '2.0', id: 5, result: { big: 1e300 } };
    expect(stringifyMessage(safe)).toBe(JSON.stringify(safe));
    expect(() => stringifyMessage(undefined)).toThrow(TypeError);
  });
});

describe('exceedsDepth', () => {
  const nested = (levels: number): unknown => {
    let value: unknown = 1;
    for (let i = 0; i < levels; i++) value = i % 2 === 0 ? [value] : { k: value };
    return value;
  };

  it('counts objects and arrays, the outermost as level 1', () => {
    expect(exceedsDepth(nested(128), 128)).toBe(false);
    expect(exceedsDepth(nested(129), 128)).toBe(true);
    expect(exceedsDepth(nested(5000), 128)).toBe(true);
    expect(exceedsDepth('text', 0)).toBe(false);
    expect(exceedsDepth({}, 0)).toBe(true);
  });

  it('looks into an own "__proto__" member as JSON.parse makes it', () => {
    const text = `{"__proto__":${'['.repeat(200)}${']'.repeat(200)}}`;
    expect(exceedsDepth(JSON.parse(text), 128)).toBe(true);
    expect(exceedsDepth(JSON.parse('{"__proto__":[[1]]}'), 3)).toBe(false);
  });
});
