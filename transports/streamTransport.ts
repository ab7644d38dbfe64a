/**
 * Newline-delimited JSON over a pair of Node streams: what the stdio client (a child's
 * stdout/stdin) and the stdio server (the router's own stdin/stdout) share.
 *
 * Reading: every chunk goes through `NdjsonDecoder`; values go to `messages$`, framing problems
 * to `errors$`.
 * Writing: the messages sent during one tick are batched, but not all held to the tick's end.
 * The first one goes out at once and then every `BURST_WRITE_EVERY`th, so the peer starts
 * on a burst while the router is still working through it (bench/notes/2026-11-hot-path.md,
 * "Pipelining the writes"); the rest go out in one write at the end of the tick. A tick is one
 * I/O callback with its microtasks; when a later callback of the same event-loop turn sends
 * here again (another upstream's response to the same client, another HTTP exchange's
 * request to the same upstream), its messages are held to the end of the turn
 * (`writeTurn.ts`, the check phase right after the poll phase) and leave together, still
 * every `BURST_WRITE_EVERY`th at once: output batching that does not depend on how the input
 * was chunked. The first callback of a turn never waits, so a lone message is written before
 * `send` returns. Asking for the turn costs a `setImmediate` (~2–4 µs), which one request at a
 * time would pay twice per round trip: a destination that has not been sent to twice in one
 * turn asks only every `TURN_PROBE_EVERY`th tick (or when another transport asked already),
 * and one that has asks every tick until `QUIET_TURNS` turns in a row bring it one callback
 * each. Once `write` returns
 * false, later messages wait in a queue until `drain`, then go out in one corked batch.
 * `bufferedBytes` counts the queue plus what the stream itself holds; when
 * another message would be queued past `maxBufferedBytes`, the subclass is told
 * (`onSlowReader`) and closes with reason `slow-reader`. A single message larger than the
 * bound is still written when nothing is waiting: the bound is on a reader falling behind.
 * Stream errors (EPIPE after the peer died) are handled here and never reach the process.
 */
import type { Readable, Writable } from 'node:stream';
import { type Logger, silentLogger } from '../core/log/index.js';
import { BaseTransport } from './base/index.js';
import { type DecodedFrame, encodeLine, NdjsonDecoder } from './ndjson.js';
import { atTurnEnd, currentTurn, turnAsked } from './writeTurn.js';

/** Default bound on bytes waiting for a slow reader: 64 MiB, one maximum-size message. */
export const DEFAULT_MAX_BUFFERED_BYTES = 64 * 1024 * 1024;
/** A tick's batch up to this size is joined into one buffer before writing. */
const BATCH_COPY_LIMIT = 256 * 1024;
/**
 * Within one tick, the first message is written at once and then every this many: a burst of
 * 32 requests read in one chunk reaches the upstream in writes of 1, 8, 8, 8, 7 instead of one
 * write after the last, so the upstream (and the client, for responses) works in parallel with
 * the router instead of in turn. Measured at 1 KiB: 2, 4, 16 and 24 slower than 8; 10 and 12
 * within noise of it.
 */
const BURST_WRITE_EVERY = 8;
/**
 * A batch this large is written at once, whatever the count: a pipe holds 64 KiB, and a write
 * past what it can take is split by the kernel and finished on later wake-ups (more system
 * time than the writes it saves: 16 KiB messages held eight at a time cost +11 µs of kernel
 * time per request).
 */
const BURST_WRITE_BYTES = 32 * 1024;
/** A destination not seen bursting asks for the event-loop turn every this many ticks. */
const TURN_PROBE_EVERY = 16;
/** Turns in a row with one callback each after which a bursting destination stops asking. */
const QUIET_TURNS = 64;

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

export abstract class StreamTransport extends BaseTransport {
  readonly maxBufferedBytes: number;
  protected readonly log: Logger;
  readonly #decoder: NdjsonDecoder;
  #input: Readable | undefined;
  #output: Writable | undefined;
  /** Lines waiting for `drain`; `#head` is the next one to write. */
  #queue: (string | undefined)[] = [];
  #head = 0;
  #queuedBytes = 0;
  #waitingForDrain = false;
  /** The output failed or was ended: later sends are dropped. */
  #outputDone = false;
  /**
   * Messages sent during the current tick, written together in one microtask: a burst of
   * responses (one read of the upstream often carries dozens) costs one write, not dozens.
   */
  #batch: string[] = [];
  // Sizes of queued lines are counted in string length: exact for ASCII JSON, and at most 3x
  // under for other text, which is precise enough for a memory bound.
  #batchBytes = 0;
  #batchScheduled = false;
  /** Messages sent in the current tick (what `BURST_WRITE_EVERY` counts). */
  #sentThisTick = 0;
  /** The event-loop turn in which a tick last sent here (`writeTurn.ts`). */
  #writeTurn = 0;
  /** The batch belongs to a later callback of that turn: it leaves at the turn's end. */
  #heldToTurnEnd = false;
  /** Sent to by two callbacks of one turn lately: asks for the turn on every tick. */
  #bursting = false;
  /** Ticks until a destination that is not bursting asks for the turn again. */
  #ticksToProbe = 0;
  /** Turns in a row, while bursting, with one callback each. */
  #quietTurns = 0;
  readonly #endTick = (): void => {
    this.#batchScheduled = false;
    this.#sentThisTick = 0;
    this.#flushBatch();
  };
  readonly #endTurn = (): void => {
    this.#heldToTurnEnd = false;
    this.#flushBatch();
  };

  #flushBatch(): void {
    const batch = this.#batch;
    if (batch.length === 0) return;
    this.#batch = [];
    const total = this.#batchBytes;
    this.#batchBytes = 0;
    const output = this.#output;
    if (output === undefined || this.#outputDone) return;
    // Small lines are joined (one string, one write); large ones are not copied again. A
    // string is written as is: the stream encodes it once, straight from the string.
    const pieces = batch.length === 1 || total > BATCH_COPY_LIMIT ? batch : [batch.join('')];
    if (this.#waitingForDrain) {
      for (const bytes of pieces) this.#queue.push(bytes);
      this.#queuedBytes += total;
      return;
    }
    if (pieces.length > 1) output.cork();
    for (const bytes of pieces) {
      if (!output.write(bytes)) this.#waitingForDrain = true;
    }
    if (pieces.length > 1) output.uncork();
  }

  readonly #onData = (chunk: Buffer | string): void => {
    this.#emitFrames(this.#decoder.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk));
  };
  readonly #onEnd = (): void => {
    this.#emitFrames(this.#decoder.end());
    this.onInputEnd();
  };
  readonly #onInputError = (error: Error): void => this.onInputError(error);
  readonly #onDrain = (): void => this.#flushQueue();
  readonly #onOutputError = (error: Error): void => {
    this.#outputDone = true;
    this.#dropQueue();
    this.#dropBatch();
    this.onOutputError(error);
  };

  protected constructor(options: StreamTransportOptions) {
    super();
    const max = options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES;
    this.maxBufferedBytes = max > 0 ? max : DEFAULT_MAX_BUFFERED_BYTES;
    this.log = options.log ?? silentLogger;
    this.#decoder = new NdjsonDecoder({
      ...(options.maxMessageBytes === undefined
        ? {}
        : { maxMessageBytes: options.maxMessageBytes }),
      ...(options.rawMinChars === undefined ? {} : { rawMinChars: options.rawMinChars }),
    });
  }

  override get bufferedBytes(): number {
    return this.#queuedBytes + this.#batchBytes + (this.#output?.writableLength ?? 0);
  }

  send(message: unknown): void {
    const output = this.#output;
    if (!this.isOpen || output === undefined || this.#outputDone) return;
    // A message that cannot be serialised (a cycle, nesting past the stack) throws here, to
    // the sender, which fails its request at once (core/rpc/outboundRequests.ts); it used to be
    // dropped with a warning while the request waited for its timeout.
    const bytes = encodeLine(message);
    // A single message is always accepted when nothing is pending; past that, the bound holds.
    const pending = this.#waitingForDrain || this.#batchBytes > 0;
    if (pending && this.bufferedBytes + bytes.length > this.maxBufferedBytes) {
      const buffered = this.bufferedBytes + bytes.length;
      this.#dropQueue();
      this.#dropBatch();
      this.onSlowReader(buffered);
      return;
    }
    if (!this.#waitingForDrain) {
      this.#batch.push(bytes);
      this.#batchBytes += bytes.length;
      if (this.#heldToTurnEnd) {
        if (this.#batch.length >= BURST_WRITE_EVERY || this.#batchBytes >= BURST_WRITE_BYTES) {
          this.#flushBatch();
        }
        return;
      }
      if (!this.#batchScheduled) {
        // The first message of a tick: written at once, unless an earlier callback of this
        // turn wrote here already; then held to the turn's end with what follows it.
        if (this.#bursting || turnAsked() || --this.#ticksToProbe <= 0) {
          const turn = currentTurn();
          if (this.#writeTurn === turn) {
            this.#bursting = true;
            this.#quietTurns = 0;
            this.#heldToTurnEnd = true;
            atTurnEnd(this.#endTurn);
            return;
          }
          this.#writeTurn = turn;
          if (this.#ticksToProbe <= 0) this.#ticksToProbe = TURN_PROBE_EVERY;
          if (this.#bursting && ++this.#quietTurns >= QUIET_TURNS) this.#bursting = false;
        }
        this.#batchScheduled = true;
        queueMicrotask(this.#endTick);
      }
      if (this.#sentThisTick++ % BURST_WRITE_EVERY === 0 || this.#batchBytes >= BURST_WRITE_BYTES) {
        this.#flushBatch();
      }
      return;
    }
    this.#queue.push(bytes);
    this.#queuedBytes += bytes.length;
  }

  /** Starts reading `input`. Call once, right after construction. */
  protected attachInput(input: Readable): void {
    this.#input = input;
    input.on('data', this.#onData);
    input.on('end', this.#onEnd);
    input.on('error', this.#onInputError);
  }

  /** Starts writing to `output`. Call once, right after construction. */
  protected attachOutput(output: Writable): void {
    this.#output = output;
    output.on('drain', this.#onDrain);
    output.on('error', this.#onOutputError);
  }

  /**
   * Stops reading: later input is ignored. The error listener stays, so a late stream error
   * is still handled rather than thrown.
   */
  protected detachInput(): void {
    const input = this.#input;
    if (input === undefined) return;
    input.off('data', this.#onData);
    input.off('end', this.#onEnd);
  }

  /** Forgets every message waiting for `drain` (closing: nobody will read them). */
  protected dropQueue(): void {
    this.#dropQueue();
    this.#dropBatch();
  }

  /**
   * Hands every queued message to the stream and ends it; resolves when the stream has
   * flushed, failed, or after `timeoutMs` (a reader that never reads must not hold a close).
   */
  protected async endOutput(timeoutMs: number): Promise<void> {
    const output = this.#output;
    if (output === undefined || this.#outputDone) return;
    this.#flushBatch();
    this.#outputDone = true;
    for (let i = this.#head; i < this.#queue.length; i += 1) {
      const bytes = this.#queue[i];
      if (bytes !== undefined) output.write(bytes);
    }
    this.#dropQueue();
    if (output.writableFinished || output.destroyed) return;
    await new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        output.off('finish', done);
        output.off('close', done);
        output.off('error', done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      output.once('finish', done);
      output.once('close', done);
      output.once('error', done);
      output.end();
    });
  }

  /** The reader fell behind past `maxBufferedBytes`; the queue has been dropped. */
  protected abstract onSlowReader(bufferedBytes: number): void;
  /** The input stream ended (its last line, if any, has been emitted). */
  protected abstract onInputEnd(): void;
  protected abstract onInputError(error: Error): void;
  /** Writing failed (EPIPE: the reader is gone). Later sends are dropped. */
  protected abstract onOutputError(error: Error): void;

  #emitFrames(frames: readonly DecodedFrame[]): void {
    for (const frame of frames) {
      if (frame.kind === 'message') this.emitMessage(frame.value);
      else this.emitError(frame.error);
    }
  }

  /** `drain`: writes queued messages in one corked batch until the stream is full again. */
  #flushQueue(): void {
    this.#waitingForDrain = false;
    const output = this.#output;
    if (output === undefined || this.#outputDone || this.#head === this.#queue.length) return;
    output.cork();
    while (this.#head < this.#queue.length) {
      const bytes = this.#queue[this.#head]!;
      this.#queue[this.#head] = undefined;
      this.#head += 1;
      this.#queuedBytes -= bytes.length;
      if (!output.write(bytes)) {
        this.#waitingForDrain = true;
        break;
      }
    }
    if (this.#head === this.#queue.length) this.#dropQueue();
    else if (this.#head > 1024) {
      // Keep the array from growing with written slots while the reader stays behind.
      this.#queue = this.#queue.slice(this.#head);
      this.#head = 0;
    }
    output.uncork();
  }

  #dropQueue(): void {
    this.#queue = [];
    this.#head = 0;
    this.#queuedBytes = 0;
  }

  #dropBatch(): void {
    this.#batch = [];
    this.#batchBytes = 0;
  }
}
