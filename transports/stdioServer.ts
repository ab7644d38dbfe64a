/**
 * The server side of the MCP stdio transport: the router itself is the child, reading
 * newline-delimited JSON from its stdin and writing it to its stdout.
 *
 * - Only protocol messages are written to `output`; logs go to stderr through `core/log/log.ts`.
 * - `closed$`: `{kind:'remote'}` when the input ends (the client closed our stdin, the spec's
 *   way to shut a stdio server down) or the output breaks (EPIPE: the client is gone);
 *   `{kind:'error'}` on another stream error; `{kind:'local'}` on `close()`;
 *   `{kind:'slow-reader'}` when the client stops reading.
 * - `close()` stops reading, hands what is queued to the output and ends it (the spec's
 *   server-initiated shutdown), then resolves; it waits at most `closeTimeoutMs` for the
 *   output to flush. The process's own stdin is paused, not destroyed.
 */
import { fstatSync } from 'node:fs';
import { Socket } from 'node:net';
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

const isPeerGone = (error: Error): boolean => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'EPIPE' || code === 'ECONNRESET' || code === 'ERR_STREAM_DESTROYED';
};

let ownStdout: Writable | undefined;

/**
 * The process's stdout for protocol messages. Node writes `process.stdout` synchronously when
 * it is a pipe, so one slow client read stalls the whole router (every upstream, every
 * session) inside write(2). When fd 1 is a pipe or a socket, mcp-mux writes through its own
 * non-blocking socket on fd 1 instead (backpressure then shows as `drain`, which the transport
 * honours); files and terminals keep `process.stdout`. Nothing else writes to stdout.
 */
export function processStdout(): Writable {
  if (ownStdout !== undefined) return ownStdout;
  let stat: ReturnType<typeof fstatSync> | undefined;
  try {
    stat = fstatSync(1);
  } catch {
    stat = undefined;
  }
  ownStdout =
    stat?.isFIFO() || stat?.isSocket()
      ? new Socket({ fd: 1, readable: false, writable: true })
      : process.stdout;
  return ownStdout;
}

export class StdioServerTransport extends StreamTransport {
  readonly #input: Readable;
  readonly #output: Writable;
  readonly #closeTimeoutMs: number;
  #closing: Promise<void> | undefined;

  constructor(options: StdioServerOptions = {}) {
    super(options);
    this.#input = options.input ?? process.stdin;
    this.#closeTimeoutMs = options.closeTimeoutMs ?? 2000;
    this.attachInput(this.#input);
    this.#output = options.output ?? processStdout();
    this.attachOutput(this.#output);
  }

  close(): Promise<void> {
    this.#closing ??= this.#close();
    return this.#closing;
  }

  async #close(): Promise<void> {
    this.finish({ kind: 'local' });
    await this.endOutput(this.#closeTimeoutMs);
    // Output nobody reads must not keep the process alive (process.stdout never does).
    const output = this.#output;
    if (output instanceof Socket && !output.writableFinished) output.destroy();
  }

  protected override onFinish(_reason: CloseReason): void {
    this.detachInput();
    this.#input.pause();
  }

  protected onSlowReader(bufferedBytes: number): void {
    this.log.warn('the stdio client is not reading our output: closing', {
      bufferedBytes,
      maxBufferedBytes: this.maxBufferedBytes,
    });
    this.finish({ kind: 'slow-reader', bufferedBytes });
  }

  protected onInputEnd(): void {
    this.finish({ kind: 'remote' });
  }

  protected onInputError(error: Error): void {
    this.finish(isPeerGone(error) ? { kind: 'remote' } : { kind: 'error', error });
  }

  protected onOutputError(error: Error): void {
    this.finish(isPeerGone(error) ? { kind: 'remote' } : { kind: 'error', error });
  }
}
