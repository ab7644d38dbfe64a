import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../actors/downstream/host.js';
import { ResultStore } from '../../../actors/routes/resultStore.js';
import { ownerOf, readKeptResult, resultUri } from '../../../actors/routes/results.js';
import type { RpcError } from '../../../core/errors/index.js';

const callerOf = (identity?: string, principal?: string): Caller => ({
  context: {
    protocolVersion: '2025-06-18',
    clientCapabilities: {},
    clientInfo: undefined,
    sessionId: '1',
    ...(principal === undefined ? {} : { principal }),
  },
  session: undefined,
  inbound: { id: 1, signal: new AbortController().signal },
  ...(identity === undefined ? {} : { identity: { id: identity, scopes: [] } }),
});

const alice = callerOf('token:alice');
const notFound = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as RpcError).code;
  }
  return 'answered';
};

describe('readKeptResult', () => {
  it('owner: the identity, else the modern context principal, else nobody', () => {
    expect(ownerOf(alice)).toBe('token:alice');
    expect(ownerOf(callerOf(undefined, 'digest'))).toBe('digest');
    expect(ownerOf(callerOf())).toBe('');
  });

  it('answers a whole result in one read, to its owner only', () => {
    const store = new ResultStore({ now: () => 0 });
    const { id } = store.put('token:alice', '{"content":[]}', 14)!;
    const uri = resultUri(id);
    expect(readKeptResult(store, uri, alice)).toEqual({
      contents: [{ uri, mimeType: 'application/json', text: '{"content":[]}' }],
    });
    expect(notFound(() => readKeptResult(store, uri, callerOf('token:bob')))).toBe(-32002);
    expect(notFound(() => readKeptResult(store, `${uri}/0`, alice))).toBe(-32002);
    for (const bad of ['mcp-mux://results/', 'mcp-mux://results/x/y', `${uri}/01`, `${uri}x`]) {
      expect(notFound(() => readKeptResult(store, bad, alice))).toBe(-32002);
    }
  });

  it('names the chunks of a large result; each chunk read names the next', () => {
    const store = new ResultStore({ now: () => 0, chunkBytes: 4 });
    const { id } = store.put('token:alice', '0123456789', 10)!;
    const base = readKeptResult(store, resultUri(id), alice);
    const uris = [0, 1, 2].map((n) => resultUri(id, n));
    expect(base._meta).toEqual({ 'io.github.mcp-mux/chunks': uris });
    expect(JSON.stringify(base.contents)).toMatch(/10 bytes in 3 chunks/);
    const texts = uris.map((uri) => readKeptResult(store, uri, alice));
    expect(texts.map((r) => (r.contents as { text: string }[])[0]?.text).join('')).toBe(
      '0123456789',
    );
    expect(texts.map((r) => r._meta)).toEqual([
      { 'io.github.mcp-mux/chunk': { index: 0, chunks: 3, next: uris[1] } },
      { 'io.github.mcp-mux/chunk': { index: 1, chunks: 3, next: uris[2] } },
      { 'io.github.mcp-mux/chunk': { index: 2, chunks: 3 } },
    ]);
    expect(notFound(() => readKeptResult(store, resultUri(id, 3), alice))).toBe(-32002);
  });
});
