/**
 * The era probe (actors/upstream/handshake.ts) against in-process fake servers on a memory
 * pair: what it sends, and which era and version each kind of answer leads to.
 */
import { NEVER, type Observable, of, throwError, VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { handshake } from '../../../actors/upstream/handshake.js';
import type { UpstreamProtocol } from '../../../core/config/config.js';
import { RpcError } from '../../../core/errors/errors.js';
import { Connection, type InboundEvent } from '../../../core/rpc/connection.js';
import type { JsonObject } from '../../../core/rpc/jsonrpc.js';
import { createMemoryPair } from '../../../transports/memory.js';

type Answer = (params: JsonObject | undefined) => Observable<InboundEvent>;

const result = (value: JsonObject): Observable<InboundEvent> =>
  of({ kind: 'result' as const, result: value });
const error = (code: number, data?: JsonObject): Observable<InboundEvent> =>
  throwError(() => new RpcError(code, `error ${code}`, data));

const DISCOVERED = {
  resultType: 'complete',
  supportedVersions: ['2026-07-28'],
  capabilities: { tools: { listChanged: true } },
  instructions: 'modern',
  _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'm', version: '2' } },
};
const INITIALIZED = (version = '2025-11-25') => ({
  protocolVersion: version,
  capabilities: { prompts: {} },
  serverInfo: { name: 'l', version: '1' },
});

function connect(methods: Record<string, Answer>, scheduler?: VirtualTimeScheduler) {
  const seen: { method: string; params: JsonObject | undefined }[] = [];
  const [client, server] = createMemoryPair();
  new Connection(server, {
    handlers: {
      request: (request) => {
        seen.push({ method: request.method, params: request.params });
        const answer = methods[request.method];
        return answer ? answer(request.params) : error(-32601);
      },
      notification: (n) => seen.push({ method: n.method, params: n.params }),
    },
  });
  const connection = new Connection(client, scheduler ? { scheduler } : {});
  return { connection, seen };
}

const run = (connection: Connection, protocol: UpstreamProtocol = 'auto') =>
  handshake({
    connection,
    protocol,
    clientInfo: { name: 'mcp-mux', version: 't' },
    capabilities: { roots: {} },
    modernCapabilities: {},
    protocolVersion: '2025-11-25',
    timeoutMs: 1_000,
  });

describe('the era probe', () => {
  it('stays modern on a DiscoverResult, with its capabilities, instructions and server info', async () => {
    const { connection, seen } = connect({ 'server/discover': () => result(DISCOVERED) });
    const server = await run(connection);
    expect(server).toEqual({
      era: 'modern',
      protocolVersion: '2026-07-28',
      capabilities: { tools: { listChanged: true } },
      serverInfo: { name: 'm', version: '2' },
      instructions: 'modern',
    });
    expect(seen.map((m) => m.method)).toEqual(['server/discover']);
    expect(seen[0]?.params?._meta).toEqual({
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
      'io.modelcontextprotocol/clientInfo': { name: 'mcp-mux', version: 't' },
    });
  });

  it('falls back to initialize when the probe gets a non-modern error (a legacy server)', async () => {
    const { connection, seen } = connect({ initialize: () => result(INITIALIZED()) });
    const server = await run(connection);
    expect(server).toMatchObject({ era: 'legacy', protocolVersion: '2025-11-25' });
    expect(seen.map((m) => m.method)).toEqual([
      'server/discover',
      'initialize',
      'notifications/initialized',
    ]);
  });

  it('falls back to initialize at once when the probe gets an invalid response', async () => {
    const { connection, seen } = connect({
      'server/discover': () =>
        of({ kind: 'result' as const, result: 'no' as unknown as JsonObject }),
      initialize: () => result(INITIALIZED()),
    });
    const server = await run(connection);
    expect(server).toMatchObject({ era: 'legacy', protocolVersion: '2025-11-25' });
    expect(seen.map((m) => m.method)).toEqual([
      'server/discover',
      'initialize',
      'notifications/initialized',
    ]);
    await expect(
      run(
        connect({
          'server/discover': () =>
            of({ kind: 'result' as const, result: 'no' as unknown as JsonObject }),
        }).connection,
        '2026-07-28',
      ),
    ).rejects.toThrow(/does not speak 2026-07-28 .*-31002 .*invalid response/);
  });

  it('retries discover on -32022 naming 2026-07-28, and stays modern', async () => {
    let calls = 0;
    const { connection, seen } = connect({
      'server/discover': () =>
        ++calls === 1 ? error(-32022, { supported: ['2026-07-28'] }) : result(DISCOVERED),
    });
    expect((await run(connection)).era).toBe('modern');
    expect(seen.map((m) => m.method)).toEqual(['server/discover', 'server/discover']);
  });

  it('offers the newest legacy version a -32022 names in initialize', async () => {
    const { connection, seen } = connect({
      'server/discover': () => error(-32022, { supported: ['2025-03-26', '2025-06-18'] }),
      initialize: (params) => result(INITIALIZED(String(params?.protocolVersion))),
    });
    const server = await run(connection);
    expect(server).toMatchObject({ era: 'legacy', protocolVersion: '2025-06-18' });
    expect(seen[1]?.params?.protocolVersion).toBe('2025-06-18');
  });

  it('takes a silent probe for a legacy server once the probe timeout has passed', async () => {
    const scheduler = new VirtualTimeScheduler();
    const { connection, seen } = connect(
      { 'server/discover': () => NEVER, initialize: () => result(INITIALIZED()) },
      scheduler,
    );
    const done = run(connection);
    await new Promise((r) => setTimeout(r, 10));
    scheduler.flush();
    expect((await done).era).toBe('legacy');
    expect(seen.map((m) => m.method)).toContain('initialize');
  });

  it('"legacy" sends initialize only', async () => {
    const { connection, seen } = connect({
      'server/discover': () => result(DISCOVERED),
      initialize: () => result(INITIALIZED()),
    });
    expect((await run(connection, 'legacy')).era).toBe('legacy');
    expect(seen.map((m) => m.method)).toEqual(['initialize', 'notifications/initialized']);
  });

  it('"2026-07-28" refuses a legacy server instead of falling back', async () => {
    const { connection, seen } = connect({ initialize: () => result(INITIALIZED()) });
    await expect(run(connection, '2026-07-28')).rejects.toThrow(/does not speak 2026-07-28/);
    expect(seen.map((m) => m.method)).toEqual(['server/discover']);
  });

  it('gives up when the server supports no version mcp-mux speaks', async () => {
    const { connection } = connect({
      'server/discover': () => error(-32022, { supported: ['2099-01-01'] }),
    });
    await expect(run(connection)).rejects.toThrow(/supports only \["2099-01-01"\]/);
  });
});
