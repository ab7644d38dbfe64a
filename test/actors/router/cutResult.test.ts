import { describe, expect, it } from 'vitest';
import { cutResult } from '../../../actors/router/cutResult.js';
import type { JsonObject } from '../../../core/rpc/index.js';

const size = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
const full = { uri: 'mcp-mux://results/abc', chunks: 1 };
const text = (t: string) => ({ type: 'text', text: t });

describe('cutResult', () => {
  it('keeps items while they fit, cuts the crossing text item, drops the rest, adds the marker', () => {
    const result = { content: [text('a'.repeat(500)), text('b'.repeat(5000)), text('c')] };
    const bytes = size(result);
    const cut = cutResult(result, 2000, bytes, full);
    const content = cut.content as { text: string }[];
    expect(size(cut)).toBeLessThanOrEqual(2000);
    expect(size(cut)).toBeGreaterThan(1990);
    expect(content.map((c) => c.text[0])).toEqual(['a', 'b', '[']);
    expect(content[0]?.text).toBe('a'.repeat(500));
    expect(content[2]?.text).toBe(
      `[mcp-mux: result cut at 2000 of ${bytes} bytes; the whole result: mcp-mux://results/abc]`,
    );
    expect(cut._meta).toEqual({
      'io.github.mcp-mux/fullResult': { uri: full.uri, bytes, chunks: 1 },
    });
  });

  it('cuts emoji and escapes on whole characters, under the limit', () => {
    for (const unit of ['😀', 'é', '"\n', '€😀x']) {
      for (let limit = 1024; limit < 1100; limit += 7) {
        const original = unit.repeat(2000);
        const result = { content: [text(original)] };
        const cut = cutResult(result, limit, size(result), full);
        const kept = (cut.content as { text: string }[])[0]?.text as string;
        expect(original.startsWith(kept)).toBe(true);
        expect(/[\uD800-\uDBFF]$/.test(kept)).toBe(false);
        expect(size(cut)).toBeLessThanOrEqual(limit);
      }
    }
  });

  it('drops structuredContent with a note; keeps other keys and the result’s _meta', () => {
    const result: JsonObject = {
      content: [text('x'.repeat(3000))],
      structuredContent: { body: 'x'.repeat(3000) },
      isError: true,
      _meta: { trace: 1 },
    };
    const cut = cutResult(result, 1500, size(result), undefined);
    expect(cut.structuredContent).toBeUndefined();
    expect(cut.isError).toBe(true);
    expect(cut._meta).toEqual({ trace: 1 });
    const marker = (cut.content as { text: string }[]).at(-1)?.text;
    expect(marker).toMatch(/structuredContent dropped/);
    expect(marker).toMatch(/the whole result was too large to keep\]$/);
  });

  it('drops a crossing item that is not text', () => {
    const image = { type: 'image', data: 'A'.repeat(4000), mimeType: 'image/png' };
    const result = { content: [text('ok'), image, text('after')] };
    const cut = cutResult(result, 1024, size(result), full);
    expect((cut.content as { type: string }[]).map((c) => c.type)).toEqual(['text', 'text']);
    expect((cut.content as { text: string }[])[0]?.text).toBe('ok');
  });
});
