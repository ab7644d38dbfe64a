/**
 * The HTTP facade checks a modern `tools/call`'s `Mcp-Param-*` headers against the exposed
 * tool's `x-mcp-header` annotations (bin/paramHeaderLookup.ts, core/mcp/paramHeaderCheck.ts):
 * a missing, malformed or different header is 400 -32020 from mcp-mux itself, as the upstream
 * would answer a direct client; matching headers reach the upstream. The upstream is the real
 * v2-SDK fixture (test/fixtures/modernServer.ts over stdio, built in dist/). On a profile's path
 * only the tools the profile shows are checked: a hidden tool's annotations must not answer
 * (a header mismatch would tell the caller the tool exists); its call is refused as unknown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Facades, startFacades } from '../../bin/facades.js';
import { silentLogger } from '../../core/log/log.js';
import { createRouter, type Router } from '../../index.js';
import { fixture, loopbackFacadeOptions } from '../integration/harness.js';

const VERSION = '2026-07-28';
let router: Router;
let facades: Facades;
let url: string;

beforeAll(async () => {
  router = createRouter(
    {
      mcpServers: { up: { ...fixture('modernServer'), prefix: '' } },
      mcpMux: {
        profiles: { regions: { tools: ['region_*'] }, plain: { tools: ['test_simple_text'] } },
      },
    },
    { log: silentLogger },
  );
  await router.start();
  facades = await startFacades(
    router,
    [{ kind: 'http', host: '127.0.0.1', port: 0 }],
    loopbackFacadeOptions(),
  );
  url = facades.endpoints.find((e) => e.kind === 'http')?.url ?? '';
}, 30_000);

afterAll(async () => {
  await facades?.close();
  await router?.close();
});

/** A modern `tools/call` of region_echo with these `Mcp-Param-Region` headers (at `path`). */
async function call(region: string, headers: Record<string, string>, path = '') {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': VERSION,
      'mcp-method': 'tools/call',
      'mcp-name': 'region_echo',
      ...headers,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'region_echo',
        arguments: { region },
        _meta: {
          'io.modelcontextprotocol/protocolVersion': VERSION,
          'io.modelcontextprotocol/clientCapabilities': {},
          'io.modelcontextprotocol/clientInfo': { name: 'test', version: '1' },
        },
      },
    }),
  });
  const text = await res.text();
  const body = JSON.parse(text.startsWith('{') ? text : (/data: (.*)/.exec(text)?.[1] ?? '{}'));
  return { status: res.status, body };
}

describe('Mcp-Param-* headers through the HTTP facade', () => {
  it('reach the upstream when they mirror the body', async () => {
    const ok = await call('eu-1', { 'mcp-param-region': 'eu-1' });
    expect(ok.status).toBe(200);
    expect(JSON.stringify(ok.body.result)).toContain('region: eu-1');
  });

  it('are refused with 400 -32020 when missing, malformed or different', async () => {
    for (const headers of [
      {},
      { 'mcp-param-region': '=?base64?SGVsbG8?=' },
      { 'mcp-param-region': '=?base64?SGVs!!!bG8=?=' },
      { 'mcp-param-region': 'World' },
    ]) {
      const refused = await call('Hello', headers);
      expect(refused.status, JSON.stringify(headers)).toBe(400);
      expect(refused.body.error?.code, JSON.stringify(headers)).toBe(-32020);
    }
  });
});

describe("Mcp-Param-* headers on a profile's path", () => {
  it('are checked for a tool the profile shows', async () => {
    const ok = await call('eu-1', { 'mcp-param-region': 'eu-1' }, '/regions');
    expect(ok.status).toBe(200);
    expect(JSON.stringify(ok.body.result)).toContain('region: eu-1');
    const refused = await call('Hello', { 'mcp-param-region': 'World' }, '/regions');
    expect(refused.status).toBe(400);
    expect(refused.body.error?.code).toBe(-32020);
  });

  it('say nothing of a tool the profile hides: its call is refused as unknown', async () => {
    const whole = await call('Hello', { 'mcp-param-region': 'World' });
    const hidden = await call('Hello', { 'mcp-param-region': 'World' }, '/plain');
    expect(whole.body.error?.code).toBe(-32020);
    expect(hidden.body.error?.code).not.toBe(-32020);
    expect(hidden.body.error?.message ?? JSON.stringify(hidden.body)).toMatch(/unknown|not found/i);
    expect(hidden.body.error?.message).not.toMatch(/Mcp-Param/i);
  });
});
