/**
 * `decodeJsonBody` (transports/http/jsonBody.ts): one JSON value, or newline-delimited
 * messages, or nothing when any line is not JSON.
 */
import { describe, expect, it } from 'vitest';
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
});
