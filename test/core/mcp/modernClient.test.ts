/**
 * The client side of 2026-07-28: the era probe's verdicts, the per-request `_meta`, the
 * request-metadata headers with their Base64 form.
 */
import { describe, expect, it } from 'vitest';
import {
  classifyProbe,
  encodeHeaderValue,
  modernHeaders,
  withModernMeta,
} from '../../../core/mcp/modernClient.js';
import { decodeHeaderValue } from '../../../core/mcp/modernHttp.js';

describe('classifyProbe', () => {
  it('takes a DiscoverResult listing 2026-07-28 for a modern server', () => {
    const result = { supportedVersions: ['2026-07-28', '2025-11-25'], capabilities: {} };
    expect(classifyProbe({ result })).toEqual({ era: 'modern', version: '2026-07-28', result });
  });

  it('takes -32022 for a modern server and picks the version from `supported`', () => {
    const error = { code: -32022, message: 'x', data: { supported: ['2026-07-28'] } };
    expect(classifyProbe({ error })).toEqual({ era: 'modern', version: '2026-07-28' });
  });

  it('falls back to the newest legacy version a modern error names when it lists no modern one', () => {
    const error = {
      code: -32022,
      message: 'x',
      data: { supported: ['2025-03-26', '2025-06-18', '2099-01-01'] },
    };
    expect(classifyProbe({ error })).toMatchObject({ era: 'legacy', version: '2025-06-18' });
  });

  it('gives up when no version is common', () => {
    const error = { code: -32022, message: 'x', data: { supported: ['2099-01-01'] } };
    expect(classifyProbe({ error })).toMatchObject({ era: 'none' });
  });

  it('takes the other modern errors for a modern server', () => {
    for (const code of [-32020, -32021]) {
      expect(classifyProbe({ error: { code, message: 'x' } }).era).toBe('modern');
    }
  });

  it('takes anything else for a legacy server', () => {
    for (const code of [-32601, -32600, -32602, -32000, -32011]) {
      expect(classifyProbe({ error: { code, message: 'x' } })).toMatchObject({ era: 'legacy' });
    }
    expect(classifyProbe({ result: {} })).toMatchObject({ era: 'legacy' });
  });
});

describe('withModernMeta', () => {
  it('adds the context over the _meta keys already there', () => {
    const params = withModernMeta(
      { name: 't', _meta: { progressToken: 3, traceparent: 'tp' } },
      {
        protocolVersion: '2026-07-28',
        clientCapabilities: { sampling: {} },
        clientInfo: { name: 'c', version: '1' },
        logLevel: 'debug',
      },
    );
    expect(params).toEqual({
      name: 't',
      _meta: {
        progressToken: 3,
        traceparent: 'tp',
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': { sampling: {} },
        'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' },
        'io.modelcontextprotocol/logLevel': 'debug',
      },
    });
  });

  it('leaves out the optional keys when there are none', () => {
    const params = withModernMeta(undefined, { protocolVersion: 'v', clientCapabilities: {} });
    expect(Object.keys(params._meta as object)).toEqual([
      'io.modelcontextprotocol/protocolVersion',
      'io.modelcontextprotocol/clientCapabilities',
    ]);
  });
});

describe('request-metadata headers', () => {
  it('encodes what is not plain visible ASCII, and what looks like the sentinel (spec table)', () => {
    expect(encodeHeaderValue('us-west1')).toBe('us-west1');
    expect(encodeHeaderValue('Hello, 世界')).toBe('=?base64?SGVsbG8sIOS4lueVjA==?=');
    expect(encodeHeaderValue(' padded ')).toBe('=?base64?IHBhZGRlZCA=?=');
    expect(encodeHeaderValue('line1\nline2')).toBe('=?base64?bGluZTEKbGluZTI=?=');
    expect(encodeHeaderValue('=?base64?literal?=')).toBe('=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=');
    expect(encodeHeaderValue('')).toBe('=?base64??=');
    for (const value of ['Hello, 世界', ' padded ', '=?base64?literal?=', 'a b']) {
      expect(decodeHeaderValue(encodeHeaderValue(value))).toBe(value);
    }
  });

  it('names the method, and the name or URI where the method has one', () => {
    expect(modernHeaders('tools/list', {}, '2026-07-28')).toEqual({
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/list',
    });
    expect(modernHeaders('tools/call', { name: 'get_weather' }, 'v')['mcp-name']).toBe(
      'get_weather',
    );
    expect(modernHeaders('prompts/get', { name: 'p' }, 'v')['mcp-name']).toBe('p');
    expect(modernHeaders('resources/read', { uri: 'file:///a b' }, 'v')['mcp-name']).toBe(
      'file:///a b',
    );
    expect(modernHeaders('resources/read', { uri: 'file:///ü' }, 'v')['mcp-name']).toMatch(
      /^=\?base64\?/,
    );
  });
});
