/** Liveness and backpressure of `WebSocketTransport` on virtual time, with a scripted socket. */
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { RawJson } from '../../../core/rpc/envelopeScan.js';
import { stringStopsStats } from '../../../core/rpc/stringStops.js';
import type { CloseReason } from '../../../core/rpc/transport.js';
import { materialized } from '../../../core/rpc/wire.js';
import { WebSocketTransport } from '../../../transports/websocket/websocketTransport.js';

class FakeSocket extends EventEmitter {
  readyState: number = WebSocket.OPEN;
  bufferedAmount = 0;
  protocol = 'mcp';
  pings = 0;
  terminated = false;
  closedWith: number | undefined;
  sent: string[] = [];
  ping(): void {
    this.pings++;
  }
  terminate(): void {
    this.terminated = true;
  }
  close(code: number): void {
    this.closedWith = code;
  }
  send(data: string): void {
    this.sent.push(data);
  }
}

function open(options = {}) {
  const socket = new FakeSocket();
  const transport = new WebSocketTransport(socket as unknown as WebSocket, options);
  const reasons: CloseReason[] = [];
  transport.closed$.subscribe((r) => reasons.push(r));
  return { socket, transport, reasons };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('WebSocketTransport liveness', () => {
  it('pings every interval and keeps a peer that answers', () => {
    const { socket, reasons } = open({ pingIntervalMs: 30_000 });
    for (let i = 1; i <= 5; i++) {
      vi.advanceTimersByTime(30_000);
      expect(socket.pings).toBe(i);
      socket.emit('pong');
    }
    expect(reasons).toEqual([]);
  });

  it('terminates a peer that missed one pong, at the next tick', () => {
    const { socket, reasons } = open({ pingIntervalMs: 30_000 });
    vi.advanceTimersByTime(30_000);
    expect(socket.pings).toBe(1);
    vi.advanceTimersByTime(29_999);
    expect(reasons).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(reasons[0]).toMatchObject({
      kind: 'error',
      error: { message: expect.stringMatching(/ping/) },
    });
    expect(socket.terminated).toBe(true);
    vi.advanceTimersByTime(120_000);
    expect(socket.pings).toBe(1); // the timer is gone
  });

  it('does not ping with pingIntervalMs 0', () => {
    const { socket } = open({ pingIntervalMs: 0 });
    vi.advanceTimersByTime(10 * 60_000);
    expect(socket.pings).toBe(0);
  });
});

describe('WebSocketTransport sending and closing', () => {
  it('cuts the connection once bufferedAmount passes the bound', () => {
    const { socket, transport, reasons } = open({ maxBufferedBytes: 100 });
    transport.send({ a: 1 });
    expect(reasons).toEqual([]);
    socket.bufferedAmount = 101;
    transport.send({ a: 2 });
    expect(reasons).toEqual([{ kind: 'slow-reader', bufferedBytes: 101 }]);
    expect(socket.terminated).toBe(true);
    transport.send({ a: 3 });
    expect(socket.sent).toHaveLength(2);
  });

  it('closes with 1000 and terminates a peer that never finishes the closing handshake', async () => {
    const { socket, transport, reasons } = open();
    await transport.close();
    expect(reasons).toEqual([{ kind: 'local' }]);
    expect(socket.closedWith).toBe(1000);
    expect(socket.terminated).toBe(false);
    vi.advanceTimersByTime(2000);
    expect(socket.terminated).toBe(true);
  });
});

describe('WebSocketTransport reading', () => {
  it('decodes a message from its bytes, whole or in fragments, with the string-stop scan', () => {
    const { socket, transport } = open();
    const got: unknown[] = [];
    transport.messages$.subscribe((m) => got.push(materialized(m)));
    const message = { jsonrpc: '2.0', id: 3, result: { text: 'w'.repeat(700) } };
    const bytes = Buffer.from(JSON.stringify(message));
    const before = stringStopsStats.lines;
    socket.emit('message', bytes);
    socket.emit('message', [bytes.subarray(0, 100), bytes.subarray(100)]);
    expect(got).toEqual([message, message]);
    expect(stringStopsStats.lines).toBe(before + 2);
  });

  it('keeps payloads raw from rawMinChars (the router passes 32), from 256 by default', () => {
    const args = { n: 1, s: 'x'.repeat(40) };
    const call = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 't', arguments: args },
    };
    const argumentsOf = (options: object): unknown => {
      const { socket, transport } = open(options);
      const got: { params: { arguments: unknown } }[] = [];
      transport.messages$.subscribe((m) => got.push(m as (typeof got)[number]));
      socket.emit('message', Buffer.from(JSON.stringify(call)));
      return got[0]?.params.arguments;
    };
    const raw = argumentsOf({ rawMinChars: 32 });
    expect(raw).toBeInstanceOf(RawJson);
    expect((raw as RawJson).text).toBe(JSON.stringify(args));
    expect(argumentsOf({})).toEqual(args);
  });
});
