/**
 * Readers for `node:http` response bodies (HTTP client transports): text with a byte limit, and
 * SSE fed chunk by chunk into an `SseParser`. A body read to its end leaves the keep-alive
 * socket reusable; a body abandoned early is released as described on each function.
 */
import type { IncomingMessage } from 'node:http';
import type { SseParser } from './sseParser.js';
export declare class BodyTooLargeError extends Error {
    constructor(limit: number);
}
/** Reads a whole body as UTF-8, failing past `limit` bytes (the socket is then destroyed). */
export declare function readText(res: IncomingMessage, limit: number): Promise<string>;
/**
 * Feeds an SSE body to `parser` until the body ends or `stop()` turns true after a chunk;
 * rejects when the stream breaks. The caller keeps the parser (its `lastEventId` survives).
 * After `stop()` the rest of the body is drained unread, so the server's end of the stream
 * (which normally follows at once) keeps the socket reusable; a body still open after
 * `LINGER_MS` is destroyed.
 */
export declare function pumpSse(res: IncomingMessage, parser: SseParser, stop?: () => boolean): Promise<void>;
