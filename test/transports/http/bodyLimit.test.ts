/**
 * A body over the limit is not read to its end: after 413 the server
 * closes the connection, so a client streaming a body without end is cut off instead of having
 * the router read (and discard) all of it. (With a declared Content-Length the old code read
 * all 256 MiB; with a chunked body Node 20 already closed after ~8 MiB: that test guards it.)
 */
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpFacade, type HttpFacade } from '../../../transports/http/httpFacade.js';

let facade: HttpFacade | undefined;
afterEach(async () => {
  await facade?.close();
  facade = undefined;
});

const CHUNK = Buffer.alloc(1024 * 1024, 0x20);
const MAX_SENT = 256 * 1024 * 1024;

/** Streams a POST body (chunked or raw) until the server closes the socket or MAX_SENT bytes went. */
function streamBody(
  port: number,
  headers: string,
  chunked = true,
): Promise<{ sent: number; answer: string; closed: boolean }> {
  return new Promise((resolve) => {
    let sent = 0;
    let answer = '';
    let closed = false;
    const socket = connect(port, '127.0.0.1');
    socket.setEncoding('utf8');
    socket.on('data', (text: string) => {
      answer += text;
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      closed = true;
      resolve({ sent, answer, closed });
    });
    const pump = (): void => {
      while (!closed && sent < MAX_SENT) {
        sent += CHUNK.length;
        const more = chunked
          ? socket.write(`${CHUNK.length.toString(16)}\r\n`) &&
            socket.write(CHUNK) &&
            socket.write('\r\n')
          : socket.write(CHUNK);
        if (!more) {
          socket.once('drain', pump);
          return;
        }
      }
      if (!closed) {
        resolve({ sent, answer, closed });
        socket.destroy();
      }
    };
    socket.write(headers, pump);
  });
}

describe('oversized request bodies', () => {
  it('answers 413 to a chunked body past the limit and closes the connection', async () => {
    facade = await createHttpFacade({ maxBodyBytes: 64 * 1024 });
    const { port } = facade.address();
    const headers = [
      'POST /mcp HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      'Accept: application/json, text/event-stream',
      'Content-Type: application/json',
      'Transfer-Encoding: chunked',
      '',
      '',
    ].join('\r\n');
    const result = await streamBody(port, headers);
    expect(result.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(result.closed).toBe(true);
    expect(result.sent).toBeLessThan(MAX_SENT);
  });

  it('answers 413 to a declared Content-Length past the limit without reading the body', async () => {
    facade = await createHttpFacade({ maxBodyBytes: 64 * 1024 });
    const { port } = facade.address();
    const headers = [
      'POST /mcp HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      'Accept: application/json, text/event-stream',
      'Content-Type: application/json',
      `Content-Length: ${MAX_SENT * 2}`,
      '',
      '',
    ].join('\r\n');
    const result = await streamBody(port, headers, false);
    expect(result.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(result.closed).toBe(true);
    expect(result.sent).toBeLessThan(MAX_SENT);
  });
});
