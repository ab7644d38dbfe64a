/** The modern HTTP rules (core/mcp/modernHttp.ts): which POST is modern, header checks, statuses. */
import { describe, expect, it } from 'vitest';
import {
  checkModernHeaders,
  decodeHeaderValue,
  holdsResponseOpen,
  isModernPost,
  modernErrorStatus,
} from '../../../core/mcp/modernHttp.js';
import type { JsonObject, JsonRpcRequest } from '../../../core/rpc/jsonrpc.js';

const req = (method: string, params: JsonObject = {}): JsonRpcRequest => ({
  jsonrpc: '2.0',
  id: 1,
  method,
  params: {
    ...params,
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    },
  },
});

describe('modern HTTP header rules', () => {
  const lookup = (headers: Record<string, string>) => (name: string) => headers[name];
  const good = {
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': 'resources/read',
    'mcp-name': 'file:///a b',
  };
  const read = req('resources/read', { uri: 'file:///a b' }) as unknown as JsonObject;

  it('accepts matching headers and rejects each mismatch with 400 -32020', () => {
    expect(checkModernHeaders(read, lookup(good))).toBeUndefined();
    for (const change of [
      { 'mcp-method': 'tools/call' },
      { 'mcp-name': 'file:///other' },
      { 'mcp-protocol-version': '2025-06-18' },
    ]) {
      expect(checkModernHeaders(read, lookup({ ...good, ...change }))).toMatchObject({
        status: 400,
        code: -32020,
      });
    }
    const { 'mcp-name': _name, ...noName } = good;
    expect(checkModernHeaders(read, lookup(noName))?.code).toBe(-32020);
  });

  it('decodes the Base64 sentinel form (and refuses invalid UTF-8)', () => {
    expect(decodeHeaderValue('=?base64?SGVsbG8sIOS4lueVjA==?=')).toBe('Hello, 世界');
    expect(decodeHeaderValue('plain')).toBe('plain');
    expect(decodeHeaderValue('=?base64?/w==?=')).toBeUndefined();
  });

  it('refuses a sentinel that holds no canonical padded Base64', () => {
    // "Hello" without its padding, and Base64 with foreign characters: malformed, not plain.
    expect(decodeHeaderValue('=?base64?SGVsbG8?=')).toBeUndefined();
    expect(decodeHeaderValue('=?base64?SGVs!!!bG8=?=')).toBeUndefined();
    expect(decodeHeaderValue('=?base64?SGVsbG8=?=')).toBe('Hello');
    expect(decodeHeaderValue('=?base64??=')).toBe('');
  });

  it('reports missing _meta keys as 400 -32602 and unknown versions as 400 -32022', () => {
    const bare = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
    expect(checkModernHeaders(bare, lookup({ ...good, 'mcp-method': 'tools/list' }))).toMatchObject(
      { status: 400, code: -32602 },
    );
  });

  it('classifies modern POSTs and maps error codes to statuses', () => {
    expect(isModernPost(read, lookup({}))).toBe(true);
    expect(isModernPost({ method: 'initialize' }, lookup({}))).toBe(false);
    expect(isModernPost({ method: 'x' }, lookup({ 'mcp-protocol-version': '1900-01-01' }))).toBe(
      true,
    );
    expect([-32601, -32020, -32021, -32022, -32602, -32603, -31003].map(modernErrorStatus)).toEqual(
      [404, 400, 400, 400, 200, 200, 429],
    );
  });

  it('tells the requests that hold their response open (listens) from the others', () => {
    expect(holdsResponseOpen(req('subscriptions/listen') as unknown as JsonObject)).toBe(true);
    expect(holdsResponseOpen({ jsonrpc: '2.0', method: 'subscriptions/listen' })).toBe(false);
    expect(holdsResponseOpen(req('tools/call') as unknown as JsonObject)).toBe(false);
  });
});
