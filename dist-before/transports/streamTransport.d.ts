/**
 * Newline-delimited JSON over a pair of Node streams: what the stdio client (a child's
 * stdout/stdin) and the stdio server (the router's own stdin/stdout) share.
 *
 * Reading: every chunk goes through `NdjsonDecoder`; values go to `messages$`, framing problems
 * to `errors$`.
 * Writing: the messages sent during one tick are batched, but not all held to the tick's end.
 * The first one goes out at once and then every `BURST_WRITE_EVERY`th, so the peer starts
 * on a burst while the router is still working through it (bench/notes/2026-11-hot-path.md,
 * "Pipelining the writes"); the rest go out in one write at the end of the tick. Once `write` returns
 * false, later messages wait in a queue until `drain`, then go out in one corked batch.
 * `bufferedBytes` counts the queue plus what the stream itself holds; when
 * another message would be queued past `maxBufferedBytes`, the subclass is told
 * (`onSlowReader`) and closes with reason `slow-reader`. A single message larger than the
 * bound is still written when nothing is waiting: the bound is on a reader falling behind.
 * Stream errors (EPIPE after the peer died) are handled here and never reach the process.
 */
import type { Readable, Writable } from 'node:stream';
import { type Logger } from '../core/log/index.js';
import { BaseTransport } from './base/index.js';
/** Default bound on bytes waiting for a slow reader: 64 MiB, one maximum-size message. */
export declare const DEFAULT_MAX_BUFFERED_BYTES: number;
export interface StreamTransportOptions {
    /** Largest accepted inbound message in bytes (see `NdjsonDecoder`). Default 64 MiB. */
    maxMessageBytes?: number;
    /** Bound on outbound bytes waiting for the reader. Default `DEFAULT_MAX_BUFFERED_BYTES`. */
    maxBufferedBytes?: number;
    /**
     * Payloads kept raw from this length (core/rpc/wire.ts `decodeMessage`); the router's own
     * transports pass `ROUTED_RAW_MIN_CHARS`. Default `RAW_MIN_CHARS`.
     */
    rawMinChars?: number;
    log?: Logger;
}
export declare abstract class StreamTransport extends BaseTransport {
    #private;
    readonly maxBufferedBytes: number;
    protected readonly log: Logger;
    protected constructor(options: StreamTransportOptions);
    get bufferedBytes(): number;
    send(message: unknown): void;
    /** Starts reading `input`. Call once, right after construction. */
    protected attachInput(input: Readable): void;
    /** Starts writing to `output`. Call once, right after construction. */
    protected attachOutput(output: Writable): void;
    /**
     * Stops reading: later input is ignored. The error listener stays, so a late stream error
     * is still handled rather than thrown.
     */
    protected detachInput(): void;
    /** Forgets every message waiting for `drain` (closing: nobody will read them). */
    protected dropQueue(): void;
    /**
     * Hands every queued message to the stream and ends it; resolves when the stream has
     * flushed, failed, or after `timeoutMs` (a reader that never reads must not hold a close).
     */
    protected endOutput(timeoutMs: number): Promise<void>;
    /** The reader fell behind past `maxBufferedBytes`; the queue has been dropped. */
    protected abstract onSlowReader(bufferedBytes: number): void;
    /** The input stream ended (its last line, if any, has been emitted). */
    protected abstract onInputEnd(): void;
    protected abstract onInputError(error: Error): void;
    /** Writing failed (EPIPE: the reader is gone). Later sends are dropped. */
    protected abstract onOutputError(error: Error): void;
}
