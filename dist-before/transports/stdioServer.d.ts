import type { Readable, Writable } from 'node:stream';
import type { CloseReason } from '../core/rpc/index.js';
import { StreamTransport, type StreamTransportOptions } from './streamTransport.js';
export interface StdioServerOptions extends StreamTransportOptions {
    /** Default `process.stdin`. */
    input?: Readable;
    /** Default: the process's stdout (see `processStdout`). */
    output?: Writable;
    /** How long `close()` waits for queued output to flush. Default 2000 ms. */
    closeTimeoutMs?: number;
}
/**
 * The process's stdout for protocol messages. Node writes `process.stdout` synchronously when
 * it is a pipe, so one slow client read stalls the whole router (every upstream, every
 * session) inside write(2). When fd 1 is a pipe or a socket, mcp-mux writes through its own
 * non-blocking socket on fd 1 instead (backpressure then shows as `drain`, which the transport
 * honours); files and terminals keep `process.stdout`. Nothing else writes to stdout.
 */
export declare function processStdout(): Writable;
export declare class StdioServerTransport extends StreamTransport {
    #private;
    constructor(options?: StdioServerOptions);
    close(): Promise<void>;
    protected onFinish(_reason: CloseReason): void;
    protected onSlowReader(bufferedBytes: number): void;
    protected onInputEnd(): void;
    protected onInputError(error: Error): void;
    protected onOutputError(error: Error): void;
}
