/**
 * The bench's 2026-07-28 client (`era: 'modern'`, the `modern-1k` row): the context in every
 * request's `_meta`, no `initialize`; checked against the real router over stdio.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EncodedParams, encodeMessage, modernMeta } from '../../bench/client/rpcClient.js';
import { scenarios } from '../../bench/scenarios.js';
import { launchSubject } from '../../bench/subjects/launch.js';

describe('encodeMessage with a modern _meta', () => {
  const meta = modernMeta('t');
  it('puts _meta first in params, whatever the params were', () => {
    for (const params of [undefined, {}, { name: 'x', arguments: { a: [1] } }]) {
      const sent = JSON.parse(encodeMessage(3, 'tools/call', params, meta));
      expect(sent).toEqual({
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { _meta: JSON.parse(meta), ...(params ?? {}) },
      });
    }
    const encoded = new EncodedParams('{ }');
    expect(JSON.parse(encodeMessage(1, 'tools/list', encoded, meta)).params).toEqual({
      _meta: JSON.parse(meta),
    });
    // Without meta, the text is as before.
    expect(encodeMessage(1, 'ping')).toBe('{"jsonrpc":"2.0","id":1,"method":"ping"}');
  });
});

describe('the modern-1k row', () => {
  it('talks 2026-07-28 to the router: discovered, and every result decorated for its era', async () => {
    const row = scenarios.find((s) => s.id === 'modern-1k');
    const spec = row?.subjects.find((s) => s.era === 'modern');
    const legacySpec = row?.subjects.find((s) => s.kind === 'mcp-mux' && s.era === undefined);
    if (spec === undefined || legacySpec === undefined) throw new Error('no modern-1k subjects');
    const tmpDir = mkdtempSync(join(tmpdir(), 'mcp-mux-modern-bench-'));
    const ctx = {
      tmpDir,
      peers: { scripts: {}, versions: {}, reasons: {} },
      failures: new Map<string, string>(),
      working: new Set<string>(),
      routerNodeArgs: [],
    };
    const modern = await launchSubject(spec, ctx);
    const legacy = await launchSubject(legacySpec, ctx);
    try {
      expect(modern.session.server.supportedVersions).toContain('2026-07-28');
      const params = { name: modern.tools[0], arguments: { payload: 'p' } };
      const result = await modern.session.client.request('tools/call', params);
      expect(result.resultType).toBe('complete');
      expect(result._meta).toHaveProperty(['io.modelcontextprotocol/serverInfo']);
      expect(result.content).toEqual([{ type: 'text', text: 'p' }]);
      // The legacy client of the same row gets the result as the upstream wrote it.
      const old = await legacy.session.client.request('tools/call', params);
      expect(old.resultType).toBeUndefined();
      expect(old.content).toEqual(result.content);
    } finally {
      await modern.close();
      await legacy.close();
      rmSync(tmpDir, { recursive: true, force: true });
    }
  });
});
