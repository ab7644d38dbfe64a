/** The result a modern client receives (core/mcp/modernResult.ts): `resultType`, caching hints, serverInfo. */
import { describe, expect, it } from 'vitest';
import { discoverResult, mergeCacheScope, modernResult } from '../../../core/mcp/modernResult.js';

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

  it("puts mcp-mux's serverInfo over any other (one identity for every client)", () => {
    const out = modernResult(
      'tools/call',
      { _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'up', version: '9' } } },
      hint,
      { name: 'mux', version: '1' },
    );
    expect(out._meta).toEqual({
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
