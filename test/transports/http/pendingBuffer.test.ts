/**
 * Messages waiting for a session's GET stream are bounded by size, not only by count, and
 * the drops are logged once per period with a count, not once per message.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../core/log/log.js';
import { SseParser } from '../../../transports/http/sseParser.js';
import { type EchoFacade, initialize, post, readEvents, startEchoFacade } from './fixtures.js';

let running: EchoFacade | undefined;
afterEach(async () => {
  await running?.facade.close();
  running = undefined;
});

describe('the pending buffer of the GET stream', () => {
  it('keeps at most maxBufferedBytes, newest last, and warns once for a burst', async () => {
    const lines: string[] = [];
    const log = createLogger({ level: 'debug', sink: (line) => lines.push(line) });
    running = await startEchoFacade({ maxBufferedBytes: 64 * 1024, log });
    const opened = await post(running.facade.url, initialize());
    const sessionId = opened.headers.get('mcp-session-id') ?? '';
    await readEvents(opened);
    const session = running.sessions[0];
    const text = 'x'.repeat(10 * 1024);
    for (let seq = 0; seq < 3000; seq += 1) {
      session?.send({ jsonrpc: '2.0', method: 'notifications/message', params: { seq, text } });
    }
    const warnings = lines.filter((line) => line.includes('dropped the oldest pending'));
    expect(warnings).toHaveLength(1);
    const controller = new AbortController();
    const get = await fetch(running.facade.url, {
      headers: {
        accept: 'text/event-stream',
        'mcp-session-id': sessionId,
        'mcp-protocol-version': '2025-06-18',
      },
      signal: controller.signal,
    });
    // Read until the newest message arrived (the stream stays open).
    const events: { params: { seq: number } }[] = [];
    const parser = new SseParser({
      onEvent: (event) => {
        if (event.data !== '') events.push(JSON.parse(event.data));
      },
    });
    const reader = get.body?.getReader();
    const decoder = new TextDecoder();
    while (reader && events.at(-1)?.params.seq !== 2999) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    controller.abort();
    // 64 KiB holds six 10 KiB messages: the newest ones.
    expect(events.length).toBeLessThanOrEqual(7);
    expect(events.at(-1)?.params.seq).toBe(2999);
  });
});
