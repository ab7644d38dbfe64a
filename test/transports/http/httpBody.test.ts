/**
 * Response body readers of the HTTP client transports (transports/http/httpBody.ts), against a
 * real `node:http` server on loopback, read through the undici client (httpRequest.ts): the byte limit (declared and streamed), a body cut off,
 * and SSE pumped until the caller has what it wanted.
 */
import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { BodyTooLargeError, pumpSse, readBody } from '../../../transports/http/httpBody.js';
import type { HttpCall } from '../../../transports/http/httpCall.js';
import { HttpClient } from '../../../transports/http/httpRequest.js';
import { type ParsedSseEvent, SseParser } from '../../../transports/http/sseParser.js';

const servers: Server[] = [];
const clients: HttpClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** A loopback server answering each request with `handler`; resolves to a GET function. */
async function serve(handler: (res: ServerResponse) => void) {
  const server = createServer((_req, res) => handler(res));
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  const client = new HttpClient(new URL(`http://127.0.0.1:${port}/`), { connections: 1 });
  clients.push(client);
  const request = () => client.request('GET', {});
  return { request, server };
}

/** The body read whole, as its UTF-8 text. */
const readText = async (res: HttpCall, limit: number): Promise<string> =>
  (await readBody(res, limit)).toString('utf8');

describe('readBody', () => {
  it('reads a body within the limit, multi-byte characters across chunks included', async () => {
    const { request } = await serve((res) => {
      const bytes = Buffer.from('{"text":"héllo wörld"}');
      res.write(bytes.subarray(0, 11)); // splits "é" between two chunks
      res.end(bytes.subarray(11));
    });
    expect(await readText(await request(), 1024)).toBe('{"text":"héllo wörld"}');
  });

  it('refuses a declared Content-Length over the limit before reading', async () => {
    const { request } = await serve((res) => {
      res.writeHead(200, { 'content-length': '2000' });
      res.end('x'.repeat(2000));
    });
    const error = await readText(await request(), 1000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BodyTooLargeError);
    expect((error as Error).message).toBe('response body over 1000 bytes');
  });

  it('refuses a chunked body once it passes the limit', async () => {
    const { request } = await serve((res) => {
      res.write('a'.repeat(600));
      setTimeout(() => res.end('b'.repeat(600)), 10);
    });
    await expect(readText(await request(), 1000)).rejects.toBeInstanceOf(BodyTooLargeError);
  });

  it('rejects a body the server cut off', async () => {
    const { request } = await serve((res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('only part');
      setTimeout(() => res.socket?.destroy(), 10);
    });
    await expect(readText(await request(), 1000)).rejects.toThrow(/cut off/);
  });

  it('reads a body that arrived before the reader was picked', async () => {
    const { request } = await serve((res) => res.end('early'));
    const res = await request();
    await new Promise((resolve) => setTimeout(resolve, 50)); // the whole body is in by now
    expect([res.done, await readText(res, 1000)]).toEqual([true, 'early']);
  });
});

describe('pumpSse', () => {
  const collect = () => {
    const events: ParsedSseEvent[] = [];
    return { events, parser: new SseParser({ onEvent: (e) => events.push(e) }) };
  };

  it('feeds every event until the body ends, and the parser keeps the last event id', async () => {
    const { request } = await serve((res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('id: 1\ndata: {"a":1}\n\n');
      res.end('id: 2\nevent: message\ndata: {"b":');
    });
    const { events, parser } = collect();
    await pumpSse(await request(), parser);
    // The unterminated last event is not dispatched; its id line was read (the SSE rule), so a
    // reconnection resumes after it.
    expect(events.map((e) => e.data)).toEqual(['{"a":1}']);
    expect(events[0]?.lastEventId).toBe('1');
    expect(parser.lastEventId).toBe('2');
  });

  it('stops when the caller has what it wanted, and the socket is reused after the drain', async () => {
    let served = 0;
    const { request, server } = await serve((res) => {
      served++;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: first\n\n');
      setTimeout(() => res.end('data: second\n\n'), 20);
    });
    let connections = 0;
    server.on('connection', () => connections++);
    const { events, parser } = collect();
    await pumpSse(await request(), parser, () => events.length >= 1);
    expect(events.map((e) => e.data)).toEqual(['first']);
    // The rest of the first body was drained unread; the next request uses the same socket.
    const second = collect();
    await pumpSse(await request(), second.parser);
    expect(second.events.map((e) => e.data)).toEqual(['first', 'second']);
    expect(events).toHaveLength(1);
    expect([served, connections]).toEqual([2, 1]);
  });

  it('rejects when the stream is cut off', async () => {
    const { request } = await serve((res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: x\n\n');
      setTimeout(() => res.socket?.destroy(), 10);
    });
    const { parser } = collect();
    await expect(pumpSse(await request(), parser)).rejects.toThrow(/cut off/);
  });
});
