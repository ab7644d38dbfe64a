/**
 * The server side of the MCP stdio transport: the router itself is the child, reading
 * newline-delimited JSON from its stdin and writing it to its stdout.
 *
 * - Only protocol messages are written to `output`; logs go to stderr through `core/log.ts`.
 * - `closed$`: `{kind:'remote'}` when the input ends (the client closed our stdin, the spec's
 *   way to shut a stdio server down) or the output breaks (EPIPE: the client is gone);
 *   `{kind:'error'}` on another stream error; `{kind:'local'}` on `close()`;
 *   `{kind:'slow-reader'}` when the client stops reading.
 * - `close()` stops reading, hands what is queued to the output and ends it (the spec's
 *   server-initiated shutdown), then resolves; it waits at most `closeTimeoutMs` for the
 *   output to flush. The process's own stdin is paused, not destroyed.
 */
import type { Readable, Writable } from 'node:stream';
import { StreamTransport, type StreamTransportOptions } from './streamTransport.js';
import type { CloseReason } from './transport.js';

export interface StdioServerOptions extends StreamTransportOptions {
  /** Default `process.stdin`. */
  input?: Readable;
  /** Default `process.stdout`. */
  output?: Writable;
  /** How long `close()` waits for queued output to flush. Default 2000 ms. */
  closeTimeoutMs?: number;
}

const isPeerGone = (error: Error): boolean => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'EPIPE' || code === 'ECONNRESET' || code === 'ERR_STREAM_DESTROYED';
};

export class StdioServerTransport extends StreamTransport {
  readonly #input: Readable;
  readonly #closeTimeoutMs: number;
  #closing: Promise<void> | undefined;

  constructor(options: StdioServerOptions = {}) {
    super(options);
    this.#input = options.input ?? process.stdin;
    this.#closeTimeoutMs = options.closeTimeoutMs ?? 2000;
    this.attachInput(this.#input);
    this.attachOutput(options.output ?? process.stdout);
  }

  close(): Promise<void> {
    this.#closing ??= this.#close();
    return this.#closing;
  }

  async #close(): Promise<void> {
    this.finish({ kind: 'local' });
    await this.endOutput(this.#closeTimeoutMs);
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
