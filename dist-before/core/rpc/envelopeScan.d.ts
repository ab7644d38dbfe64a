/**
 * Envelope-only reading of a JSON-RPC message (ARCHITECTURE §4, "parse envelopes only"; issue
 * 14): a routed message's payload — a request's `params.arguments`, a response's `result` — is
 * validated by a scanner but not materialised. It travels as a `RawJson` holding its original
 * text, and `stringifyMessage` (wire.ts) splices that text back in, byte for byte, around the
 * envelope it re-serialises (rewritten id, name, progress token). Everything else — the
 * envelope, and any message the scanner is not sure of — goes through `JSON.parse` as before.
 *
 * Decisions:
 * - **Invalid JSON never gets through.** The scanner checks the whole text against the JSON
 *   grammar (strings with their escapes and control characters, numbers, literals, nesting).
 *   Anything it rejects or does not handle (an escaped or duplicated routing key, nesting past
 *   its cap, a small payload) returns `undefined`, and the caller parses the whole text as
 *   before, which reports the error exactly as before.
 * - **The envelope is parsed by `JSON.parse`** on the text with the payload replaced by `0`, so
 *   ids (including ids past 2^53, `parseMessage`), `_meta`, names and duplicate keys behave as
 *   with a full parse.
 * - **Consumers that need the value get it**: `RawJson.value()` parses on demand, and `toJSON`
 *   makes any other serializer write the same JSON. The connection materialises a raw result
 *   unless the request asked for it raw (`RequestOptions.rawResult`: the router's forwarding,
 *   which never looks inside a result).
 * - **Who gets raw payloads.** The router's own transports keep every object payload raw
 *   (`ROUTED_RAW_MIN_CHARS`): it is the cheaper path at every size, and the payload reaches the
 *   peer as it was written. A transport built for another use keeps payloads under
 *   `RAW_MIN_CHARS` as plain values (its users read them); larger ones come raw.
 * - **Strings are checked on the line's bytes when the transport passes them** (jsonString.ts):
 *   a WebAssembly SIMD scan (stringStops.ts) instead of `JSON.parse` of each long string, ~3.8x
 *   faster and without a copy of the string; the verdicts are the same (property-tested).
 */
/** A JSON value kept as its text (validated), with its nesting depth (objects/arrays). */
export declare class RawJson {
    readonly text: string;
    /** Levels of nesting of the value itself: `1` for `{}`, `2` for `{"a":[]}`. */
    readonly depth: number;
    constructor(text: string, 
    /** Levels of nesting of the value itself: `1` for `{}`, `2` for `{"a":[]}`. */
    depth: number);
    /** The value, parsed now (a fresh copy each call). */
    value(): unknown;
    /** Writers other than `stringifyMessage` (which splices the text) serialise the value. */
    toJSON(): unknown;
}
export declare function setRawSerializer(serialize: (raw: RawJson) => unknown): (raw: RawJson) => unknown;
/** By default, payloads shorter than this are parsed with the envelope (see the decisions above). */
export declare const RAW_MIN_CHARS = 256;
/**
 * The router's own transports keep every object payload raw (`rawMinChars`; `{}` is two
 * characters): the router never reads a forwarded payload, and with envelopes built from the
 * scanned members and routed messages written from a template, a raw payload costs less than
 * parsing and writing it, small ones included (decode + encode of a 100 B call and its
 * response 3.2–3.4 → 2.7–2.8 µs, bench/notes/2026-11-hot-path.md "Pipelining the writes"; of a call with
 * 29-character arguments and a 38-character result 3.2–3.6 → 1.7–1.8 µs). So every payload
 * is forwarded as its text: a number `JSON.parse` would round keeps its digits whatever the
 * payload's size (it was 32 characters before, and shorter payloads were parsed).
 * Other users of the transports get payloads under `RAW_MIN_CHARS` as values, as before.
 */
export declare const ROUTED_RAW_MIN_CHARS = 2;
/**
 * Validates the JSON value starting at `i` (no leading space). Returns the index after it, or
 * -1 when it is not valid JSON (or nests past `SCAN_MAX_DEPTH`); sets `scannedDepth`. `bytes`:
 * the UTF-8 bytes `text` was decoded from, if at hand (used when ASCII-aligned, stringStops.ts).
 */
export declare function skipValue(text: string, i: number, bytes?: Uint8Array): number;
/** Where the payload of a message text is, if it has one worth keeping raw. */
export interface Envelope {
    /** The text with the payload replaced by `0`: what `JSON.parse` gets. */
    readonly envelope: string;
    /** `result` of a response, or `arguments` in a request's `params`. */
    readonly path: 'result' | 'params.arguments';
    readonly raw: RawJson;
    /**
     * The message itself, built from the scanned members without `JSON.parse` (the payload as
     * `raw`), when that is sure to equal what parsing `envelope` gives; undefined otherwise.
     */
    message(): Record<string, unknown> | undefined;
}
/**
 * Scans a message's text: `undefined` unless it is one valid JSON object with a payload
 * worth keeping raw (a `result` object, or an `arguments` object in `params`, of at least
 * `minChars`), and no other doubt. Never throws. `bytes`: the UTF-8 bytes `text` was decoded
 * from, if at hand: long strings are then checked on them (stringStops.ts).
 */
export declare function scanEnvelope(text: string, minChars?: number, bytes?: Uint8Array): Envelope | undefined;
