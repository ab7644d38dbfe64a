/**
 * One SSE response (transports/http/sseWriter.ts) on a loopback server: the event format, the
 * headers with the first events in one write, backpressure while the client does not read
 * (queued in order, counted in `bufferedBytes`), end after the queue, destroy, and `onClose`.
 */
import { once } from 'node:events';
import { createServer, get, type IncomingMessage, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { formatSseEvent, SseWriter } from '../../../transports/http/sseWriter.js';

describe('formatSseEvent', () => {
  it('writes id, event, retry, then one data line per line, and a blank line', () => {
    expect(formatSseEvent({ data: '{}' })).toBe('data: {}\n\n');
    expect(formatSseEvent({ id: '7', event: 'message', retry: 500, data: 'a\nb' })).toBe(
      'id: 7\nevent: message\nretry: 500\ndata: a\ndata: b\n\n',
    );
    expect(formatSseEvent({ data: '' })).toBe('data: \n\n');
  });
});

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

/** A server whose one response is an SseWriter (handed to the test), and the client's response. */
async function stream(first: string, sessionId?: string) {
  let writer!: SseWriter;
  const ready = new Promise<void>((resolve) => {
    server = createServer((_req, res) => {
      writer = new SseWriter(res, first, sessionId);
      resolve();
    });
  });
  server!.listen(0, '127.0.0.1');
  await once(server!, 'listening');
  const { port } = server!.address() as { port: number };
  const response = await new Promise<IncomingMessage>((resolve) => {
    get({ host: '127.0.0.1', port }, resolve);
  });
  await ready;
  return { writer, response };
}

/** Reads the client's response until `done(text)` holds (bounded by the test timeout). */
async function readUntil(response: IncomingMessage, done: (text: string) => boolean) {
  let text = '';
  response.setEncoding('utf8');
  for await (const chunk of response) {
    text += chunk as string;
    if (done(text)) break;
  }
  return text;
}

describe('SseWriter', () => {
  it('sends the SSE headers (and the session id) with the first events', async () => {
    const { writer, response } = await stream(': primed\n\n', 'session-9');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream');
    expect(response.headers['cache-control']).toBe('no-cache, no-transform');
    expect(response.headers['x-accel-buffering']).toBe('no');
    expect(response.headers['mcp-session-id']).toBe('session-9');
    writer.write({ id: '1', data: '{"a":1}' });
    writer.end();
    expect(await readUntil(response, () => false)).toBe(': primed\n\nid: 1\ndata: {"a":1}\n\n');
    expect(writer.ended).toBe(true);
  });

  it('queues while the client does not read, counts it, and delivers everything in order', async () => {
    const { writer, response } = await stream('');
    response.pause();
    const big = 'x'.repeat(64 * 1024);
    const count = 64; // 4 MiB: more than the socket buffers hold
    for (let i = 0; i < count; i++) writer.write({ id: String(i), data: big });
    expect(writer.bufferedBytes).toBeGreaterThan(1024 * 1024);
    writer.end();
    const text = await readUntil(response, () => false);
    const ids = [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(ids).toEqual(Array.from({ length: count }, (_, i) => i));
    expect(writer.bufferedBytes).toBe(0);
  });

  it('destroy drops the connection and what was queued; onClose is told once, late listeners too', async () => {
    const { writer, response } = await stream(': hi\n\n');
    response.pause();
    for (let i = 0; i < 64; i++) writer.write({ data: 'y'.repeat(64 * 1024) });
    expect(writer.bufferedBytes).toBeGreaterThan(0);
    let closes = 0;
    writer.onClose(() => closes++);
    response.on('error', () => {}); // the client sees the cut as an 'aborted' error
    const clientClosed = new Promise((resolve) => response.once('close', resolve));
    writer.destroy();
    expect(writer.bufferedBytes).toBe(0);
    await clientClosed;
    for (let i = 0; i < 50 && closes === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(closes).toBe(1);
    let late = 0;
    writer.onClose(() => late++);
    expect(late).toBe(1);
    writer.write({ data: 'ignored' }); // after the end: nothing, no throw
  });

  it('learns that the client went away (onClose), and stops writing', async () => {
    const { writer, response } = await stream(': hi\n\n');
    const closed = new Promise<void>((resolve) => writer.onClose(resolve));
    response.destroy();
    await closed;
    expect(writer.ended).toBe(true);
    writer.write({ data: 'nobody reads this' });
    expect(writer.bufferedBytes).toBe(0);
  });
});
