/**
 * JSON text ⇄ message values, keeping request ids exact.
 *
 * `JSON.parse` rounds integers past 2^53 (`9007199254740993` becomes `…992`), so a client
 * using such ids would get answers it cannot match. Parsing everything as BigInt would slow
 * every message, so the common path stays `JSON.parse` plus an O(1) check of the top-level
 * `id` (per item for a batch); only when that id is an integer JSON could not hold exactly is
 * the text scanned for the id's digits. Such an id travels inside the router as a string with
 * the prefix `BIG_ID_PREFIX` (a string id: maps, logs and JSON all take it as it is), and
 * `stringifyMessage` writes it back as the original number, byte for byte.
 *
 * Only the top-level `id` of a message is treated so; a big number elsewhere is payload and is
 * passed through `JSON.parse` like any other (the router does not rewrite payloads).
 */
/** Marks a request id that was an integer too large for a JSON number (see above). */
export declare const BIG_ID_PREFIX = "\0int:";
/** `JSON.parse`, except that top-level ids past 2^53 keep their exact digits. @throws SyntaxError */
export declare function parseMessage(text: string): unknown;
/**
 * A message read from `text`: `parseMessage`, except that a routed payload (a response's
 * `result`, a request's `params.arguments`) is validated but kept as its text (`RawJson`,
 * envelopeScan.ts) when it is at least `rawMinChars` long (default `RAW_MIN_CHARS`). Invalid
 * JSON throws the same `SyntaxError` as `parseMessage`. `bytes`: the UTF-8 bytes `text` was
 * decoded from, when the caller has them (the scanner checks long strings on them).
 */
export declare function decodeMessage(text: string, rawMinChars?: number, bytes?: Uint8Array): unknown;
/**
 * `message` with its raw payload (if any, `decodeMessage`) parsed: for consumers outside the
 * router that expect plain values (an SDK behind `toSdkTransport`).
 */
export declare function materialized(message: unknown): unknown;
/**
 * `JSON.stringify` for a message or batch, writing `BIG_ID_PREFIX` ids back as numbers and
 * raw payloads (`RawJson`) as their original text, spliced in place of their marker.
 */
export declare function stringifyMessage(value: unknown): string;
/**
 * Default bound on the nesting of one message (objects and arrays): deeper messages are refused
 * where they are read. MCP messages nest a few levels plus the depth of tool
 * arguments and schemas; 10,000 levels cannot even be written back (`JSON.stringify` runs out
 * of stack), and such a request would otherwise hold an upstream slot until its timeout.
 */
export declare const DEFAULT_MAX_JSON_DEPTH = 128;
/**
 * Whether `value` nests deeper than `max` levels. Recursive but bounded: it never descends
 * more than `max + 1` levels, whatever the input, and allocates nothing (every message read
 * goes through it).
 */
export declare function exceedsDepth(value: unknown, max: number): boolean;
