/**
 * Envelope-only reading of a JSON-RPC message (ARCHITECTURE §4, "parse envelopes only"): a
 * routed message's payload — a request's `params.arguments`, a response's `result` — is
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

import { endLine, skipString, startLine } from './jsonString.js';

/** A JSON value kept as its text (validated), with its nesting depth (objects/arrays). */
export class RawJson {
  constructor(
    readonly text: string,
    /** Levels of nesting of the value itself: `1` for `{}`, `2` for `{"a":[]}`. */
    readonly depth: number,
  ) {}

  /** The value, parsed now (a fresh copy each call). */
  value(): unknown {
    return JSON.parse(this.text);
  }

  /** Writers other than `stringifyMessage` (which splices the text) serialise the value. */
  toJSON(): unknown {
    return rawToJson(this);
  }
}

/** Set by `stringifyMessage` while it serialises: a raw value then stands as a marker. */
let rawToJson: (raw: RawJson) => unknown = (raw) => raw.value();

export function setRawSerializer(serialize: (raw: RawJson) => unknown): (raw: RawJson) => unknown {
  const previous = rawToJson;
  rawToJson = serialize;
  return previous;
}

/** By default, payloads shorter than this are parsed with the envelope (see the decisions above). */
export const RAW_MIN_CHARS = 256;
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
export const ROUTED_RAW_MIN_CHARS = 2;

/** Nesting the scanner follows; deeper text is left to the full parse (and its depth check). */
const SCAN_MAX_DEPTH = 512;

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

const QUOTE = 0x22;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

function skipSpace(text: string, i: number): number {
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
  }
  return i;
}

/** The scanner's result for one value: where it ends (-1: invalid or unsure), its depth. */
let scannedDepth = 0;
/** Reused stack of open containers (true: object), indexed by depth − 1 (never shrunk). */
const open: boolean[] = [];

/**
 * Validates the JSON value starting at `i` (no leading space). Returns the index after it, or
 * -1 when it is not valid JSON (or nests past `SCAN_MAX_DEPTH`); sets `scannedDepth`. `bytes`:
 * the UTF-8 bytes `text` was decoded from, if at hand (used when ASCII-aligned, stringStops.ts).
 */
export function skipValue(text: string, i: number, bytes?: Uint8Array): number {
  startLine(text, bytes);
  try {
    return scanValue(text, i);
  } finally {
    endLine();
  }
}

/** `skipValue` inside a scan. */
function scanValue(text: string, i: number): number {
  // A string (most member values): no container stack needed.
  if (text.charCodeAt(i) === QUOTE) {
    scannedDepth = 0;
    return skipString(text, i);
  }
  let depth = 0;
  let maxDepth = 0;
  for (;;) {
    // A value at i.
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = skipString(text, i);
      if (i < 0) return -1;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      depth += 1;
      if (depth > SCAN_MAX_DEPTH) return -1;
      if (depth > maxDepth) maxDepth = depth;
      const isObject = c === OPEN_OBJECT;
      open[depth - 1] = isObject;
      i = skipSpace(text, i + 1);
      const close = text.charCodeAt(i);
      if (close === (isObject ? CLOSE_OBJECT : CLOSE_ARRAY)) {
        depth -= 1;
        i += 1;
      } else if (isObject) {
        i = skipKey(text, i);
        if (i < 0) return -1;
        continue;
      } else {
        continue;
      }
    } else if (c === 0x74 /* t */) {
      if (!text.startsWith('true', i)) return -1;
      i += 4;
    } else if (c === 0x66 /* f */) {
      if (!text.startsWith('false', i)) return -1;
      i += 5;
    } else if (c === 0x6e /* n */) {
      if (!text.startsWith('null', i)) return -1;
      i += 4;
    } else {
      NUMBER.lastIndex = i;
      if (!NUMBER.test(text)) return -1;
      i = NUMBER.lastIndex;
    }
    // After a value: close containers, or go on to the next member or item.
    for (;;) {
      if (depth === 0) {
        scannedDepth = maxDepth;
        return i;
      }
      i = skipSpace(text, i);
      const d = text.charCodeAt(i);
      const inObject = open[depth - 1] as boolean;
      if (d === COMMA) {
        i = skipSpace(text, i + 1);
        if (inObject) {
          i = skipKey(text, i);
          if (i < 0) return -1;
        }
        break;
      }
      if (d !== (inObject ? CLOSE_OBJECT : CLOSE_ARRAY)) return -1;
      depth -= 1;
      i += 1;
    }
  }
}

/** `i` at a member's key: the index of its value (after the colon and space), or -1. */
function skipKey(text: string, i: number): number {
  if (text.charCodeAt(i) !== QUOTE) return -1;
  i = skipString(text, i);
  if (i < 0) return -1;
  i = skipSpace(text, i);
  if (text.charCodeAt(i) !== COLON) return -1;
  return skipSpace(text, i + 1);
}

/** Where a payload was found: its span in the text and its depth. */
interface Found {
  start: number;
  end: number;
  depth: number;
  path: Envelope['path'];
}

/**
 * Scans the members of the object at `i` (at its `{`). `want` is the key whose value is the
 * payload candidate, `into` the key of an object scanned the same way for `nested` (the
 * top level's `params` → `arguments`). Returns the index after the object, or -1.
 */
function scanObject(
  text: string,
  i: number,
  want: string,
  into: string | undefined,
  nested: string,
  found: Found[],
  path: Envelope['path'],
  members: Member[],
  minChars: number,
): number {
  i = skipSpace(text, i + 1);
  if (text.charCodeAt(i) === CLOSE_OBJECT) return i + 1;
  let seenWant = false;
  let seenInto = false;
  for (;;) {
    if (text.charCodeAt(i) !== QUOTE) return -1;
    const keyStart = i + 1;
    i = skipString(text, i);
    if (i < 0) return -1;
    const key = keyAt(text, keyStart, i - 1);
    // An escaped key might spell a routing key: leave such a message to the full parse.
    if (key === undefined) return -1;
    i = skipSpace(text, i);
    if (text.charCodeAt(i) !== COLON) return -1;
    i = skipSpace(text, i + 1);
    const start = i;
    if (key === into && text.charCodeAt(i) === OPEN_OBJECT) {
      if (seenInto) return -1; // duplicate: the full parse decides which wins
      seenInto = true;
      const inner: Member[] = [];
      i = scanObject(text, i, nested, undefined, '', found, 'params.arguments', inner, minChars);
      if (i < 0) return -1;
      members.push({ key, start, end: i, members: inner });
    } else {
      i = scanValue(text, i);
      if (i < 0) return -1;
      if (key === want) {
        if (seenWant) return -1;
        seenWant = true;
        if (text.charCodeAt(start) === OPEN_OBJECT && i - start >= minChars) {
          found.push({ start, end: i, depth: scannedDepth, path });
        }
      } else if (key === into) {
        if (seenInto) return -1;
        seenInto = true;
      }
      members.push({ key, start, end: i, members: undefined });
    }
    i = skipSpace(text, i);
    const c = text.charCodeAt(i);
    if (c === CLOSE_OBJECT) return i + 1;
    if (c !== COMMA) return -1;
    i = skipSpace(text, i + 1);
  }
}

/** `literals` grouped by length (`literalAt`'s table). */
function byLength(literals: readonly string[]): readonly (readonly string[])[] {
  const table: string[][] = [];
  for (const literal of literals) {
    const same = table[literal.length] ?? [];
    same.push(literal);
    table[literal.length] = same;
  }
  return table;
}
const NONE: readonly string[] = [];

/** The literal of `table` spelled between `start` and `end` of `text`, if there is one. */
function literalAt(
  table: readonly (readonly string[])[],
  text: string,
  start: number,
  end: number,
): string | undefined {
  const same = table[end - start] ?? NONE;
  const first = text.charCodeAt(start);
  for (let n = 0; n < same.length; n++) {
    const literal = same[n] as string;
    if (literal.charCodeAt(0) !== first) continue;
    let k = 1;
    while (k < literal.length && text.charCodeAt(start + k) === literal.charCodeAt(k)) k++;
    if (k === literal.length) return literal;
  }
  return undefined;
}

/**
 * The keys of the envelopes the router forwards: `keyAt` returns these literals (internalized
 * strings) instead of a slice of the text, so building the message (`Scanned.#build`) stores
 * each member under a key V8 need not look up first.
 */
const KNOWN_KEYS = byLength([
  'jsonrpc',
  'id',
  'method',
  'params',
  'result',
  'name',
  'arguments',
  '_meta',
]);

/**
 * The methods of the requests this scan builds (those with a raw `params.arguments`), read as
 * literals too: a method is looked up by name along the route (the route table, method sets),
 * and a slice of the text is a new string V8 must hash and find in its string table each time.
 */
const KNOWN_METHODS = byLength(['tools/call', 'prompts/get']);

/**
 * The key between `start` and `end` (no quotes): a known key's literal, else a slice;
 * undefined for a key with an escape (it might spell a known key).
 */
function keyAt(text: string, start: number, end: number): string | undefined {
  const known = literalAt(KNOWN_KEYS, text, start, end);
  if (known !== undefined) return known;
  const key = text.slice(start, end);
  return key.includes('\\') ? undefined : key;
}

/** One member of a scanned object: its key and the span of its value. */
interface Member {
  readonly key: string;
  readonly start: number;
  readonly end: number;
  /** The members of `params` (the object scanned for `arguments`). */
  readonly members: Member[] | undefined;
}

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

class Scanned implements Envelope {
  constructor(
    readonly text: string,
    readonly start: number,
    readonly end: number,
    readonly path: Envelope['path'],
    readonly raw: RawJson,
    readonly members: Member[],
  ) {}

  get envelope(): string {
    return `${this.text.slice(0, this.start)}0${this.text.slice(this.end)}`;
  }

  message(): Record<string, unknown> | undefined {
    const message = this.#build(this.members);
    // An id past 2^53 keeps its digits through `parseMessage` (wire.ts): left to it.
    const id = message?.id;
    if (typeof id === 'number' && Number.isInteger(id) && !Number.isSafeInteger(id)) {
      return undefined;
    }
    return message;
  }

  /**
   * The object of `members`, as `JSON.parse` builds it: members in text order, a repeated
   * key keeps its first place and its last value. A `__proto__` key (an own member for
   * `JSON.parse`, a prototype for an assignment) is left to the parse.
   */
  #build(members: Member[]): Record<string, unknown> | undefined {
    const routed = this.#buildRouted(members);
    if (routed !== undefined) return routed;
    const out: Record<string, unknown> = {};
    for (const member of members) {
      if (member.key === '__proto__') return undefined;
      const value = this.#value(member);
      if (value === undefined) return undefined;
      out[member.key] = value;
    }
    return out;
  }

  /**
   * The shapes nearly every forwarded message has — `{jsonrpc, id, result}`, `{jsonrpc, id,
   * method, params}`, `{name, arguments}` in this order — built as object literals (one shape
   * each for V8, no keyed stores); the keys are `keyAt`'s literals, compared by identity.
   */
  #buildRouted(members: Member[]): Record<string, unknown> | undefined {
    const a = members[0] as Member;
    const b = members[1] as Member;
    if (members.length === 2 && a.key === 'name' && b.key === 'arguments') {
      const name = this.#value(a);
      const args = this.#value(b);
      return name === undefined || args === undefined ? undefined : { name, arguments: args };
    }
    if (members.length < 3 || a.key !== 'jsonrpc' || b.key !== 'id') return undefined;
    const c = members[2] as Member;
    if (members.length === 3 && c.key === 'result') {
      const jsonrpc = this.#value(a);
      const id = this.#value(b);
      const result = this.#value(c);
      if (jsonrpc === undefined || id === undefined || result === undefined) return undefined;
      return { jsonrpc, id, result };
    }
    const d = members[3];
    if (members.length === 4 && c.key === 'method' && d?.key === 'params') {
      const jsonrpc = this.#value(a);
      const id = this.#value(b);
      // A string value's text sits between its quotes.
      const method =
        (this.text.charCodeAt(c.start) === QUOTE
          ? literalAt(KNOWN_METHODS, this.text, c.start + 1, c.end - 1)
          : undefined) ?? this.#value(c);
      const params = this.#value(d);
      if (jsonrpc === undefined || id === undefined || method === undefined) return undefined;
      return params === undefined ? undefined : { jsonrpc, id, method, params };
    }
    return undefined;
  }

  /** A member's value: the raw payload, a nested object built, or the text read; undefined: unsure. */
  #value(member: Member): unknown {
    if (member.start === this.start) return this.raw;
    if (member.members !== undefined) return this.#build(member.members);
    return valueAt(this.text, member.start, member.end);
  }
}

/**
 * The value of the valid JSON text between `start` and `end`: short strings without escapes,
 * literals and short numbers read directly (`Number` reads a JSON number as `JSON.parse`
 * does), anything else parsed.
 */
function valueAt(text: string, start: number, end: number): unknown {
  const c = text.charCodeAt(start);
  if (c === QUOTE) {
    const body = text.slice(start + 1, end - 1);
    return body.includes('\\') ? JSON.parse(text.slice(start, end)) : body;
  }
  if (c === OPEN_OBJECT || c === OPEN_ARRAY || end - start > 15) {
    return JSON.parse(text.slice(start, end));
  }
  if (c === 0x74 /* t */) return true;
  if (c === 0x66 /* f */) return false;
  if (c === 0x6e /* n */) return null;
  return Number(text.slice(start, end));
}

/**
 * Scans a message's text: `undefined` unless it is one valid JSON object with a payload
 * worth keeping raw (a `result` object, or an `arguments` object in `params`, of at least
 * `minChars`), and no other doubt. Never throws. `bytes`: the UTF-8 bytes `text` was decoded
 * from, if at hand: long strings are then checked on them (stringStops.ts).
 */
export function scanEnvelope(
  text: string,
  minChars = RAW_MIN_CHARS,
  bytes?: Uint8Array,
): Envelope | undefined {
  if (text.length < minChars) return undefined;
  startLine(text, bytes);
  try {
    return scanMessage(text, minChars);
  } finally {
    endLine();
  }
}

function scanMessage(text: string, minChars: number): Envelope | undefined {
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== OPEN_OBJECT) return undefined;
  const found: Found[] = [];
  const members: Member[] = [];
  i = scanObject(text, i, 'result', 'params', 'arguments', found, 'result', members, minChars);
  if (i < 0 || skipSpace(text, i) !== text.length || found.length !== 1) return undefined;
  // Both a `result` and `params.arguments` in one message: not a routed message, left alone.
  const { start, end, depth, path } = found[0] as Found;
  return new Scanned(text, start, end, path, new RawJson(text.slice(start, end), depth), members);
}
