/** `x-mcp-header` annotations (core/mcp/mcpParamHeaders.ts): which are read, which refused, the values sent. */
import { describe, expect, it } from 'vitest';
import { paramHeadersOf, paramHeaderValues } from '../../../core/mcp/mcpParamHeaders.js';
import { RawJson } from '../../../core/rpc/envelopeScan.js';

describe('x-mcp-header', () => {
  const schema = {
    type: 'object',
    properties: {
      region: { type: 'string', 'x-mcp-header': 'Region' },
      query: { type: 'string' },
      opts: {
        type: 'object',
        properties: {
          dry: { type: 'boolean', 'x-mcp-header': 'Dry' },
          n: { type: 'integer', 'x-mcp-header': 'N' },
        },
      },
    },
  };

  it('reads statically reachable annotations and mirrors the values', () => {
    const parsed = paramHeadersOf(schema);
    expect(parsed).toEqual({
      ok: true,
      headers: [
        { name: 'Region', path: ['region'] },
        { name: 'Dry', path: ['opts', 'dry'] },
        { name: 'N', path: ['opts', 'n'] },
      ],
    });
    if (!parsed.ok) return;
    expect(
      paramHeaderValues(parsed.headers, { region: 'Zürich', opts: { dry: false, n: -7 } }),
    ).toEqual({
      'mcp-param-region': '=?base64?WsO8cmljaA==?=',
      'mcp-param-dry': 'false',
      'mcp-param-n': '-7',
    });
    expect(paramHeaderValues(parsed.headers, { region: null })).toEqual({});
    // Forwarded arguments that stayed text (core/rpc/envelopeScan.ts) give the same headers.
    const text = JSON.stringify({ region: 'Zürich', opts: { dry: false, n: -7 } });
    expect(paramHeaderValues(parsed.headers, new RawJson(text, 3))).toEqual({
      'mcp-param-region': '=?base64?WsO8cmljaA==?=',
      'mcp-param-dry': 'false',
      'mcp-param-n': '-7',
    });
  });

  it('rejects the annotations the spec forbids', () => {
    const bad = [
      { properties: { a: { type: 'number', 'x-mcp-header': 'A' } } },
      { properties: { a: { type: 'string', 'x-mcp-header': '' } } },
      { properties: { a: { type: 'string', 'x-mcp-header': 'A B' } } },
      {
        properties: {
          a: { type: 'string', 'x-mcp-header': 'Same' },
          b: { type: 'string', 'x-mcp-header': 'same' },
        },
      },
      { properties: { a: { type: 'array', items: { type: 'string', 'x-mcp-header': 'A' } } } },
      { anyOf: [{ properties: { a: { type: 'string', 'x-mcp-header': 'A' } } }] },
    ];
    for (const inputSchema of bad) expect(paramHeadersOf(inputSchema).ok).toBe(false);
    expect(paramHeadersOf({ type: 'object' })).toEqual({ ok: true, headers: [] });
  });
});
