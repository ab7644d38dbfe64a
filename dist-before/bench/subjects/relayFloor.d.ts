#!/usr/bin/env node
/** Where a line's top-level `id` value is, and what kind of message it is. */
export interface Envelope {
    /** Text offsets of the `id` value (`idStart === -1`: no id). */
    idStart: number;
    idEnd: number;
    /** A top-level `method` key: a request (with an id) or a notification. */
    method: boolean;
    /** A top-level `result` or `error` key: a response. */
    response: boolean;
}
/**
 * Finds the top-level `id` and whether the message has `method` or `result`/`error`, reading
 * keys in order and stopping as soon as both are known. The envelopes of the bench (and of
 * most JSON-RPC writers) put `id` and `method` before `params`/`result`, so the payload is not
 * read; a value before them is skipped with a string-aware bracket count.
 */
export declare function scanEnvelope(text: string): Envelope;
/** The id mapping of one client/upstream pair; each side's lines in, the line to write out. */
export declare class IdMap {
    #private;
    get size(): number;
    /** A line from the client: its requests get our id. */
    fromClient(line: string): string;
    /** A line from the upstream: its responses get the client's id back. */
    fromUpstream(line: string): string;
}
/**
 * `scanEnvelope` of a line held as bytes. Latin-1 decoding keeps byte offsets, and no byte of
 * a multi-byte UTF-8 character is a quote, backslash, brace, bracket, comma or colon, so the
 * scan is the same; only the head is decoded when `id` and the kind are found in it.
 */
export declare function scanEnvelopeBytes(line: Buffer): Envelope;
/** `IdMap` on bytes: a line in, the pieces to write out (views of the line, no copy). */
export declare class ByteIdMap {
    #private;
    get size(): number;
    fromClient(line: Buffer): Buffer[];
    fromUpstream(line: Buffer): Buffer[];
}
type Message = Record<string, unknown>;
/**
 * `IdMap` on decoded messages: each forwarded message is a new envelope, as the router's
 * routes build them (a call's `params` rebuilt around its raw `arguments`, a response around
 * its raw `result`), so the encoder writes it from the same template the router's does.
 */
export declare class MessageIdMap {
    #private;
    get size(): number;
    fromClient(message: Message): Message;
    fromUpstream(message: Message): Message;
}
export {};
