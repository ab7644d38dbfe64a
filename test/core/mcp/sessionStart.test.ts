/** The MCP hooks the HTTP server transports take (core/mcp/sessionStart.ts). */
import { describe, expect, it } from 'vitest';
import {
  HTTP_PROTOCOL_VERSIONS,
  isSessionStart,
  isStatelessMessage,
} from '../../../core/mcp/sessionStart.js';

describe('isSessionStart', () => {
  it('is an initialize request, not a notification, a batch or another method', () => {
    expect(isSessionStart({ jsonrpc: '2.0', id: 0, method: 'initialize', params: {} })).toBe(true);
    expect(isSessionStart({ jsonrpc: '2.0', method: 'initialize' })).toBe(false);
    expect(isSessionStart([{ jsonrpc: '2.0', id: 1, method: 'initialize' }])).toBe(false);
    expect(isSessionStart({ jsonrpc: '2.0', id: 1, method: 'tools/list' })).toBe(false);
    expect(isSessionStart(null)).toBe(false);
  });
});

describe('isStatelessMessage', () => {
  const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' };

  it('is a request or notification whose _meta carries a protocol version', () => {
    expect(isStatelessMessage({ id: 1, method: 'tools/list', params: { _meta: meta } })).toBe(true);
    expect(isStatelessMessage({ method: 'notifications/cancelled', params: { _meta: meta } })).toBe(
      true,
    );
  });

  it('is not a message without that key, with a non-string version, or without a method', () => {
    expect(isStatelessMessage({ id: 1, method: 'tools/list', params: {} })).toBe(false);
    expect(isStatelessMessage({ id: 1, method: 'tools/list' })).toBe(false);
    expect(
      isStatelessMessage({
        id: 1,
        method: 'tools/list',
        params: { _meta: { 'io.modelcontextprotocol/protocolVersion': 20260728 } },
      }),
    ).toBe(false);
    expect(isStatelessMessage({ id: 1, result: { _meta: meta } })).toBe(false);
    expect(isStatelessMessage({ id: 1, method: 'x', params: [meta] })).toBe(false);
  });
});

describe('HTTP_PROTOCOL_VERSIONS', () => {
  it('lists every legacy revision and the modern one', () => {
    expect(HTTP_PROTOCOL_VERSIONS).toEqual([
      '2024-11-05',
      '2025-03-26',
      '2025-06-18',
      '2025-11-25',
      '2026-07-28',
    ]);
  });
});
