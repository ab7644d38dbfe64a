/** The pure modern-era parts of core/mcp: request context, result decoration, HTTP header rules. */
import { describe, expect, it } from 'vitest';
import {
  checkModernHeaders,
  decodeHeaderValue,
  isModernPost,
  modernErrorStatus,
} from '../../../core/mcp/modernHttp.js';
import {
  claimsModern,
  modernContext,
  withoutContextMeta,
} from '../../../core/mcp/modernRequest.js';
import { discoverResult, mergeCacheScope, modernResult } from '../../../core/mcp/modernResult.js';
import { RpcError } from '../../../core/rpc/errors.js';
import type { JsonObject, JsonRpcRequest } from '../../../core/rpc/jsonrpc.js';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { sampling: {} },
  'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' },
  'io.modelcontextprotocol/logLevel': 'debug',
};
const req = (method: string, params: JsonObject = {}): JsonRpcRequest => ({
  jsonrpc: '2.0',
  id: 1,
  method,
  params: { ...params, _meta: { ...META } },
});
const thrown = (f: () => unknown): RpcError => {
  try {
    f();
  } catch (error) {
    if (error instanceof RpcError) return error;
  }
  throw new Error('expected an RpcError');
};

describe('modernContext', () => {
  it('reads version, capabilities, client info and log level from _meta', () => {
    expect(modernContext(req('tools/list'), 's1')).toEqual({
      protocolVersion: '2026-07-28',
      clientCapabilities: { sampling: {} },
      clientInfo: { name: 'c', version: '1' },
      logLevel: 'debug',
      sessionId: 's1',
    });
  });

  it('rejects missing required keys with -32602 and unknown versions with -32022', () => {
    const noCaps = req('tools/list');
    const meta = noCaps.params?._meta as JsonObject;
    delete meta['io.modelcontextprotocol/clientCapabilities'];
    expect(thrown(() => modernContext(noCaps, 's')).code).toBe(-32602);
    const old: JsonRpcRequest = {
      ...req('tools/list'),
      params: { _meta: { ...META, 'io.modelcontextprotocol/protocolVersion': '2025-11-25' } },
    };
    const error = thrown(() => modernContext(old, 's'));
    expect([error.code, error.data]).toEqual([
      -32022,
      { supported: ['2026-07-28'], requested: '2025-11-25' },
    ]);
  });

  it('claimsModern looks at _meta only', () => {
    expect(claimsModern(req('tools/list'))).toBe(true);
    expect(claimsModern({ method: 'initialize', params: { protocolVersion: '2026-07-28' } })).toBe(
      false,
    );
  });

  it('withoutContextMeta keeps progress, trace and vendor keys', () => {
    const request = req('tools/call', { name: 'x' });
    (request.params?._meta as JsonObject).traceparent = 't';
    (request.params?._meta as JsonObject).progressToken = 7;
    expect(withoutContextMeta(request).params).toEqual({
      name: 'x',
      _meta: { traceparent: 't', progressToken: 7 },
    });
    expect(withoutContextMeta(req('tools/list')).params).toEqual({});
  });
});

describe('modernResult', () => {
  const hint = { ttlMs: 0, cacheScope: 'public' as const };
  it('adds resultType, and caching hints to cacheable methods only', () => {
    expect(modernResult('tools/list', { tools: [] }, hint)).toEqual({
      tools: [],
      resultType: 'complete',
      ttlMs: 0,
      cacheScope: 'public',
    });
    expect(modernResult('tools/call', { content: [] }, hint)).toEqual({
      content: [],
      resultType: 'complete',
    });
  });

  it('keeps what the upstream set: input_required untouched, its own hints, valid ttl', () => {
    const interim = { resultType: 'input_required', inputRequests: {}, requestState: 'abc' };
    expect(modernResult('tools/call', interim, hint)).toEqual(interim);
    expect(
      modernResult('resources/read', { contents: [], ttlMs: 5, cacheScope: 'private' }, hint),
    ).toMatchObject({ ttlMs: 5, cacheScope: 'private' });
    expect(modernResult('resources/read', { contents: [], ttlMs: -1 }, hint).ttlMs).toBe(0);
  });

  it('adds serverInfo to _meta without dropping the upstream _meta', () => {
    const out = modernResult('tools/call', { _meta: { traceparent: 't' } }, hint, {
      name: 'mux',
      version: '1',
    });
    expect(out._meta).toEqual({
      traceparent: 't',
      'io.modelcontextprotocol/serverInfo': { name: 'mux', version: '1' },
    });
  });

  it('mergeCacheScope is private when any answer is', () => {
    expect(mergeCacheScope(['public', undefined])).toBe('public');
    expect(mergeCacheScope(['public', 'private'])).toBe('private');
  });

  it('discoverResult lists the modern version first, then the legacy ones', () => {
    const result = discoverResult({
      capabilities: {},
      instructions: 'hi',
      serverInfo: { name: 'm', version: '1' },
      ...hint,
    });
    expect(result.supportedVersions).toEqual([
      '2026-07-28',
      '2025-11-25',
      '2025-06-18',
      '2025-03-26',
      '2024-11-05',
    ]);
    expect(result.instructions).toBe('hi');
  });
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
    expect([-32601, -32020, -32021, -32022, -32602, -32603].map(modernErrorStatus)).toEqual([
      404, 400, 400, 400, 200, 200,
    ]);
  });
});
