/**
 * Responses that match no request in flight: a late answer to a request this side issued is a
 * debug line; an id never issued is a warning, at most one per 10 s (virtual time), counting
 * the ones dropped in between. Neither disturbs the requests in flight.
 */
import { describe, expect, it } from 'vitest';
import type { Logger } from '../../../core/log/log.js';
import { advanceTo, rawPeer, virtualTime } from './connectionHarness.js';

function recordingLog() {
  const lines: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
  const log: Logger = {
    debug: (message, fields) => lines.push({ level: 'debug', message, ...(fields && { fields }) }),
    info: (message, fields) => lines.push({ level: 'info', message, ...(fields && { fields }) }),
    warn: (message, fields) => lines.push({ level: 'warn', message, ...(fields && { fields }) }),
    error: (message, fields) => lines.push({ level: 'error', message, ...(fields && { fields }) }),
    child: () => log,
  };
  return { log, lines };
}

describe('Connection outbound: responses with unknown ids', () => {
  it('logs a late response to an ended request at debug, with its id', () => {
    const { log, lines } = recordingLog();
    const peer = rawPeer({ log });
    peer.connection.request$('a').subscribe().unsubscribe();
    peer.send({ jsonrpc: '2.0', id: 0, result: {} });
    expect(lines.filter((l) => l.message.includes('no in-flight request'))).toEqual([
      { level: 'debug', message: expect.any(String), fields: { id: 0 } },
    ]);
    expect(lines.filter((l) => l.level === 'warn')).toEqual([]);
  });

  it('warns about ids never sent, once per 10 s, with how many were dropped', () => {
    const scheduler = virtualTime();
    const { log, lines } = recordingLog();
    const peer = rawPeer({ log, scheduler });
    const results: unknown[] = [];
    peer.connection.request$('a').subscribe((e) => results.push(e));
    const warnings = () => lines.filter((l) => l.level === 'warn').map((l) => l.fields);
    peer.send({ jsonrpc: '2.0', id: 'nope', result: {} });
    peer.send({ jsonrpc: '2.0', id: 7, result: {} });
    peer.send({ jsonrpc: '2.0', id: 8, result: {} });
    expect(warnings()).toEqual([{ id: 'nope', dropped: 1 }]);
    advanceTo(scheduler, 9_999);
    peer.send({ jsonrpc: '2.0', id: 9, result: {} });
    expect(warnings()).toHaveLength(1);
    advanceTo(scheduler, 10_000);
    peer.send({ jsonrpc: '2.0', id: 10, result: {} });
    expect(warnings()).toEqual([
      { id: 'nope', dropped: 1 },
      { id: 10, dropped: 4 },
    ]);
    peer.send({ jsonrpc: '2.0', id: 0, result: { ok: true } });
    expect(results).toEqual([{ kind: 'result', result: { ok: true } }]);
  });
});
