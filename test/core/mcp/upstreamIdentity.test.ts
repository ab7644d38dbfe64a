import { describe, expect, it } from 'vitest';
import { MUX_META, withoutUpstreamIdentity } from '../../../core/mcp/upstreamIdentity.js';
import { RawJson } from '../../../core/rpc/envelopeScan.js';
import type { JsonObject } from '../../../core/rpc/jsonrpc.js';

const SERVER_INFO = 'io.modelcontextprotocol/serverInfo';
const upstream = { name: 'up', version: '1' };
const raw = (value: unknown): JsonObject =>
  new RawJson(JSON.stringify(value), 3) as unknown as JsonObject;

describe('withoutUpstreamIdentity', () => {
  it('moves the upstream serverInfo of a parsed result under the mcp-mux key', () => {
    const result = { content: [], _meta: { [SERVER_INFO]: upstream, other: 1 } };
    expect(withoutUpstreamIdentity(result)).toEqual({
      content: [],
      _meta: { other: 1, [MUX_META.upstreamServerInfo]: upstream },
    });
    expect(result._meta[SERVER_INFO]).toBe(upstream); // the input is not changed
  });

  it('returns a result without the key as it is, parsed or raw', () => {
    const plain = { content: [], _meta: { other: 1 } };
    expect(withoutUpstreamIdentity(plain)).toBe(plain);
    const noMeta = raw({ content: [{ type: 'text', text: 'hi' }] });
    expect(withoutUpstreamIdentity(noMeta)).toBe(noMeta);
  });

  it('leaves a raw result raw when "serverInfo" is only in its payload', () => {
    const payload = raw({
      content: [{ type: 'text', text: `the ${SERVER_INFO} key` }],
      structuredContent: { _meta: { [SERVER_INFO]: upstream } },
    });
    expect(withoutUpstreamIdentity(payload)).toBe(payload);
  });

  it('rewrites a raw result whose top-level _meta has the key, also written with \\/', () => {
    const text = JSON.stringify({ content: [], _meta: { [SERVER_INFO]: upstream } }).replace(
      'modelcontextprotocol/serverInfo',
      'modelcontextprotocol\\/serverInfo',
    );
    const rewritten = withoutUpstreamIdentity(new RawJson(text, 3) as unknown as JsonObject);
    expect(rewritten).not.toBeInstanceOf(RawJson);
    expect(rewritten).toEqual({ content: [], _meta: { [MUX_META.upstreamServerInfo]: upstream } });
  });

  it('leaves a _meta that is not an object alone', () => {
    const odd = { content: [], _meta: 'x' };
    expect(withoutUpstreamIdentity(odd)).toBe(odd);
  });
});
