/** The request context of a modern request (core/mcp/modernRequest.ts): what `_meta` carries, and its errors. */
import { describe, expect, it } from 'vitest';
import { RpcError } from '../../../core/errors/errors.js';
import {
  claimsModern,
  modernContext,
  withoutContextMeta,
} from '../../../core/mcp/modernRequest.js';
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
