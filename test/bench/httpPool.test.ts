import { describe, expect, it } from 'vitest';
import { type ResponseHandler, ResponseParser } from '../../bench/client/httpPool.js';

function collect() {
  const chunks: Buffer[] = [];
  const seen = {
    status: 0,
    headers: new Map<string, string>(),
    get body() {
      return Buffer.concat(chunks).toString('utf8');
    },
    ended: 0,
    errors: 0,
  };
  const handler: ResponseHandler = {
    onHead: (s, h) => {
      seen.status = s;
      seen.headers = h;
    },
    onData: (c) => {
      chunks.push(Buffer.from(c));
    },
    onEnd: () => {
      seen.ended++;
    },
    onError: () => {
      seen.errors++;
    },
  };
  return { seen, handler };
}

/** Feeds `bytes` in pieces of `size` and returns what was left after the response. */
function feed(parser: ResponseParser, bytes: Buffer, size: number): Buffer | undefined {
  let rest: Buffer | undefined;
  for (let at = 0; at < bytes.length; at += size) {
    const r = parser.push(bytes.subarray(at, at + size));
    if (r) rest = rest ? Buffer.concat([rest, r]) : r;
  }
  return rest;
}

const chunked = Buffer.from(
  'HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n' +
    '6\r\nevent:\r\n' +
    '1b;ext=1\r\n message\ndata: {"a":"é"}\n\n\r\n' +
    '0\r\n\r\n',
);

describe('ResponseParser', () => {
  for (const size of [1, 3, 1000]) {
    it(`parses a chunked body fed ${size} byte(s) at a time`, () => {
      const { seen, handler } = collect();
      const parser = new ResponseParser(handler);
      const rest = feed(parser, chunked, size);
      expect(seen.status).toBe(200);
      expect(seen.headers.get('content-type')).toBe('text/event-stream');
      expect(seen.body).toBe('event: message\ndata: {"a":"é"}\n\n');
      expect(seen.ended).toBe(1);
      expect(parser.done).toBe(true);
      expect(parser.keepAlive).toBe(true);
      expect(rest).toBeUndefined();
    });
  }

  it('reads a Content-Length body and returns the bytes after it', () => {
    const { seen, handler } = collect();
    const parser = new ResponseParser(handler);
    const bytes = Buffer.from(
      'HTTP/1.1 404 Not Found\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhelloEXTRA',
    );
    const rest = parser.push(bytes);
    expect(seen).toMatchObject({ status: 404, body: 'hello', ended: 1 });
    expect(parser.keepAlive).toBe(false);
    expect(rest?.toString()).toBe('EXTRA');
  });

  it('ends an empty 202 at once', () => {
    const { seen, handler } = collect();
    const parser = new ResponseParser(handler);
    parser.push(Buffer.from('HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n'));
    expect(seen).toMatchObject({ status: 202, body: '', ended: 1 });
  });

  it('reads a body without length until the connection closes', () => {
    const { seen, handler } = collect();
    const parser = new ResponseParser(handler);
    parser.push(Buffer.from('HTTP/1.1 200 OK\r\n\r\npart1'));
    parser.push(Buffer.from('part2'));
    expect(seen.ended).toBe(0);
    parser.closed();
    expect(seen).toMatchObject({ body: 'part1part2', ended: 1 });
    expect(parser.keepAlive).toBe(false);
  });
});
