/**
 * The audit observer: only the audited methods get a line, the arguments as configured
 * (digest of their text, full, none), the JSON-RPC code of an error, the caller's principal,
 * session and approval decision.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ErrorCode, RpcError } from '../../../core/errors/errors.js';
import { AuditObserver, type AuditOptions, lineSink } from '../../../core/observe/audit.js';
import { auditLine, isoTime, millisText } from '../../../core/observe/auditLine.js';
import { RawJson } from '../../../core/rpc/envelopeScan.js';

function observer(options: Partial<AuditOptions> & { redact?: string[] } = {}) {
  const lines: Record<string, unknown>[] = [];
  let now = 100;
  const write = (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>);
  const audit = new AuditObserver({
    sink: lineSink({ write }, { arguments: options.arguments, redact: options.redact }),
    exposed: (upstream, name) => `${upstream}__${name}`,
    wallClock: () => Date.UTC(2026, 10, 27),
    now: () => now,
    ...options,
  });
  return { audit, lines, advance: (ms: number) => (now += ms) };
}

const caller = {
  context: { principal: 'alice', sessionId: 's-1' },
  approval: 'accepted' as const,
};

describe('AuditObserver', () => {
  it('writes one line when an audited request ends', () => {
    const { audit, lines, advance } = observer();
    const args = '{"path":"/x"}';
    const params = { name: 'delete_file', arguments: new RawJson(args, 1) };
    const watch = audit.request('fs', 'tools/call', 'delete_file', params, caller);
    expect(watch.params).toBe(params);
    advance(12.5);
    watch.answered(new RawJson('{"content":[]}', 2) as never);
    watch.end('ok');
    watch.end('ok');
    expect(lines).toEqual([
      {
        time: '2026-11-27T00:00:00.000Z',
        principal: 'alice',
        session: 's-1',
        upstream: 'fs',
        method: 'tools/call',
        exposed: 'fs__delete_file',
        name: 'delete_file',
        arguments: { sha256: createHash('sha256').update(args).digest('hex') },
        approval: 'accepted',
        outcome: 'ok',
        durationMs: 12.5,
        bytesIn: args.length,
        bytesOut: '{"content":[]}'.length,
      },
    ]);
  });

  it('skips methods that are not audited, and writes full, none and error codes', () => {
    const { audit, lines } = observer({ arguments: 'full', methods: ['tools/call'] });
    audit.request('fs', 'prompts/get', 'p', {}).end('ok');
    expect(lines).toEqual([]);
    audit
      .request('fs', 'tools/call', 't', { arguments: { a: 1 } })
      .end('error', new RpcError(ErrorCode.InvalidParams, 'bad'));
    expect(lines[0]).toMatchObject({
      arguments: { a: 1 },
      outcome: 'error',
      code: ErrorCode.InvalidParams,
    });
    expect(lines[0]?.principal).toBeUndefined();
    const redacting = observer({ arguments: 'full', redact: ['*token*'] });
    const secret = { q: 'x', auth: { apiToken: 'sk-1' } };
    redacting.audit.request('fs', 'tools/call', 't', { arguments: secret }).end('ok');
    expect(redacting.lines[0]?.arguments).toEqual({ q: 'x', auth: { apiToken: '[redacted]' } });
    const none = observer({ arguments: 'none' });
    none.audit.request('fs', 'tools/call', 't', { arguments: { a: 1 } }).end('declined');
    expect(none.lines[0]?.arguments).toBeUndefined();
    expect(none.lines[0]?.outcome).toBe('declined');
  });
});

describe('auditLine', () => {
  it("names each line's own caller and tool when consecutive lines differ in only one of them", () => {
    const base = {
      time: Date.UTC(2026, 10, 27),
      principal: 'alice' as string | undefined,
      session: 's-1' as string | undefined,
      profile: undefined as string | undefined,
      upstream: 'fs',
      method: 'tools/call',
      exposed: 'fs__read' as string | undefined,
      name: 'read' as string | undefined,
      arguments: undefined,
      bytesIn: 0,
      approval: undefined,
      outcome: 'ok',
      code: undefined,
      durationMs: 1,
      bytesOut: 2,
    };
    const variants = [
      base,
      { ...base, session: 's-2' },
      base,
      { ...base, principal: undefined },
      { ...base, principal: 'bob' },
      { ...base, upstream: 'gh' },
      { ...base, method: 'prompts/get' },
      { ...base, exposed: undefined, name: undefined, method: 'resources/read' },
      { ...base, name: 'write', exposed: 'fs__write' },
      { ...base, profile: 'ops' },
      base,
    ];
    for (const entry of variants) {
      const line = JSON.parse(auditLine(entry, { arguments: 'none' })) as Record<string, unknown>;
      expect(line.principal).toBe(entry.principal);
      expect(line.session).toBe(entry.session);
      expect(line.profile).toBe(entry.profile);
      expect(line.upstream).toBe(entry.upstream);
      expect(line.method).toBe(entry.method);
      expect(line.exposed).toBe(entry.exposed);
      expect(line.name).toBe(entry.name);
    }
  });
});

describe('isoTime', () => {
  it('writes what Date#toISOString writes, across seconds, fractions and negative times', () => {
    const times = [0, 1, 999, 1000, 1001, -1, -1500, 1.7, 1_764_260_000_123.7, 253_402_300_799_999];
    for (let i = 0; i < 2000; i++) times.push(Math.floor(Math.random() * 4e12) - 1e12);
    // Calls within one second reuse the cached prefix: walk a second millisecond by millisecond.
    for (let ms = 1_764_260_000_990; ms < 1_764_260_001_010; ms++) times.push(ms);
    for (const time of times) expect(isoTime(time)).toBe(new Date(time).toISOString());
  });

  it('formats years past 9999 in full', () => {
    expect(isoTime(253_402_300_800_000)).toBe('+010000-01-01T00:00:00.000Z');
  });
});

describe('millisText', () => {
  it('writes the value rounded to 3 decimals, as JSON reads it back', () => {
    const values = [
      0,
      1,
      0.5,
      0.05,
      0.005,
      0.0004,
      0.0005,
      12.3456,
      999.9999,
      1e6 + 0.25,
      7.1,
      2.04,
    ];
    for (let i = 0; i < 2000; i++) values.push(Math.random() * 10 ** Math.floor(Math.random() * 7));
    for (const ms of values) {
      expect(JSON.parse(millisText(ms))).toBe(Math.round(ms * 1000) / 1000);
    }
    expect(millisText(1.5)).toBe('1.5');
    expect(millisText(1.25)).toBe('1.25');
    expect(millisText(1.025)).toBe('1.025');
    expect(millisText(-2.5)).toBe('-2.5');
    expect(millisText(Number.NaN)).toBe('null');
  });
});
