/** The result a modern client receives (core/mcp/modernResult.ts): `resultType`, caching hints, serverInfo. */
import { describe, expect, it } from 'vitest';
import {
  type CacheHint,
  discoverResult,
  mergeCacheScope,
  modernResult,
  rawModernResult,
} from '../../../core/mcp/modernResult.js';
import {
  decodeMessage,
  type JsonObject,
  RawJson,
  ROUTED_RAW_MIN_CHARS,
  stringifyMessage,
} from '../../../core/rpc/index.js';
import { seededRandom } from '../../fixtures/seededRandom.js';

/** `text` as the router's transports decode a response's result: raw, validated, with its depth. */
function rawResult(text: string): RawJson {
  const message = decodeMessage(`{"jsonrpc":"2.0","id":1,"result":${text}}`, ROUTED_RAW_MIN_CHARS);
  const result = (message as { result: unknown }).result;
  if (!(result instanceof RawJson)) throw new Error(`not kept raw: ${text}`);
  return result;
}

/** A raw result where a result is expected, as the router's forwarding hands it on. */
const asResult = (raw: RawJson): JsonObject => raw as unknown as JsonObject;

/** What a client reads of a result: the response written as the transports write it, parsed. */
const written = (result: JsonObject): unknown =>
  JSON.parse(stringifyMessage({ jsonrpc: '2.0', id: 1, result })).result;

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

  describe('a raw result (forwarded as text)', () => {
    const info = { name: 'mux', version: '1', icons: [{ src: 'https://x.test/i.png' }] };
    const cases: [string, CacheHint][] = [
      ['tools/call', { ttlMs: 0, cacheScope: 'public' }],
      ['resources/read', { ttlMs: 30_000, cacheScope: 'private' }],
      ['prompts/get', { ttlMs: 0, cacheScope: 'public' }],
    ];

    it('gets its members spliced in front of its text, nothing parsed', () => {
      const text = '{"content":[{"type":"text","text":"hi \\u00e9 \\"_meta\\""}],"isError":false}';
      const spliced = rawModernResult('tools/call', rawResult(text), cases[0]![1], info);
      expect(spliced).toBeInstanceOf(RawJson);
      expect(spliced?.text.endsWith(text.slice(1))).toBe(true);
      expect(JSON.parse(spliced?.text ?? '')).toEqual(
        modernResult('tools/call', JSON.parse(text), cases[0]![1], info),
      );
      // The depth counts the added `_meta` (result > _meta > serverInfo > icons > icon).
      expect(spliced?.depth).toBe(5);
      expect(rawModernResult('tools/call', rawResult('{ \n }'), cases[0]![1])?.text).toBe(
        '{"resultType":"complete"}',
      );
    });

    it('is parsed when it holds (or may spell) a member to merge or keep', () => {
      const hint = cases[1]![1];
      for (const text of [
        '{"resultType":"input_required","inputRequests":{},"requestState":"s"}',
        '{"content":[],"_meta":{"traceparent":"t"}}',
        '{"\\u005fmeta":{"a":1},"content":[]}',
        '{"content":[],"_meta":{"a":1},"_meta":{"b":2}}',
        '{"contents":[],"ttlMs":5}',
        '{"contents":[],"cacheScope":"private"}',
      ]) {
        const raw = rawResult(text);
        expect(rawModernResult('resources/read', raw, hint, info), text).toBeUndefined();
        const out = modernResult('resources/read', asResult(raw), hint, info);
        expect(out, text).not.toBeInstanceOf(RawJson);
        expect(out, text).toEqual(modernResult('resources/read', JSON.parse(text), hint, info));
      }
    });

    it('reads as the parsed path does, for 2,000 generated results', () => {
      const random = seededRandom(20261129);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
      const keys = [
        'content',
        'isError',
        'structuredContent',
        'contents',
        'messages',
        '_meta',
        'resultType',
        'ttlMs',
        'cacheScope',
        'a\\u005fb',
        '\\u005fmeta',
        'x y',
        'é',
      ];
      const scalar = (): string =>
        pick([
          '1',
          '-0.5',
          '12345678901234567890',
          'true',
          'null',
          '"t"',
          '"\\u0041\\n"',
          '"_meta"',
          '""',
        ]);
      const value = (depth: number): string => {
        const r = random();
        if (depth > 3 || r < 0.4) return scalar();
        const n = Math.floor(random() * 4);
        const items = Array.from({ length: n }, () => value(depth + 1));
        if (r < 0.6) return `[${items.join(',')}]`;
        return `{${items.map((v) => `"${pick(keys)}":${v}`).join(', ')}}`;
      };
      let spliced = 0;
      for (let i = 0; i < 2_000; i++) {
        const n = Math.floor(random() * 5);
        const members = Array.from({ length: n }, () => `"${pick(keys)}" : ${value(1)}`);
        const text = `{${members.join(',')}${random() < 0.1 ? ' \n' : ''}}`;
        const [method, hint] = pick(cases);
        const withInfo = random() < 0.7 ? info : undefined;
        const raw = rawResult(text);
        const out = modernResult(method, asResult(raw), hint, withInfo);
        if (out instanceof RawJson) spliced++;
        expect(written(out), text).toEqual(modernResult(method, JSON.parse(text), hint, withInfo));
      }
      // Both paths were taken.
      expect(spliced).toBeGreaterThan(200);
      expect(spliced).toBeLessThan(1_800);
    });
  });
});
