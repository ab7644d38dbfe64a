/**
 * Readers for `fetch` response bodies (HTTP client transports): text with a byte limit, and
 * SSE fed chunk by chunk into an `SseParser`. Both release the body when they stop.
 */
import type { SseParser } from './sseParser.js';

export class BodyTooLargeError extends Error {
  constructor(limit: number) {
    super(`response body over ${limit} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/** Reads a whole body as UTF-8, failing past `limit` bytes. */
export async function readText(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<string> {
  if (!body) return '';
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) throw new BodyTooLargeError(limit);
      text += decoder.decode(value, { stream: true });
    }
    return text + decoder.decode();
  } finally {
    reader.cancel().catch(() => {});
  }
}

/**
 * Feeds an SSE body to `parser` until the body ends or `stop()` turns true after a chunk;
 * rejects when the read fails. The caller keeps the parser (its `lastEventId` survives).
 */
export async function pumpSse(
  body: ReadableStream<Uint8Array>,
  parser: SseParser,
  stop: () => boolean = () => false,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
      if (stop()) break;
    }
    parser.end();
  } finally {
    reader.cancel().catch(() => {});
  }
}
