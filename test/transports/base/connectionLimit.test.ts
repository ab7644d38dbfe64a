/**
 * The open-connection bound of a listener: idle TCP connections count,
 * one past the bound gets `503` and is closed at once, and a slot freed is usable again.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpFacade } from '../../../transports/http/httpFacade.js';
import { createWebSocketFacade } from '../../../transports/websocket/websocketServer.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function idle(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
    cleanups.push(() => void socket.destroy());
  });
}

/** Everything the server sends on a fresh connection until it closes it. */
function answerOf(port: number, request = ''): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const socket = connect(port, '127.0.0.1', () => {
      if (request !== '') socket.write(request);
    });
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
    setTimeout(() => socket.destroy(), 5000).unref();
  });
}

const get = (port: number) =>
  `GET /nowhere HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`;

describe.each([
  ['HTTP', (max: number) => createHttpFacade({ maxConnections: max })],
  ['WebSocket', (max: number) => createWebSocketFacade({ maxConnections: max })],
])('%s listener connection limit', (_kind, create) => {
  it('answers 503 past maxConnections, before any request, and recovers when one closes', async () => {
    const facade = await create(3);
    cleanups.push(() => facade.close());
    const { port } = facade.address();
    const held = await Promise.all([idle(port), idle(port), idle(port)]);
    const refused = await answerOf(port);
    expect(refused).toMatch(/^HTTP\/1\.1 503 /);
    expect(refused).toContain('too many open connections');
    expect(refused).toContain('"jsonrpc":"2.0"');
    held[0]?.destroy();
    // The server sees the close a moment later: bounded retries.
    let served = '';
    for (let attempt = 0; attempt < 40; attempt += 1) {
      served = await answerOf(port, get(port));
      if (!served.startsWith('HTTP/1.1 503')) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(served).not.toMatch(/^HTTP\/1\.1 503 /);
    expect(served).toMatch(/^HTTP\/1\.1 (404|426) /);
  });
});
