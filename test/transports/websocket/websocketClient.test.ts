import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import type { CloseReason, Transport } from '../../../core/rpc/transport.js';
import { WebSocketClientTransport } from '../../../transports/websocket/websocketClient.js';
import {
  createWebSocketFacade,
  type WebSocketFacade,
} from '../../../transports/websocket/websocketServer.js';
import { until } from '../http/fixtures.js';

let facade: WebSocketFacade | undefined;
let client: WebSocketClientTransport | undefined;
let other: WebSocketServer | undefined;
afterEach(async () => {
  await client?.close();
  await facade?.close();
  await new Promise((resolve) => (other ? other.close(resolve) : resolve(undefined)));
  facade = client = other = undefined;
});

function collect(transport: Transport) {
  const messages: unknown[] = [];
  const reasons: CloseReason[] = [];
  transport.messages$.subscribe((m) => messages.push(m));
  transport.closed$.subscribe((r) => reasons.push(r));
  return { messages, reasons };
}

describe('WebSocketClientTransport', () => {
  it('connects on the first send, keeps order, and talks both ways with the mcp-mux server', async () => {
    facade = await createWebSocketFacade({ bearerTokens: ['t'] });
    const sessions: Transport[] = [];
    const serverSide: unknown[] = [];
    facade.connections$.subscribe((session) => {
      sessions.push(session);
      session.messages$.subscribe((m) => {
        serverSide.push(m);
        const message = m as { id?: number };
        if (message.id !== undefined) session.send({ jsonrpc: '2.0', id: message.id, result: {} });
      });
    });
    client = new WebSocketClientTransport(facade.url, { headers: { authorization: 'Bearer t' } });
    const { messages } = collect(client);
    client.send({ jsonrpc: '2.0', id: 1, method: 'initialize' });
    client.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    client.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    await until(() => messages.length === 2);
    expect(serverSide.map((m) => (m as { method: string }).method)).toEqual([
      'initialize',
      'notifications/initialized',
      'tools/list',
    ]);
    sessions[0]!.send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    await until(() => messages.length === 3);
    const serverReasons: CloseReason[] = [];
    sessions[0]!.closed$.subscribe((r) => serverReasons.push(r));
    await client.close();
    await until(() => serverReasons.length === 1);
    expect(serverReasons).toEqual([{ kind: 'remote' }]);
  });

  it('start() rejects and the transport closes with an error when the upgrade is refused', async () => {
    facade = await createWebSocketFacade({ bearerTokens: ['t'] });
    client = new WebSocketClientTransport(facade.url);
    const { reasons } = collect(client);
    await expect(client.start()).rejects.toThrow(/401/);
    expect(reasons[0]!.kind).toBe('error');
  });

  it('refuses a server that does not select the mcp subprotocol', async () => {
    other = new WebSocketServer({ port: 0, host: '127.0.0.1', handleProtocols: () => false });
    await new Promise((resolve) => other!.once('listening', resolve));
    client = new WebSocketClientTransport(
      `ws://127.0.0.1:${(other.address() as AddressInfo).port}`,
    );
    await expect(client.start()).rejects.toThrow(/subprotocol/);
  });

  it('closes as remote when the server ends the session', async () => {
    facade = await createWebSocketFacade();
    const sessions: Transport[] = [];
    facade.connections$.subscribe((s) => sessions.push(s));
    client = new WebSocketClientTransport(facade.url);
    const { reasons } = collect(client);
    await client.start();
    await until(() => sessions.length === 1);
    await sessions[0]!.close();
    await until(() => reasons.length === 1);
    expect(reasons).toEqual([{ kind: 'remote' }]);
  });
});
