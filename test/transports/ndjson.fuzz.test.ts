/**
 * Property-based tests of the NDJSON framer (fast-check, bounded runs): whatever the chunking,
 * the decoder yields exactly the messages encoded, never throws on arbitrary bytes, keeps its
 * memory under the limit, and recovers after an oversized or broken line.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DecodedFrame, encodeLine, NdjsonDecoder } from '../../transports/ndjson.js';

/** Splits `bytes` at the given cut points (sorted, deduplicated, inside the buffer). */
function split(bytes: Buffer, cuts: number[]): Buffer[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Buffer[] = [];
  let start = 0;
  for (const point of points) {
    pieces.push(bytes.subarray(start, point));
    start = point;
  }
  pieces.push(bytes.subarray(start));
  return pieces;
}

function decodeAll(decoder: NdjsonDecoder, pieces: Buffer[]): DecodedFrame[] {
  const frames: DecodedFrame[] = [];
  for (const piece of pieces) frames.push(...decoder.push(piece));
  frames.push(...decoder.end());
  return frames;
}

const summary = (frames: DecodedFrame[]) =>
  frames.map((f) => (f.kind === 'message' ? { message: f.value } : { error: f.error.kind }));

const cuts = fc.array(fc.nat(), { maxLength: 20 });

describe('NdjsonDecoder properties', () => {
  it('decodes encoded messages exactly, whatever the chunking', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { maxLength: 12 }), cuts, (values, at) => {
        const bytes = Buffer.from(values.map((v) => encodeLine(v)).join(''), 'utf8');
        const frames = decodeAll(new NdjsonDecoder(), split(bytes, at));
        // JSON has no -0: compare with what a JSON round trip gives.
        expect(summary(frames)).toEqual(
          values.map((v) => ({ message: JSON.parse(JSON.stringify(v)) })),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on arbitrary bytes, gives the same frames for any chunking, stays under the limit', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 600 }),
        cuts,
        fc.integer({ min: 8, max: 200 }),
        (raw, at, max) => {
          const bytes = Buffer.from(raw);
          const whole = decodeAll(new NdjsonDecoder({ maxMessageBytes: max }), [bytes]);
          const decoder = new NdjsonDecoder({ maxMessageBytes: max });
          const frames: DecodedFrame[] = [];
          for (const piece of split(bytes, at)) {
            frames.push(...decoder.push(piece));
            expect(decoder.pendingBytes).toBeLessThanOrEqual(max);
          }
          frames.push(...decoder.end());
          expect(summary(frames)).toEqual(summary(whole));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reports an oversized line (naming the limit) and decodes the next one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.jsonValue(), cuts, (extra, next, at) => {
        const max = 256;
        const big = `{"id":1,"result":"${'x'.repeat(max + extra)}"}\n`;
        const bytes = Buffer.from(big + encodeLine(next), 'utf8');
        const frames = decodeAll(new NdjsonDecoder({ maxMessageBytes: max }), split(bytes, at));
        expect(frames[0]?.kind).toBe('error');
        if (frames[0]?.kind === 'error') {
          expect(frames[0].error.kind).toBe('too-large');
          expect(frames[0].error.message).toContain('256 bytes');
          expect(frames[0].error.head?.startsWith('{"id":1,')).toBe(true);
        }
        if (JSON.stringify(next).length <= max) {
          expect(summary(frames.slice(1))).toEqual([{ message: JSON.parse(JSON.stringify(next)) }]);
        }
      }),
      { numRuns: 150 },
    );
  });
});
