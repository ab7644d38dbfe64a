/** Bytes in and out of a facade (core/observe/traffic.ts), from real loopback sockets' counters. */
import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { TrafficCounter } from '../../../core/observe/traffic.js';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.close();
    await once(server, 'close');
  }
});

/** A loopback server whose accepted sockets are counted; it answers each chunk with `reply`. */
async function countedServer(reply: string) {
  const counter = new TrafficCounter();
  const closed: Promise<unknown>[] = [];
  const server = createServer((socket) => {
    counter.add(socket);
    closed.push(once(socket, 'close'));
    socket.on('data', () => socket.write(reply));
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return { counter, closed, port };
}

async function exchange(port: number, message: string, replyBytes: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(message);
  // Not `for await`: leaving it would destroy the socket, and this test closes sockets itself.
  await new Promise<void>((resolve) => {
    let got = 0;
    socket.on('data', (chunk: Buffer) => {
      got += chunk.length;
      if (got >= replyBytes) resolve();
    });
  });
  return socket;
}

describe('TrafficCounter', () => {
  it('reads live sockets at read time, and keeps a closed socket’s totals once', async () => {
    const { counter, closed, port } = await countedServer('pong!');
    expect(counter.read()).toEqual({ received: 0, sent: 0 });
    const first = await exchange(port, 'ping', 5);
    expect(counter.read()).toEqual({ received: 4, sent: 5 });
    const second = await exchange(port, 'hello', 5);
    expect(counter.read()).toEqual({ received: 9, sent: 10 });
    // Both closed on the server side: their totals stay, moved from live to closed, not doubled.
    first.destroy();
    second.destroy();
    await Promise.all(closed);
    expect(counter.read()).toEqual({ received: 9, sent: 10 });
    // A new socket adds to what the closed ones left.
    const third = await exchange(port, 'x', 5);
    expect(counter.read()).toEqual({ received: 10, sent: 15 });
    third.destroy();
  });

  it('counts a socket that closes only once, even if close is emitted again', () => {
    const counter = new TrafficCounter();
    let close: () => void = () => {};
    counter.add({ bytesRead: 3, bytesWritten: 7, once: (_event, listener) => (close = listener) });
    expect(counter.read()).toEqual({ received: 3, sent: 7 });
    close();
    close();
    expect(counter.read()).toEqual({ received: 3, sent: 7 });
  });
});
