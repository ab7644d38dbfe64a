/**
 * Readers of a response body (HTTP client transports, `HttpCall`): bytes with a limit,
 * SSE fed chunk by chunk into an `SseParser`, or nothing. A body read to its end leaves the
 * keep-alive socket reusable; a body abandoned early is released as described on each function.
 */
import { StringDecoder } from 'node:string_decoder';
import type { BodySink, HttpCall } from './httpCall.js';
import type { SseParser } from './sseParser.js';

export class BodyTooLargeError extends Error {
  constructor(limit: number) {
    super(`response body over ${limit} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/** How long a stream we stopped reading may take to end before its socket is dropped. */
const LINGER_MS = 1000;

const EMPTY = Buffer.alloc(0);

const DRAIN: BodySink = { data() {}, end() {}, error() {} };

/** Reads and drops the rest of a body so the socket can be reused. */
export function discard(res: HttpCall): void {
  res.read(DRAIN);
}

/**
 * Reads a whole body, failing past `limit` bytes (the socket is then destroyed). The bytes, not
 * their text: a JSON scan given both skips long strings on the bytes (core/rpc/jsonString.ts).
 */
export function readBody(res: HttpCall, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(res.headers['content-length']);
    if (declared > limit) {
      reject(new BodyTooLargeError(limit));
      res.abort('response body too large');
      res.read(DRAIN);
      return;
    }
    let first: Buffer | undefined;
    let chunks: Buffer[] | undefined;
    let size = 0;
    res.read({
      data(chunk) {
        size += chunk.byteLength;
        if (size > limit) {
          reject(new BodyTooLargeError(limit));
          res.abort('response body too large');
          return;
        }
        if (first === undefined) first = chunk;
        else if (chunks === undefined) chunks = [first, chunk];
        else chunks.push(chunk);
      },
      end() {
        if (chunks !== undefined) resolve(Buffer.concat(chunks, size));
        else resolve(first ?? EMPTY);
      },
      error() {
        reject(new Error('the response body was cut off'));
      },
    });
  });
}

/**
 * Feeds an SSE body to `parser` until the body ends or `stop()` turns true after a chunk;
 * rejects when the stream breaks. The caller keeps the parser (its `lastEventId` survives).
 * After `stop()` the rest of the body is drained unread, so the server's end of the stream
 * (which normally follows at once) keeps the socket reusable; a body still open after
 * `LINGER_MS` is aborted.
 */
export function pumpSse(
  res: HttpCall,
  parser: SseParser,
  stop: () => boolean = () => false,
): Promise<void> {
  return new Promise((resolve, reject) => {
    // Multi-byte characters split across chunks survive.
    const decoder = new StringDecoder('utf8');
    let stopped = false;
    res.read({
      data(chunk) {
        if (stopped) return;
        parser.push(decoder.write(chunk));
        if (!stop()) return;
        stopped = true;
        parser.end();
        if (!res.done) {
          const timer = setTimeout(() => res.abort('the stream did not end'), LINGER_MS);
          timer.unref();
          res.read({ data() {}, end: () => clearTimeout(timer), error: () => clearTimeout(timer) });
        }
        resolve();
      },
      end() {
        if (stopped) return;
        const rest = decoder.end();
        if (rest !== '') parser.push(rest);
        parser.end();
        resolve();
      },
      error() {
        if (!stopped) reject(new Error('the SSE stream was cut off'));
      },
    });
  });
}
