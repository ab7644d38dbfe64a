/**
 * Property-based tests of the SSE parser (fast-check, bounded runs): events written with any
 * line endings and split anywhere are parsed back exactly; arbitrary text never throws and
 * gives the same events however it is chunked; nothing grows past `maxChars`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ParsedSseEvent, SseParser } from '../../../transports/http/sseParser.js';

function parse(chunks: string[], maxChars?: number) {
  const events: ParsedSseEvent[] = [];
  const errors: string[] = [];
  const retries: number[] = [];
  const parser = new SseParser(
    {
      onEvent: (event) => events.push(event),
      onRetry: (ms) => retries.push(ms),
      onError: (error) => errors.push(error.message),
    },
    maxChars === undefined ? {} : { maxChars },
  );
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return { events, errors, retries };
}

function split(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let start = 0;
  for (const point of points) {
    pieces.push(text.slice(start, point));
    start = point;
  }
  pieces.push(text.slice(start));
  return pieces;
}

/** A field value: any text without a line break (the format cannot carry one in a line). */
const lineText = fc.string({ maxLength: 30 }).map((s) => s.replace(/[\r\n]/g, ' '));
const eventArb = fc.record({
  type: fc.option(
    lineText.map((s) => `t${s.trim()}`),
    { nil: undefined },
  ),
  data: fc.array(lineText, { minLength: 1, maxLength: 4 }),
  id: fc.option(
    lineText.map((s) => s.replace(/\0/g, '')),
    { nil: undefined },
  ),
});
const eol = fc.constantFrom('\n', '\r\n', '\r');
const cuts = fc.array(fc.nat(), { maxLength: 20 });

describe('SseParser properties', () => {
  it('parses written events back exactly, with any line endings and chunking', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(eventArb, eol), { maxLength: 8 }), cuts, (written, at) => {
        let text = '';
        let lastId = '';
        const expected: ParsedSseEvent[] = [];
        for (const [event, end] of written) {
          if (event.type !== undefined) text += `event: ${event.type}${end}`;
          if (event.id !== undefined) {
            text += `id: ${event.id}${end}`;
            lastId = event.id;
          }
          for (const line of event.data) text += `data: ${line}${end}`;
          text += end;
          expected.push({
            type: event.type ?? 'message',
            data: event.data.join('\n'),
            lastEventId: lastId,
          });
        }
        expect(parse(split(text, at)).events).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on arbitrary text and is independent of chunking', () => {
    const alphabet = fc.constantFrom(
      'd',
      'a',
      't',
      ':',
      ' ',
      '\n',
      '\r',
      'i',
      'e',
      'v',
      'n',
      'r',
      'y',
      '1',
      '\uFEFF',
      'é',
    );
    const text = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.array(alphabet, { maxLength: 300 }).map((a) => a.join('')),
    );
    fc.assert(
      fc.property(text, cuts, (input, at) => {
        const whole = parse([input], 64);
        const pieces = parse(split(input, at), 64);
        expect(pieces).toEqual(whole);
        for (const event of whole.events) expect(event.data.length).toBeLessThanOrEqual(64);
      }),
      { numRuns: 400 },
    );
  });
});
