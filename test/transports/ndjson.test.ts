import { describe, expect, it } from 'vitest';
import { RAW_MIN_CHARS, RawJson, ROUTED_RAW_MIN_CHARS } from '../../core/rpc/envelopeScan.js';
import { stringStopsStats } from '../../core/rpc/stringStops.js';
import { FrameError } from '../../core/rpc/transport.js';
import { materialized } from '../../core/rpc/wire.js';
import { type DecodedFrame, encodeMessage, NdjsonDecoder } from '../../transports/ndjson.js';

const values = (frames: readonly DecodedFrame[]): unknown[] =>
  frames.map((f) => (f.kind === 'message' ? f.value : f.error));

/** Feeds `bytes` cut at the given positions and collects every frame. */
function decodeSplit(bytes: Buffer, cuts: number[], decoder = new NdjsonDecoder()): unknown[] {
  const out: unknown[] = [];
  let start = 0;
  for (const cut of [...cuts, bytes.length]) {
    out.push(...values(decoder.push(bytes.subarray(start, cut))));
    start = cut;
  }
  return out;
}

const messages = [
  { jsonrpc: '2.0', id: 1, method: 'tools/list' },
  { jsonrpc: '2.0', id: 'ä-€-𝄞', result: { text: 'line\nbreak "quoted" 日本語' } },
  { jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 0.5 } },
];
const wire = Buffer.concat(messages.map((m) => encodeMessage(m)));

describe('NdjsonDecoder framing', () => {
  it('decodes the same messages whatever single split point is used', () => {
    for (let cut = 0; cut <= wire.length; cut += 1) {
      expect(decodeSplit(wire, [cut]), `cut at ${cut}`).toEqual(messages);
    }
  });

  it('decodes every pair of split points (multi-byte UTF-8 cut anywhere)', () => {
    for (let a = 0; a <= wire.length; a += 1) {
      for (let b = a; b <= wire.length; b += 7) {
        expect(decodeSplit(wire, [a, b])).toEqual(messages);
      }
    }
  });

  it('decodes a message delivered one byte at a time', () => {
    const cuts = Array.from({ length: wire.length - 1 }, (_, i) => i + 1);
    expect(decodeSplit(wire, cuts)).toEqual(messages);
  });

  it('decodes a 4-byte UTF-8 character split across chunks', () => {
    const bytes = encodeMessage({ s: '𝄞' });
    const at = bytes.indexOf(0xf0);
    for (let k = 1; k < 4; k += 1) {
      expect(decodeSplit(bytes, [at + k])).toEqual([{ s: '𝄞' }]);
    }
  });

  it('tolerates \\r\\n line ends and blank lines', () => {
    const bytes = Buffer.from('\n\r\n{"a":1}\r\n   \n\r\n{"b":2}\n\n', 'utf8');
    for (let cut = 0; cut <= bytes.length; cut += 1) {
      expect(decodeSplit(bytes, [cut])).toEqual([{ a: 1 }, { b: 2 }]);
    }
  });

  it('keeps messages and chunk pieces of any size in order (staging + referenced pieces)', () => {
    const big = { blob: 'x'.repeat(200_000), tail: 'é' };
    const bytes = Buffer.concat([
      encodeMessage({ n: 1 }),
      encodeMessage(big),
      encodeMessage({ n: 2 }),
    ]);
    const sizes = [1, 3, 100, 8191, 8192, 9000, 70_000];
    const cuts: number[] = [];
    for (let at = 0, i = 0; at < bytes.length; i += 1) {
      at += sizes[i % sizes.length]!;
      if (at < bytes.length) cuts.push(at);
    }
    expect(decodeSplit(bytes, cuts)).toEqual([{ n: 1 }, big, { n: 2 }]);
  });

  it('parses a last line without newline at end()', () => {
    const decoder = new NdjsonDecoder();
    expect(values(decoder.push(Buffer.from('{"a":1}\n{"b":')))).toEqual([{ a: 1 }]);
    expect(values(decoder.push(Buffer.from('2}')))).toEqual([]);
    expect(values(decoder.end())).toEqual([{ b: 2 }]);
    expect(decoder.pendingBytes).toBe(0);
  });
});

describe('NdjsonDecoder bad input', () => {
  it('reports a garbage line as a parse error and keeps decoding', () => {
    const bytes = Buffer.from('not json\n{"ok":true}\n', 'utf8');
    for (let cut = 0; cut <= bytes.length; cut += 1) {
      const out = decodeSplit(bytes, [cut]);
      expect(out).toHaveLength(2);
      expect(out[0]).toBeInstanceOf(FrameError);
      expect((out[0] as FrameError).kind).toBe('parse');
      expect(out[1]).toEqual({ ok: true });
    }
  });

  it('reports an oversized message once, drops it, and decodes the next one', () => {
    const max = 100;
    const bytes = Buffer.concat([
      encodeMessage({ big: 'y'.repeat(500) }),
      encodeMessage({ after: 1 }),
    ]);
    for (const chunk of [1, 7, 64, 99, 100, 101, 1000]) {
      const cuts: number[] = [];
      for (let at = chunk; at < bytes.length; at += chunk) cuts.push(at);
      const decoder = new NdjsonDecoder({ maxMessageBytes: max });
      const out = decodeSplit(bytes, cuts, decoder);
      expect(out, `chunk ${chunk}`).toHaveLength(2);
      const error = out[0] as FrameError;
      expect(error).toBeInstanceOf(FrameError);
      expect(error.kind).toBe('too-large');
      expect(error.message).toContain('100 bytes');
      expect(error.message).toContain('maxMessageBytes');
      expect(out[1]).toEqual({ after: 1 });
      expect(decoder.pendingBytes).toBe(0);
    }
  });

  it('never holds more than the limit while discarding an oversized message', () => {
    const decoder = new NdjsonDecoder({ maxMessageBytes: 1024 });
    const frames: DecodedFrame[] = [];
    for (let i = 0; i < 100; i += 1) {
      frames.push(...decoder.push(Buffer.alloc(512, 0x61)));
      expect(decoder.pendingBytes).toBeLessThanOrEqual(1024);
    }
    frames.push(...decoder.push(Buffer.from('\n{"x":1}\n')));
    expect(frames.map((f) => (f.kind === 'error' ? f.error.kind : f.value))).toEqual([
      'too-large',
      { x: 1 },
    ]);
  });

  it('accepts a message of exactly the limit', () => {
    const line = encodeMessage({ s: 'z'.repeat(50) });
    const decoder = new NdjsonDecoder({ maxMessageBytes: line.length - 1 });
    expect(values(decoder.push(line))).toEqual([{ s: 'z'.repeat(50) }]);
  });

  it('reports a truncated last message at end() as a parse error', () => {
    const decoder = new NdjsonDecoder();
    decoder.push(Buffer.from('{"a":'));
    const out = values(decoder.end());
    expect(out).toHaveLength(1);
    expect((out[0] as FrameError).kind).toBe('parse');
  });
});

describe('NdjsonDecoder raw payloads', () => {
  const call = (payload: string): string =>
    JSON.stringify({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'echo', arguments: { payload } },
    });
  const argumentsOf = (frames: readonly DecodedFrame[]): unknown => {
    const frame = frames[0];
    if (frame?.kind !== 'message') throw new Error('no message');
    return ((frame.value as Record<string, unknown>).params as Record<string, unknown>).arguments;
  };

  it('keeps a 100-character payload raw only when asked (the router transports)', () => {
    const line = call('x'.repeat(100));
    expect(line.length).toBeLessThan(RAW_MIN_CHARS);
    const plain = argumentsOf(new NdjsonDecoder().push(Buffer.from(`${line}\n`)));
    expect(plain).toEqual({ payload: 'x'.repeat(100) });
    const frames = new NdjsonDecoder({ rawMinChars: ROUTED_RAW_MIN_CHARS }).push(
      Buffer.from(`${line}\n`),
    );
    const raw = argumentsOf(frames);
    expect(raw).toBeInstanceOf(RawJson);
    expect((raw as RawJson).text).toBe(JSON.stringify({ payload: 'x'.repeat(100) }));
    const frame = frames[0] as { value: unknown };
    expect(materialized(frame.value)).toEqual(JSON.parse(line));
    // The router's transports keep the smallest payload raw too; the default parses it.
    const tiny = argumentsOf(
      new NdjsonDecoder({ rawMinChars: ROUTED_RAW_MIN_CHARS }).push(Buffer.from(`${call('')}\n`)),
    );
    expect(tiny).toBeInstanceOf(RawJson);
    expect((tiny as RawJson).text).toBe('{"payload":""}');
    const empty =
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","arguments":{}}}';
    const none = argumentsOf(
      new NdjsonDecoder({ rawMinChars: ROUTED_RAW_MIN_CHARS }).push(Buffer.from(`${empty}\n`)),
    );
    expect((none as RawJson).text).toBe('{}');
    expect(argumentsOf(new NdjsonDecoder().push(Buffer.from(`${call('')}\n`)))).toEqual({
      payload: '',
    });
  });
});

describe('encodeMessage', () => {
  it('writes one line with every inner newline escaped', () => {
    const bytes = encodeMessage({ text: 'a\nb\r\nc', u: '\u2028' });
    const text = bytes.toString('utf8');
    expect(text.indexOf('\n')).toBe(text.length - 1);
    expect(JSON.parse(text)).toEqual({ text: 'a\nb\r\nc', u: '\u2028' });
  });

  it('throws a TypeError for values JSON cannot represent', () => {
    expect(() => encodeMessage(undefined)).toThrow(TypeError);
    expect(() => encodeMessage({ n: 10n })).toThrow(TypeError);
  });
});

describe('NdjsonDecoder and the string-stop scan', () => {
  const call = (text: string): string =>
    `${JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'n', arguments: { text } },
    })}\r\n`;

  it('hands an ASCII line to the string-stop module, and not a line of other text', () => {
    const decoder = new NdjsonDecoder({ rawMinChars: ROUTED_RAW_MIN_CHARS });
    const before = stringStopsStats.lines;
    const ascii = 'a'.repeat(600);
    const [frame] = decoder.push(Buffer.from(call(ascii))) as DecodedFrame[];
    expect(stringStopsStats.lines).toBe(before + 1);
    expect(frame?.kind === 'message' && materialized(frame.value)).toMatchObject({
      params: { arguments: { text: ascii } },
    });
    // Characters of more than one byte: the offsets differ, the line is checked without it.
    const wide = 'é'.repeat(600);
    const [other] = decoder.push(Buffer.from(call(wide))) as DecodedFrame[];
    expect(stringStopsStats.lines).toBe(before + 1);
    expect(other?.kind === 'message' && materialized(other.value)).toMatchObject({
      params: { arguments: { text: wide } },
    });
    // And an invalid string on the module's path is still a parse error.
    const [bad] = decoder.push(Buffer.from(call(ascii).replace('aaaa', 'a\\qa'))) as DecodedFrame[];
    expect(stringStopsStats.lines).toBe(before + 2);
    expect(bad?.kind === 'error' && bad.error.kind).toBe('parse');
  });
});
