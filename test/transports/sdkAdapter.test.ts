/**
 * The SDK transport adapters (transports/sdkAdapter.ts) with the real SDK on both ends: an SDK
 * Client over `toSdkTransport(memory end)`, relayed to `fromSdkTransport(SDK in-memory
 * transport)` in front of an SDK McpServer. Then how each adapter ends.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { CloseReason } from '../../core/rpc/transport.js';
import { createMemoryPair } from '../../transports/memory.js';
import {
  fromSdkTransport,
  type SdkTransport,
  toSdkTransport,
} from '../../transports/sdkAdapter.js';

async function chain() {
  const server = new McpServer({ name: 'sdk-server', version: '1.0.0' });
  server.registerTool('echo', { description: 'echoes' }, async () => ({
    content: [{ type: 'text', text: 'echoed' }],
  }));
  const [sdkClientSide, sdkServerSide] = InMemoryTransport.createLinkedPair();
  await server.connect(sdkServerSide);
  const serverEnd = fromSdkTransport(sdkClientSide);
  const [clientEnd, relayEnd] = createMemoryPair();
  relayEnd.messages$.subscribe((m) => serverEnd.send(m));
  serverEnd.messages$.subscribe((m) => relayEnd.send(m));
  const client = new Client({ name: 'sdk-client', version: '1.0.0' });
  await client.connect(toSdkTransport(clientEnd));
  return { client, server, serverEnd, clientEnd };
}

describe('toSdkTransport and fromSdkTransport', () => {
  it('carry a whole SDK session: initialize, tools/list, tools/call', async () => {
    const { client, server } = await chain();
    expect(client.getServerVersion()).toMatchObject({ name: 'sdk-server' });
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['echo']);
    expect(await client.callTool({ name: 'echo', arguments: {} })).toMatchObject({
      content: [{ type: 'text', text: 'echoed' }],
    });
    await client.close();
    await server.close();
  });

  it('an SDK server closing ends the mcp-mux side as remote', async () => {
    const { client, server, serverEnd } = await chain();
    const reason = firstValueFrom(serverEnd.closed$);
    await server.close();
    expect(await reason).toEqual({ kind: 'remote' });
    await client.close();
  });

  it('toSdkTransport reports the end of its transport to the SDK (onclose)', async () => {
    const [a, b] = createMemoryPair();
    const sdk = toSdkTransport(a);
    let closes = 0;
    sdk.onclose = () => closes++;
    await sdk.start();
    await b.close();
    expect(closes).toBe(1);
  });
});

describe('fromSdkTransport failures', () => {
  /** An SDK-shaped transport whose start or send fails as the test says. */
  const failing = (fail: 'start' | 'send'): SdkTransport => ({
    start: async () => {
      if (fail === 'start') throw new Error('cannot start');
    },
    send: async () => {
      if (fail === 'send') throw new Error('write failed');
    },
    close: async () => {},
  });

  it('ends with the error when the SDK transport cannot start', async () => {
    const transport = fromSdkTransport(failing('start'));
    const reason = (await firstValueFrom(transport.closed$)) as CloseReason & { error: Error };
    expect(reason.kind).toBe('error');
    expect(reason.error.message).toBe('cannot start');
  });

  it('ends with the error when a send fails, and sends nothing after', async () => {
    const sdk = failing('send');
    let sends = 0;
    const send = sdk.send;
    sdk.send = (m, o) => {
      sends++;
      return send(m, o);
    };
    const transport = fromSdkTransport(sdk);
    transport.send({ jsonrpc: '2.0', method: 'x' });
    const reason = (await firstValueFrom(transport.closed$)) as CloseReason & { error: Error };
    expect(reason.error.message).toBe('write failed');
    transport.send({ jsonrpc: '2.0', method: 'y' });
    expect(sends).toBe(1);
  });
});
