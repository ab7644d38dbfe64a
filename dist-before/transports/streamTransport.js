import { silentLogger } from '../core/log/index.js';
import { BaseTransport } from './base/index.js';
import { encodeLine, NdjsonDecoder } from './ndjson.js';
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
export class StreamTransport extends BaseTransport {
    maxBufferedBytes;
    log;
    #decoder;
    #input;
    #output;
    /** Lines waiting for `drain`; `#head` is the next one to write. */
    #queue = [];
    #head = 0;
    #queuedBytes = 0;
    #waitingForDrain = false;
    /** The output failed or was ended: later sends are dropped. */
    #outputDone = false;
    /**
     * Messages sent during the current tick, written together in one microtask: a burst of
     * responses (one read of the upstream often carries dozens) costs one write, not dozens.
     */
    #batch = [];
    // Sizes of queued lines are counted in string length: exact for ASCII JSON, and at most 3x
    // under for other text, which is precise enough for a memory bound.
    #batchBytes = 0;
    #batchScheduled = false;
    /** Messages sent in the current tick (what `BURST_WRITE_EVERY` counts). */
    #sentThisTick = 0;
    #endTick = () => {
        this.#batchScheduled = false;
        this.#sentThisTick = 0;
        this.#flushBatch();
    };
    #flushBatch() {
        const batch = this.#batch;
        if (batch.length === 0)
            return;
        this.#batch = [];
        const total = this.#batchBytes;
        this.#batchBytes = 0;
        const output = this.#output;
        if (output === undefined || this.#outputDone)
            return;
        // Small lines are joined (one string, one write); large ones are not copied again. A
        // string is written as is: the stream encodes it once, straight from the string.
        const pieces = batch.length === 1 || total > BATCH_COPY_LIMIT ? batch : [batch.join('')];
        if (this.#waitingForDrain) {
            for (const bytes of pieces)
                this.#queue.push(bytes);
            this.#queuedBytes += total;
            return;
        }
        if (pieces.length > 1)
            output.cork();
        for (const bytes of pieces) {
            if (!output.write(bytes))
                this.#waitingForDrain = true;
        }
        if (pieces.length > 1)
            output.uncork();
    }
    #onData = (chunk) => {
        this.#emitFrames(this.#decoder.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk));
    };
    #onEnd = () => {
        this.#emitFrames(this.#decoder.end());
        this.onInputEnd();
    };
    #onInputError = (error) => this.onInputError(error);
    #onDrain = () => this.#flushQueue();
    #onOutputError = (error) => {
        this.#outputDone = true;
        this.#dropQueue();
        this.#dropBatch();
        this.onOutputError(error);
    };
    constructor(options) {
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
    get bufferedBytes() {
        return this.#queuedBytes + this.#batchBytes + (this.#output?.writableLength ?? 0);
    }
    send(message) {
        const output = this.#output;
        if (!this.isOpen || output === undefined || this.#outputDone)
            return;
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
            if (this.#sentThisTick++ % BURST_WRITE_EVERY === 0)
                this.#flushBatch();
            if (!this.#batchScheduled) {
                this.#batchScheduled = true;
                queueMicrotask(this.#endTick);
            }
            return;
        }
        this.#queue.push(bytes);
        this.#queuedBytes += bytes.length;
    }
    /** Starts reading `input`. Call once, right after construction. */
    attachInput(input) {
        this.#input = input;
        input.on('data', this.#onData);
        input.on('end', this.#onEnd);
        input.on('error', this.#onInputError);
    }
    /** Starts writing to `output`. Call once, right after construction. */
    attachOutput(output) {
        this.#output = output;
        output.on('drain', this.#onDrain);
        output.on('error', this.#onOutputError);
    }
    /**
     * Stops reading: later input is ignored. The error listener stays, so a late stream error
     * is still handled rather than thrown.
     */
    detachInput() {
        const input = this.#input;
        if (input === undefined)
            return;
        input.off('data', this.#onData);
        input.off('end', this.#onEnd);
    }
    /** Forgets every message waiting for `drain` (closing: nobody will read them). */
    dropQueue() {
        this.#dropQueue();
        this.#dropBatch();
    }
    /**
     * Hands every queued message to the stream and ends it; resolves when the stream has
     * flushed, failed, or after `timeoutMs` (a reader that never reads must not hold a close).
     */
    async endOutput(timeoutMs) {
        const output = this.#output;
        if (output === undefined || this.#outputDone)
            return;
        this.#flushBatch();
        this.#outputDone = true;
        for (let i = this.#head; i < this.#queue.length; i += 1) {
            const bytes = this.#queue[i];
            if (bytes !== undefined)
                output.write(bytes);
        }
        this.#dropQueue();
        if (output.writableFinished || output.destroyed)
            return;
        await new Promise((resolve) => {
            const done = () => {
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
    #emitFrames(frames) {
        for (const frame of frames) {
            if (frame.kind === 'message')
                this.emitMessage(frame.value);
            else
                this.emitError(frame.error);
        }
    }
    /** `drain`: writes queued messages in one corked batch until the stream is full again. */
    #flushQueue() {
        this.#waitingForDrain = false;
        const output = this.#output;
        if (output === undefined || this.#outputDone || this.#head === this.#queue.length)
            return;
        output.cork();
        while (this.#head < this.#queue.length) {
            const bytes = this.#queue[this.#head];
            this.#queue[this.#head] = undefined;
            this.#head += 1;
            this.#queuedBytes -= bytes.length;
            if (!output.write(bytes)) {
                this.#waitingForDrain = true;
                break;
            }
        }
        if (this.#head === this.#queue.length)
            this.#dropQueue();
        else if (this.#head > 1024) {
            // Keep the array from growing with written slots while the reader stays behind.
            this.#queue = this.#queue.slice(this.#head);
            this.#head = 0;
        }
        output.uncork();
    }
    #dropQueue() {
        this.#queue = [];
        this.#head = 0;
        this.#queuedBytes = 0;
    }
    #dropBatch() {
        this.#batch = [];
        this.#batchBytes = 0;
    }
}
//# sourceMappingURL=streamTransport.js.map