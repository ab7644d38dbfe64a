import { describe, expect, it } from 'vitest';
import { jsonTextPrefix, utf8End } from '../../../actors/routes/utf8Cut.js';

const jsonBytes = (text: string) => Buffer.byteLength(JSON.stringify(text)) - 2;

describe('utf8End', () => {
  it('never splits a multi-byte character or a surrogate pair', () => {
    const text = 'aé😀€'; // 1 + 2 + 4 + 3 bytes
    expect([0, 1, 2, 3, 4, 6, 7, 9, 10].map((max) => utf8End(text, 0, max))).toEqual([
      0, 1, 1, 2, 2, 2, 4, 4, 5,
    ]);
    expect(utf8End(text, 2, 4)).toBe(4);
    expect(utf8End(text, 2, 3)).toBe(2);
  });

  it('splits a text into pieces whose bytes add up to the whole', () => {
    const text = '😀é'.repeat(1000);
    const pieces: string[] = [];
    for (let at = 0; at < text.length; ) {
      const end = utf8End(text, at, 1001);
      pieces.push(text.slice(at, end));
      at = end;
    }
    expect(pieces.join('')).toBe(text);
    for (const piece of pieces) {
      expect(Buffer.byteLength(piece)).toBeLessThanOrEqual(1001);
      expect(Buffer.from(piece).toString()).toBe(piece); // no lone surrogate
    }
  });
});

describe('jsonTextPrefix', () => {
  it('counts JSON escapes and keeps emoji whole', () => {
    const text = 'a"\n\u0001😀b';
    for (let max = 0; max <= jsonBytes(text); max++) {
      const prefix = jsonTextPrefix(text, max);
      expect(text.startsWith(prefix)).toBe(true);
      expect(jsonBytes(prefix)).toBeLessThanOrEqual(max);
      expect(/[\uD800-\uDBFF]$/.test(prefix)).toBe(false);
      // The longest such prefix: one more code point would not fit.
      const next = text.slice(
        0,
        prefix.length + (text.codePointAt(prefix.length)! > 0xffff ? 2 : 1),
      );
      if (next !== prefix) expect(jsonBytes(next)).toBeGreaterThan(max);
    }
    expect(jsonTextPrefix(text, 100)).toBe(text);
  });

  it('writes a lone surrogate as its escape', () => {
    expect(jsonTextPrefix('\uD800x', 5)).toBe('');
    expect(jsonTextPrefix('\uD800x', 6)).toBe('\uD800');
  });
});
