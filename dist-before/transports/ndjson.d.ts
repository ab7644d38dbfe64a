/**
 * Newline-delimited JSON framing (the MCP stdio wire format): one JSON value per line, lines
 * end with `\n` (a `\r` before it is tolerated), messages never contain a raw newline.
 *
 * The decoder is a pure function of the bytes fed to it: no streams, no timers. It is linear
 * in message size whatever the chunking: each chunk is scanned once for `\n`, small chunks are
 * coalesced into 64 KiB staging buffers (so a message arriving byte by byte does not become
 * millions of Buffer objects), and a message is concatenated once, when its newline arrives.
 */
import { FrameError } from '../core/rpc/index.js';
/**
 * Default limit on one message, in bytes (UTF-8, without the newline): 64 MiB. Larger than
 * any realistic MCP message (base64 images or audio in tool results run to tens of MiB),
 * well under V8's maximum string length (~512 MiB), and small enough that one bad peer
 * cannot take the router's memory.
 */
export declare const DEFAULT_MAX_MESSAGE_BYTES: number;
export interface NdjsonDecoderOptions {
    /** Largest accepted message in bytes, without the newline. Default `DEFAULT_MAX_MESSAGE_BYTES`. */
    maxMessageBytes?: number;
    /** Payloads kept raw from this length (`decodeMessage`). Default `RAW_MIN_CHARS`. */
    rawMinChars?: number;
}
/** What the decoder produces: a parsed value, or a framing error the peer should hear about. */
export type DecodedFrame = {
    kind: 'message';
    value: unknown;
} | {
    kind: 'error';
    error: FrameError;
};
export declare class NdjsonDecoder {
    #private;
    readonly maxMessageBytes: number;
    constructor(options?: NdjsonDecoderOptions);
    /** Bytes of an incomplete message held in memory. */
    get pendingBytes(): number;
    /**
     * Feeds one chunk; returns the frames it completed, in order. Never throws. The decoder may
     * keep a reference to `chunk` until its message completes: do not mutate a chunk after
     * pushing it (Node streams never do).
     */
    push(chunk: Buffer | Uint8Array): readonly DecodedFrame[];
    /**
     * Ends the input: a last line without a newline is still parsed (peers that `write` without
     * a trailing newline before exiting), and the decoder is reset.
     */
    end(): readonly DecodedFrame[];
}
/**
 * Serialises one message as a line. `JSON.stringify` escapes every newline inside strings, so
 * the only raw newline is the terminator. Throws a `TypeError` for a value JSON cannot
 * represent (`undefined`, a function, a BigInt, a cycle): callers log and drop such sends.
 */
export declare function encodeMessage(value: unknown): Buffer;
/** `encodeMessage` as a string: writers that batch lines encode them once, together. */
export declare function encodeLine(value: unknown): string;
