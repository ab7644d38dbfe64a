/**
 * `decodeJsonBody` (transports/http/jsonBody.ts): one JSON value, or newline-delimited
 * messages, or nothing when any line is not JSON.
 */
import { describe, expect, it } from 'vitest';
import { materialized } from '../../../core/rpc/index.js';
import { decodeJsonBody } from '../../../transports/http/jsonBody.js';

const note = { jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } };
const answer = { jsonrpc: '2.0', id: 1, result: {} };

describe('decodeJsonBody', () => {
  it('reads one value (pretty-printed too) as one message', () => {
    expect(decodeJsonBody(JSON.stringify(answer))).toEqual([answer]);
    expect(decodeJsonBody(JSON.stringify(answer, null, 2))).toEqual([answer]);
  });

  it('reads newline-delimited messages in order, blank lines and CRLF allowed', () => {
    const body = `${JSON.stringify(note)}\r\n\n${JSON.stringify(answer)}\n`;
    expect(decodeJsonBody(body)).toEqual([note, answer]);
  });

  it('refuses a body with any line that is not JSON', () => {
    expect(decodeJsonBody('not json')).toBeUndefined();
    expect(decodeJsonBody(`${JSON.stringify(note)}\n{"jsonrpc":`)).toBeUndefined();
    expect(decodeJsonBody('')).toBeUndefined();
  });

  it("reads the same with the body's bytes beside its text, long strings and escapes included", () => {
    // JSON.stringify writes these as escapes: \n, \t, \", \\ and \u0007.
    const long = `${'a'.repeat(700)}\n\t"\\ \u0007${'b'.repeat(300)}`;
    const bodies = [
      JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        result: { content: [{ type: 'text', text: long }] },
      }),
      JSON.stringify({ jsonrpc: '2.0', id: 8, result: { text: `é${long}` } }), // not ASCII
    ];
    for (const text of bodies) {
      expect(text).toContain('\\u0007');
      const bytes = Buffer.from(text);
      const read = decodeJsonBody(text, 64, bytes)?.map(materialized);
      expect(read).toEqual([JSON.parse(text)]);
      expect(read).toEqual(decodeJsonBody(text, 64)?.map(materialized));
    }
    // A raw control character inside a long string: not JSON, on the bytes as on the text.
    const bad = `{"jsonrpc":"2.0","id":9,"result":{"text":"${'a'.repeat(700)}\u0001"}}`;
    expect(bad.includes('\u0001')).toBe(true);
    expect(decodeJsonBody(bad, 64, Buffer.from(bad))).toBeUndefined();
    expect(decodeJsonBody(bad, 64)).toBeUndefined();
  });
});
