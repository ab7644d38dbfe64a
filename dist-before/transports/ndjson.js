/**
 * Newline-delimited JSON framing (the MCP stdio wire format): one JSON value per line, lines
 * end with `\n` (a `\r` before it is tolerated), messages never contain a raw newline.
 *
 * The decoder is a pure function of the bytes fed to it: no streams, no timers. It is linear
 * in message size whatever the chunking: each chunk is scanned once for `\n`, small chunks are
 * coalesced into 64 KiB staging buffers (so a message arriving byte by byte does not become
 * millions of Buffer objects), and a message is concatenated once, when its newline arrives.
 */
import { decodeMessage, FrameError, stringifyMessage } from '../core/rpc/index.js';
/**
 * Default limit on one message, in bytes (UTF-8, without the newline): 64 MiB. Larger than
 * any realistic MCP message (base64 images or audio in tool results run to tens of MiB),
 * well under V8's maximum string length (~512 MiB), and small enough that one bad peer
 * cannot take the router's memory.
 */
export const DEFAULT_MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
/** Pieces shorter than this are copied into a staging buffer instead of being kept by reference. */
const COALESCE_BELOW = 8 * 1024;
const STAGING_SIZE = 64 * 1024;
/** Below this many bytes, scanning and copying in JavaScript is cheaper than a native call. */
const TINY = 16;
function indexOfNewline(bytes, start) {
    if (bytes.length - start > TINY)
        return bytes.indexOf(NEWLINE, start);
    for (let i = start; i < bytes.length; i += 1)
        if (bytes[i] === NEWLINE)
            return i;
    return -1;
}
const NO_FRAMES = Object.freeze([]);
/** Bytes kept of each end of a discarded message (the id of a response is at one of them). */
const EXCERPT_BYTES = 256;
const formatBytes = (bytes) => {
    const mib = bytes / (1024 * 1024);
    if (Number.isInteger(mib))
        return `${bytes} bytes (${mib} MiB)`;
    return `${bytes} bytes`;
};
export class NdjsonDecoder {
    maxMessageBytes;
    #rawMinChars;
    /** Completed pieces of the current message, in order. */
    #pieces = [];
    /** Bytes of the current message held so far (pieces + staging). */
    #pending = 0;
    /** Where small pieces are copied; reused from message to message once its bytes are copied out. */
    #staging;
    #stagingUsed = 0;
    /** Start of the current message's bytes in `#staging` that are not yet in `#pieces`. */
    #stagingStart = 0;
    /** True while skipping the rest of an oversized message, up to its newline. */
    #discarding = false;
    /** The first bytes of the message being discarded, and its last bytes seen so far. */
    #discardHead = '';
    #discardTail = Buffer.alloc(0);
    /** Frames completed by the current call (allocated only when there is one). */
    #out = [];
    constructor(options = {}) {
        const max = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
        this.maxMessageBytes =
            Number.isFinite(max) && max > 0 ? Math.floor(max) : DEFAULT_MAX_MESSAGE_BYTES;
        this.#rawMinChars = options.rawMinChars;
    }
    /** Bytes of an incomplete message held in memory. */
    get pendingBytes() {
        return this.#pending;
    }
    /**
     * Feeds one chunk; returns the frames it completed, in order. Never throws. The decoder may
     * keep a reference to `chunk` until its message completes: do not mutate a chunk after
     * pushing it (Node streams never do).
     */
    push(chunk) {
        const bytes = Buffer.isBuffer(chunk)
            ? chunk
            : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        let start = 0;
        while (start < bytes.length) {
            const newline = indexOfNewline(bytes, start);
            if (newline === -1) {
                this.#hold(start === 0 ? bytes : bytes.subarray(start));
                break;
            }
            this.#complete(bytes.subarray(start, newline));
            start = newline + 1;
        }
        return this.#take();
    }
    /**
     * Ends the input: a last line without a newline is still parsed (peers that `write` without
     * a trailing newline before exiting), and the decoder is reset.
     */
    end() {
        if (this.#discarding) {
            this.#endDiscard(Buffer.alloc(0));
        }
        else if (this.#pending > 0) {
            this.#complete(Buffer.alloc(0));
        }
        this.#reset();
        return this.#take();
    }
    #take() {
        if (this.#out.length === 0)
            return NO_FRAMES;
        const out = this.#out;
        this.#out = [];
        return out;
    }
    /** Keeps the tail of a chunk that has no newline yet. */
    #hold(piece) {
        if (piece.length === 0)
            return;
        if (this.#discarding) {
            this.#keepTail(piece);
            return;
        }
        if (this.#pending + piece.length > this.maxMessageBytes) {
            // Memory stays bounded by the limit: the rest is skipped up to the newline, keeping only
            // the message's first and last bytes; the error is reported then, with both.
            this.#discardHead = this.#headOf(piece);
            this.#reset();
            this.#discarding = true;
            this.#keepTail(piece);
            return;
        }
        this.#pending += piece.length;
        if (piece.length >= COALESCE_BELOW) {
            this.#sealStaging();
            this.#pieces.push(piece);
            return;
        }
        let offset = 0;
        if (this.#staging !== undefined && this.#stagingUsed + piece.length <= this.#staging.length) {
            // Tiny pieces (a stream trickling bytes): a plain loop beats a native copy call.
            if (piece.length <= TINY) {
                const staging = this.#staging;
                let used = this.#stagingUsed;
                for (let i = 0; i < piece.length; i += 1)
                    staging[used++] = piece[i];
                this.#stagingUsed = used;
                return;
            }
        }
        while (offset < piece.length) {
            if (this.#staging === undefined || this.#stagingUsed === this.#staging.length) {
                // A full staging buffer now belongs to #pieces: start a fresh one.
                this.#sealStaging();
                this.#staging = Buffer.allocUnsafe(STAGING_SIZE);
                this.#stagingUsed = 0;
                this.#stagingStart = 0;
            }
            const copied = piece.copy(this.#staging, this.#stagingUsed, offset);
            this.#stagingUsed += copied;
            offset += copied;
        }
    }
    /** A newline arrived: `last` is the message's final piece (without the newline). */
    #complete(last) {
        if (this.#discarding) {
            this.#endDiscard(last);
            return;
        }
        const total = this.#pending + last.length;
        if (total > this.maxMessageBytes) {
            this.#discardHead = this.#headOf(last);
            this.#discardTail = Buffer.alloc(0);
            this.#endDiscard(last);
            this.#reset();
            return;
        }
        let line;
        if (this.#pending === 0) {
            line = last;
        }
        else {
            this.#sealStaging();
            this.#pieces.push(last);
            line = Buffer.concat(this.#pieces, total);
        }
        this.#reset();
        let end = line.length;
        if (end > 0 && line[end - 1] === CARRIAGE_RETURN)
            end -= 1;
        if (end === 0)
            return;
        const text = line.toString('utf8', 0, end);
        const bytes = end === line.length ? line : line.subarray(0, end);
        try {
            this.#out.push({ kind: 'message', value: decodeMessage(text, this.#rawMinChars, bytes) });
        }
        catch {
            if (text.trim() === '')
                return; // a blank line is not a message
            this.#out.push({
                kind: 'error',
                error: new FrameError('parse', 'Parse error: the message is not valid JSON'),
            });
        }
    }
    /** The first bytes of the message: what is held so far, then `piece`. */
    #headOf(piece) {
        this.#sealStaging();
        const held = Buffer.concat([...this.#pieces, piece.subarray(0, EXCERPT_BYTES)]);
        return held.toString('utf8', 0, Math.min(held.length, EXCERPT_BYTES));
    }
    #keepTail(piece) {
        const joined = piece.length >= EXCERPT_BYTES ? piece : Buffer.concat([this.#discardTail, piece]);
        this.#discardTail = Buffer.from(joined.subarray(Math.max(0, joined.length - EXCERPT_BYTES)));
    }
    /** The newline (or the end) of a discarded message: report it, with its two ends. */
    #endDiscard(last) {
        this.#keepTail(last);
        this.#discarding = false;
        const tail = this.#discardTail.toString('utf8');
        this.#out.push({
            kind: 'error',
            error: new FrameError('too-large', `Message too large: it exceeds the maximum message size of ${formatBytes(this.maxMessageBytes)} (maxMessageBytes); it was discarded`, { head: this.#discardHead, tail }),
        });
        this.#discardHead = '';
        this.#discardTail = Buffer.alloc(0);
    }
    /** Moves the staged bytes of the current message into `#pieces`, keeping their order. */
    #sealStaging() {
        if (this.#staging !== undefined && this.#stagingUsed > this.#stagingStart) {
            this.#pieces.push(this.#staging.subarray(this.#stagingStart, this.#stagingUsed));
            this.#stagingStart = this.#stagingUsed;
        }
    }
    /**
     * Forgets the current message. Called once its bytes were copied out (or dropped), so the
     * staging buffer in use can be rewritten; staging buffers that filled up were left to #pieces.
     */
    #reset() {
        this.#pieces = [];
        this.#pending = 0;
        this.#stagingUsed = 0;
        this.#stagingStart = 0;
    }
}
/**
 * Serialises one message as a line. `JSON.stringify` escapes every newline inside strings, so
 * the only raw newline is the terminator. Throws a `TypeError` for a value JSON cannot
 * represent (`undefined`, a function, a BigInt, a cycle): callers log and drop such sends.
 */
export function encodeMessage(value) {
    return Buffer.from(encodeLine(value), 'utf8');
}
/** `encodeMessage` as a string: writers that batch lines encode them once, together. */
export function encodeLine(value) {
    const json = stringifyMessage(value);
    if (json === undefined)
        throw new TypeError('the message is not representable as JSON');
    return `${json}\n`;
}
//# sourceMappingURL=ndjson.js.map