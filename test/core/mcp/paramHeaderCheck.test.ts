/**
 * Server validation of `Mcp-Param-*` headers (core/mcp/paramHeaderCheck.ts): a modern
 * `tools/call` of a tool with `x-mcp-header` parameters is rejected with 400 -32020 when a
 * header is missing, malformed, or says something else than the body; other calls pass.
 */
import { describe, expect, it } from 'vitest';
import { paramHeadersOf } from '../../../core/mcp/mcpParamHeaders.js';
import { encodeHeaderValue } from '../../../core/mcp/modernClient.js';
import { checkParamHeaders } from '../../../core/mcp/paramHeaderCheck.js';
import { RawJson } from '../../../core/rpc/envelopeScan.js';
import type { JsonObject } from '../../../core/rpc/jsonrpc.js';

const schema = {
  type: 'object',
  properties: {
    region: { type: 'string', 'x-mcp-header': 'Region' },
    shard: { type: 'integer', 'x-mcp-header': 'Shard' },
    note: { type: 'string' },
  },
};
const annotated = paramHeadersOf(schema);
if (!annotated.ok) throw new Error(annotated.reason);
const lookup = (tool: string) => (tool === 'echo' ? annotated.headers : undefined);
const call = (args: unknown, name = 'echo'): JsonObject => ({
  jsonrpc: '2.0',
  id: 7,
  method: 'tools/call',
  params: { name, arguments: args } as JsonObject,
});
const check = (message: JsonObject, headers: Record<string, string>) =>
  checkParamHeaders(message, (name) => headers[name], lookup);

describe('checkParamHeaders', () => {
  it('accepts headers that mirror the body, plain or Base64', () => {
    expect(
      check(call({ region: 'eu-1', shard: 3 }), {
        'mcp-param-region': 'eu-1',
        'mcp-param-shard': '3',
      }),
    ).toBeUndefined();
    expect(
      check(call({ region: 'Zürich' }), { 'mcp-param-region': encodeHeaderValue('Zürich') }),
    ).toBeUndefined();
    // Arguments still held as their text (a forwarded payload) are read the same way.
    expect(
      check(call(new RawJson('{"region":"eu-1"}', 1)), { 'mcp-param-region': 'eu-1' }),
    ).toBeUndefined();
    expect(check(call({ note: 'x' }), {})).toBeUndefined();
  });

  it('rejects a missing, malformed or different header with 400 -32020', () => {
    const cases: [unknown, Record<string, string>, RegExp][] = [
      [{ region: 'Hello' }, {}, /Mcp-Param-Region header is required/],
      [{ region: 'Hello' }, { 'mcp-param-region': '=?base64?SGVsbG8?=' }, /not valid Base64/],
      [{ region: 'Hello' }, { 'mcp-param-region': '=?base64?SGVs!!!bG8=?=' }, /not valid Base64/],
      [
        { region: 'Hello' },
        { 'mcp-param-region': 'World' },
        /'World' does not match body value 'Hello'/,
      ],
      [{ region: 'a', shard: 3 }, { 'mcp-param-region': 'a', 'mcp-param-shard': '4' }, /Shard/],
      [{}, { 'mcp-param-region': 'eu-1' }, /argument is absent/],
    ];
    for (const [args, headers, message] of cases) {
      const rejection = check(call(args), headers);
      expect(rejection, JSON.stringify(headers)).toMatchObject({ status: 400, code: -32020 });
      expect(rejection?.message).toMatch(message);
    }
  });

  it('leaves other methods, notifications and tools without annotations alone', () => {
    expect(check(call({ region: 'Hello' }, 'other'), {})).toBeUndefined();
    expect(check({ ...call({ region: 'Hello' }), method: 'prompts/get' }, {})).toBeUndefined();
    const { id: _id, ...notification } = call({ region: 'Hello' });
    expect(check(notification, {})).toBeUndefined();
  });
});
