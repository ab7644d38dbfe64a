/**
 * Envelope-only forwarding (core/rpc/envelopeScan.ts), property-based (fast-check, bounded
 * runs): splicing a raw payload into a rewritten envelope writes what parse → rewrite →
 * stringify writes, and the scanner accepts exactly the texts `JSON.parse` accepts, so that
 * invalid JSON never reaches a peer.
 */
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  RAW_MIN_CHARS,
  RawJson,
  ROUTED_RAW_MIN_CHARS,
  scanEnvelope,
  skipValue,
} from '../../../core/rpc/envelopeScan.js';
import {
  decodeMessage,
  materialized,
  parseMessage,
  stringifyMessage,
} from '../../../core/rpc/wire.js';

type Json = Record<string, unknown>;

/** The router's rewrite of a routed request: id, name, and no caller progress token. */
function rewriteRequest(message: Json): Json {
  const params = message.params as Json;
  const { progressToken: _token, ...meta } = (params._meta ?? {}) as Json;
  const out: Json = { ...params, name: `up__${String(params.name)}` };
  if (Object.keys(meta).length > 0) out._meta = meta;
  else delete out._meta;
  return { ...message, id: 7, params: out };
}

/** Whether `JSON.parse` accepts `text`. */
const valid = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

const rewriteResponse = (message: Json): Json => ({ ...message, id: 'client-42' });

/** Replaces raw payloads by their values (what the message means). */
function materialise(value: unknown): unknown {
  if (value instanceof RawJson) return value.value();
  if (Array.isArray(value)) return value.map(materialise);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, materialise(v)]));
  }
  return value;
}

/** An object payload, sometimes padded past the raw threshold. */
const payload = fc
  .tuple(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 4 })), fc.boolean(), fc.string())
  .map(([object, pad, text]) =>
    pad ? { ...object, pad: `${text}${'·"\\\n'.repeat(RAW_MIN_CHARS / 4)}` } : object,
  );

const id = fc.oneof(fc.integer(), fc.string({ maxLength: 8 }));
const format = fc.constantFrom<'compact' | 'pretty'>('compact', 'pretty');
const write = (value: unknown, how: 'compact' | 'pretty'): string =>
  how === 'compact' ? JSON.stringify(value) : JSON.stringify(value, null, 2);

describe('envelope-only forwarding', () => {
  let rawSeen = 0;
  beforeEach(() => {
    rawSeen = 0;
  });

  it('splices a request payload exactly as parse → rewrite → stringify writes it', () => {
    fc.assert(
      fc.property(
        id,
        fc.string({ maxLength: 12 }),
        payload,
        fc.option(fc.oneof(fc.integer(), fc.string({ maxLength: 6 })), { nil: undefined }),
        fc.option(fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 1 })), {
          nil: undefined,
        }),
        format,
        (requestId, name, args, token, meta, how) => {
          const _meta =
            token === undefined && meta === undefined
              ? undefined
              : { ...meta, ...(token === undefined ? {} : { progressToken: token }) };
          const message = {
            jsonrpc: '2.0',
            id: requestId,
            method: 'tools/call',
            params: { name, arguments: args, ...(_meta === undefined ? {} : { _meta }) },
          };
          const text = write(message, how);
          const decoded = decodeMessage(text) as Json;
          const spliced = stringifyMessage(rewriteRequest(decoded));
          const expected = JSON.stringify(rewriteRequest(JSON.parse(text) as Json));
          const raw = (decoded.params as Json).arguments instanceof RawJson;
          if (raw) rawSeen += 1;
          if (how === 'compact') {
            expect(raw).toBe(JSON.stringify(args).length >= RAW_MIN_CHARS);
            expect(spliced).toBe(expected);
          } else expect(JSON.parse(spliced)).toEqual(JSON.parse(expected));
        },
      ),
      { numRuns: 300 },
    );
    expect(rawSeen).toBeGreaterThan(30); // the property did exercise the raw path
  });

  it('splices a response result exactly as parse → rewrite → stringify writes it', () => {
    fc.assert(
      fc.property(id, payload, format, (responseId, result, how) => {
        const text = write({ jsonrpc: '2.0', id: responseId, result }, how);
        const decoded = decodeMessage(text) as Json;
        const raw = decoded.result instanceof RawJson;
        if (raw) rawSeen += 1;
        const spliced = stringifyMessage(rewriteResponse(decoded));
        const expected = JSON.stringify(rewriteResponse(JSON.parse(text) as Json));
        if (how === 'compact') {
          expect(raw).toBe(JSON.stringify(result).length >= RAW_MIN_CHARS);
          expect(spliced).toBe(expected);
        } else expect(JSON.parse(spliced)).toEqual(JSON.parse(expected));
      }),
      { numRuns: 300 },
    );
    expect(rawSeen).toBeGreaterThan(30);
  });

  it('builds the envelope as JSON.parse does: repeated keys, __proto__, escapes, numbers', () => {
    const pad = 'p'.repeat(RAW_MIN_CHARS);
    const texts = [
      `{"jsonrpc":"2.0","id":1,"id":"two","result":{"pad":"${pad}"}}`,
      `{"jsonrpc":"2.0","__proto__":{"polluted":true},"id":3,"result":{"pad":"${pad}"}}`,
      `{"jsonrpc":"2.0","id":"a\\"b\\u0041","result":{"pad":"${pad}"}}`,
      `{"jsonrpc":"2.0","id":-0,"x":1.5e3,"y":[1,{"z":null}],"t":true,"f":false,"n":null,"result":{"pad":"${pad}"}}`,
      `{"jsonrpc":"2.0","id":123456789012345678901,"result":{"pad":"${pad}"}}`,
      `{"jsonrpc":"2.0","id":1e2,"method":"m","params":{"name":"n","__proto__":1,"arguments":{"pad":"${pad}"}}}`,
      `{"jsonrpc":"2.0","id":7,"method":"m","params":{"_meta":{"progressToken":"t"},"name":"n","arguments":{"pad":"${pad}"}}}`,
    ];
    for (const text of texts) {
      const decoded = materialise(decodeMessage(text)) as Json;
      const parsed = parseMessage(text) as Json;
      expect(decoded).toEqual(parsed);
      expect(JSON.stringify(decoded)).toBe(JSON.stringify(parsed));
      expect(Object.getPrototypeOf(decodeMessage(text))).toBe(Object.prototype);
      expect(Object.keys(decodeMessage(text) as Json)).toEqual(Object.keys(parsed));
    }
  });

  it('means what the full parse means, for any JSON text', () => {
    fc.assert(
      fc.property(fc.jsonValue(), id, format, (value, someId, how) => {
        for (const message of [
          value,
          { jsonrpc: '2.0', id: someId, result: { value, pad: 'x'.repeat(RAW_MIN_CHARS) } },
          { id: someId, method: 'm', params: { arguments: { value, p: 'y'.repeat(300) } } },
          // Small payloads: raw only on the router's transports (ROUTED_RAW_MIN_CHARS).
          { jsonrpc: '2.0', id: someId, result: { value } },
          {
            jsonrpc: '2.0',
            id: someId,
            method: 'tools/call',
            params: { name: 'n', arguments: { value } },
          },
        ]) {
          const text = write(message, how);
          for (const minChars of [undefined, ROUTED_RAW_MIN_CHARS]) {
            // With the line's bytes too (long strings checked by the string-stop module).
            for (const bytes of [undefined, Buffer.from(text)]) {
              const decoded = materialise(decodeMessage(text, minChars, bytes));
              expect(decoded).toEqual(parseMessage(text));
              // Same members in the same order (a message built from the scan, not parsed).
              expect(JSON.stringify(decoded)).toBe(JSON.stringify(parseMessage(text)));
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('accepts exactly what JSON.parse accepts (mutated messages, arbitrary text)', () => {
    const significant = fc.constantFrom(
      ...'"\\{}[],:0123456789.eE+-tfnlrsu \t\n\u0000\u001fx'.split(''),
    );
    const mutation = fc.tuple(
      fc.nat(),
      fc.constantFrom('insert', 'replace', 'delete'),
      significant,
    );
    // Pads past 512 characters take the scanner's long-string path (JSON.parse of the string).
    const base = fc
      .tuple(id, payload, fc.boolean(), format, fc.constantFrom(RAW_MIN_CHARS, 700))
      .map(([someId, body, response, how, padLength]) =>
        write(
          response
            ? { jsonrpc: '2.0', id: someId, result: { body, pad: 'z'.repeat(padLength) } }
            : {
                jsonrpc: '2.0',
                id: someId,
                method: 'tools/call',
                params: { name: 'n', arguments: { body, pad: 'z'.repeat(padLength) } },
              },
          how,
        ),
      );
    fc.assert(
      fc.property(base, fc.array(mutation, { minLength: 1, maxLength: 3 }), (text, edits) => {
        let mutated = text;
        for (const [at, kind, char] of edits) {
          const i = at % (mutated.length + 1);
          if (kind === 'insert') mutated = mutated.slice(0, i) + char + mutated.slice(i);
          else if (kind === 'replace') mutated = mutated.slice(0, i) + char + mutated.slice(i + 1);
          else mutated = mutated.slice(0, i) + mutated.slice(i + 1);
        }
        const ok = valid(mutated);
        const start = mutated.length - mutated.trimStart().length;
        for (const bytes of [undefined, Buffer.from(mutated)]) {
          // The scanner alone: the whole text is one value exactly when JSON.parse says so.
          const end = skipValue(mutated, start, bytes);
          const scanned = end >= 0 && mutated.slice(end).trim() === '' && start < mutated.length;
          expect(scanned).toBe(ok);
          // And the decoder never yields a message for invalid text.
          if (ok) {
            expect(materialise(decodeMessage(mutated, undefined, bytes))).toEqual(
              parseMessage(mutated),
            );
          } else expect(() => decodeMessage(mutated, undefined, bytes)).toThrow(SyntaxError);
          if (!ok) expect(scanEnvelope(mutated, undefined, bytes)).toBeUndefined();
        }
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const end = skipValue(text, 0);
        expect(end >= 0 && text.slice(end).trim() === '' && text.trim() === text).toBe(
          valid(text) && text.trim() === text,
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('checks long strings (the JSON.parse path) exactly as JSON.parse does', () => {
    // Pieces of a string body: plain text, valid and broken escapes, raw quotes and controls.
    const piece = fc.oneof(
      { weight: 8, arbitrary: fc.string({ minLength: 20, maxLength: 120 }) },
      fc.constantFrom(
        '\\"',
        '\\\\',
        '\\n',
        '\\u00e9',
        '\\u00zz',
        '\\x',
        '"',
        '\\',
        '\u0000',
        '\u001f',
        '\t',
        '·',
      ),
    );
    // Sometimes a long plain start, so that escapes and quotes come past the 512th character.
    const body = fc
      .tuple(fc.constantFrom(0, 520), fc.array(piece, { minLength: 5, maxLength: 40 }))
      .map(([plain, parts]) => 'p'.repeat(plain) + parts.join(''));
    fc.assert(
      fc.property(body, fc.constantFrom('', ']', ',1]', '"x"]'), (text, after) => {
        const literal = `"${text}"`;
        const array = `[${literal}${after === '' ? ']' : after}`;
        // Without bytes, and with them (ASCII texts: the string-stop module checks them).
        for (const withBytes of [false, true]) {
          const end = skipValue(literal, 0, withBytes ? Buffer.from(literal) : undefined);
          expect(end >= 0 && end === literal.length).toBe(valid(literal));
          // Inside an array: the scanner finds the same end as JSON.parse's view of the text.
          const arrayEnd = skipValue(array, 0, withBytes ? Buffer.from(array) : undefined);
          expect(arrayEnd >= 0 && arrayEnd === array.length).toBe(valid(array));
        }
      }),
      { numRuns: 2000 },
    );
    // And valid long strings of any content are accepted, whatever they hold.
    fc.assert(
      fc.property(
        fc.string({ minLength: 300, maxLength: 3000, unit: 'binary' }),
        fc.array(fc.constantFrom('"', '\\', '\\"', '\n', '\u0000', 'é'), { maxLength: 20 }),
        (text, specials) => {
          const literal = JSON.stringify(text + specials.join(''));
          expect(skipValue(literal, 0)).toBe(literal.length);
          expect(skipValue(literal, 0, Buffer.from(literal))).toBe(literal.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('checks strings on the bytes as JSON.parse does: escapes, controls, invalid UTF-8', () => {
    // ASCII texts with the piece set of the long-string test, sometimes the body written as
    // arbitrary bytes: invalid UTF-8 decodes to one U+FFFD per byte (still aligned) or to fewer
    // characters than bytes (not aligned: the bytes are then ignored).
    const piece = fc.oneof(
      { weight: 6, arbitrary: fc.string({ minLength: 1, maxLength: 60 }) },
      fc.constantFrom('\\"', '\\\\', '\\/', '\\b', '\\u00e9', '\\u0G00', '\\q', '"', '\\'),
      fc.constantFrom('\u0000', '\u001f', '\t', '\u007f'),
    );
    const rawBytes = fc.uint8Array({ maxLength: 80 });
    let aligned = 0;
    fc.assert(
      fc.property(
        fc.array(fc.oneof(piece, rawBytes), { minLength: 1, maxLength: 30 }),
        fc.constantFrom(0, 40, 600),
        (parts, pad) => {
          const body = Buffer.concat([
            Buffer.from('x'.repeat(pad)),
            ...parts.map((part) =>
              typeof part === 'string' ? Buffer.from(part, 'utf8') : Buffer.from(part),
            ),
          ]);
          const line = Buffer.concat([Buffer.from('{"a":["'), body, Buffer.from('"]}')]);
          const text = line.toString('utf8');
          if (text.length === line.length) aligned += 1;
          const end = skipValue(text, 0, line);
          expect(end >= 0 && end === text.length).toBe(valid(text));
        },
      ),
      { numRuns: 2000 },
    );
    // Most runs are aligned, so the module's path is the one tested.
    expect(aligned).toBeGreaterThan(1000);
    // Many escapes in one string: past 16 the string goes back to JSON.parse, same verdicts.
    const escapes = '\\n'.repeat(40);
    for (const tail of ['', '\u0001', '\\x', '\\u12']) {
      const text = `{"a":"${'y'.repeat(50)}${escapes}${tail}"}`;
      expect(skipValue(text, 0, Buffer.from(text)) === text.length).toBe(valid(text));
    }
  });

  it('leaves a message to the full parse when unsure: escaped or duplicate routing keys', () => {
    const big = `{"a":"${'x'.repeat(RAW_MIN_CHARS)}"}`;
    const dupe = `{"jsonrpc":"2.0","id":1,"result":${big},"result":{"b":1}}`;
    expect(scanEnvelope(dupe)).toBeUndefined();
    expect(decodeMessage(dupe)).toEqual({ jsonrpc: '2.0', id: 1, result: { b: 1 } });
    const escaped = `{"jsonrpc":"2.0","id":1,"res\\u0075lt":${big}}`;
    expect(scanEnvelope(escaped)).toBeUndefined();
    expect((decodeMessage(escaped) as Json).result).toEqual(JSON.parse(big));
    const both = `{"id":1,"method":"m","params":{"arguments":${big}},"result":${big}}`;
    expect(scanEnvelope(both)).toBeUndefined();
  });

  it('keeps the nesting depth of a raw payload for the depth bound', () => {
    const deep = `${'['.repeat(40)}${']'.repeat(40)}`;
    const text = `{"jsonrpc":"2.0","id":1,"result":{"d":${deep},"p":"${'x'.repeat(RAW_MIN_CHARS)}"}}`;
    const decoded = decodeMessage(text) as Json;
    expect(decoded.result).toBeInstanceOf(RawJson);
    expect((decoded.result as RawJson).depth).toBe(41);
  });
});

describe('materialized', () => {
  it('parses a raw result or raw arguments, and leaves other messages as they are', () => {
    const big = { text: 'x'.repeat(RAW_MIN_CHARS) };
    const response = decodeMessage(JSON.stringify({ jsonrpc: '2.0', id: 1, result: big }));
    expect((response as Json).result).toBeInstanceOf(RawJson);
    expect(materialized(response)).toEqual({ jsonrpc: '2.0', id: 1, result: big });
    const request = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { arguments: big } };
    expect(materialized(decodeMessage(JSON.stringify(request)))).toEqual(request);
    const plain = { jsonrpc: '2.0', method: 'x' };
    expect(materialized(plain)).toBe(plain);
  });
});
