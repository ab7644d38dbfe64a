/** Duplicate keys in a config text (core/config/duplicateKeys.ts): what JSON.parse silently drops. */
import { describe, expect, it } from 'vitest';
import { duplicateKeys } from '../../../core/config/duplicateKeys.js';

describe('duplicateKeys', () => {
  it('names a server key written twice, by its JSON path', () => {
    const text = '{"mcpServers": {"a": {"command": "x"}, "b": {}, "a": {"command": "y"}}}';
    expect(duplicateKeys(text)).toEqual(['mcpServers.a']);
  });

  it('finds duplicates at any depth and inside arrays, in text order', () => {
    const text = `{
      "x": 1,
      "list": [{"k": 1, "k": 2}, {"k": 3}],
      "o": {"p": {"q": true, "q": null}},
      "x": 2
    }`;
    expect(duplicateKeys(text)).toEqual(['list[0].k', 'o.p.q', 'x']);
  });

  it('is not fooled by quotes, braces or colons inside strings, or by the same key in siblings', () => {
    const text = '{"a": "}\\"{,:", "b": {"a": "[", "c": 1}, "c": {"a": 2}, "d": [1, "a", {}]}';
    expect(duplicateKeys(text)).toEqual([]);
  });

  it('quotes odd keys in the path and decodes escaped ones', () => {
    expect(duplicateKeys('{"s": {"a.b": 1, "a\\u002eb": 2}}')).toEqual(['s["a.b"]']);
  });

  it('has nothing to say about scalars, empty containers or empty text', () => {
    for (const text of ['1', '"s"', '{}', '[]', ' {  } ', ''])
      expect(duplicateKeys(text)).toEqual([]);
  });
});
