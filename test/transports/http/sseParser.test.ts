import { describe, expect, it } from 'vitest';
import { type ParsedSseEvent, SseParser } from '../../../transports/http/sseParser.js';

function parse(chunks: string[], maxChars?: number) {
  const events: ParsedSseEvent[] = [];
  const retries: number[] = [];
  const errors: string[] = [];
  const parser = new SseParser(
    {
      onEvent: (e) => events.push(e),
      onRetry: (ms) => retries.push(ms),
      onError: (e) => errors.push(e.message),
    },
    maxChars === undefined ? {} : { maxChars },
  );
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return { events, retries, errors, lastEventId: parser.lastEventId };
}

/** Every way of cutting `text` in two, plus one character at a time. */
const splits = (text: string): string[][] => [
  [text],
  [...text],
  ...Array.from({ length: text.length - 1 }, (_, i) => [text.slice(0, i + 1), text.slice(i + 1)]),
];

describe('SseParser', () => {
  it('parses the same events however the stream is chunked, for LF, CRLF and CR', () => {
    const text = 'id: 1:1\nevent: message\ndata: {"a":1}\n\ndata: x\ndata: y\n\n';
    for (const eol of ['\n', '\r\n', '\r']) {
      const input = text.replaceAll('\n', eol);
      for (const chunks of splits(input)) {
        const { events } = parse(chunks);
        expect(events, JSON.stringify(chunks)).toEqual([
          { type: 'message', data: '{"a":1}', lastEventId: '1:1' },
          { type: 'message', data: 'x\ny', lastEventId: '1:1' },
        ]);
      }
    }
  });

  it('drops a leading BOM and comments, and keeps values with colons', () => {
    const { events } = parse(['\uFEFF: comment\nevent: endpoint\ndata: /m?x=a:b\n\n']);
    expect(events).toEqual([{ type: 'endpoint', data: '/m?x=a:b', lastEventId: '' }]);
  });

  it('does not dispatch an event without data but keeps its id; `data:` alone dispatches ""', () => {
    const { events, lastEventId } = parse(['id: 3:0\n\n', 'id: 3:1\ndata:\n\n', 'id: 3:2\n\n']);
    expect(events).toEqual([{ type: 'message', data: '', lastEventId: '3:1' }]);
    expect(lastEventId).toBe('3:2');
  });

  it('reads retry as digits only, and ignores an id with NUL', () => {
    const { retries, events } = parse(['retry: 250\nretry: 1x\nid: a\0b\ndata: z\n\n']);
    expect(retries).toEqual([250]);
    expect(events[0]!.lastEventId).toBe('');
  });

  it('discards an event not closed by a blank line at the end of the stream', () => {
    expect(parse(['data: done\n\ndata: half\n']).events).toHaveLength(1);
  });

  it('drops oversized lines and events and reports them', () => {
    const { events, errors } = parse(
      ['data: ', 'x'.repeat(50), 'y'.repeat(50), '\n\ndata: ok\n\n'],
      64,
    );
    expect(events).toEqual([{ type: 'message', data: 'ok', lastEventId: '' }]);
    expect(errors).toHaveLength(1);
    const many = parse([`${'data: 0123456789\n'.repeat(10)}\ndata: ok\n\n`], 64);
    expect(many.events.map((e) => e.data)).toEqual(['ok']);
    expect(many.errors).toHaveLength(1);
  });

  it('handles a CR at the end of a chunk followed by a chunk starting with LF as one line end', () => {
    const { events } = parse(['data: a\r', '\ndata: b\r', '\n\r', '\n']);
    expect(events).toEqual([{ type: 'message', data: 'a\nb', lastEventId: '' }]);
  });
});
