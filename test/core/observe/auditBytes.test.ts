/**
 * The audit worker's byte writer (core/observe/auditBytes.ts) writes exactly the text
 * `auditLine` writes, newline included, for entries of every shape; it stays within the room
 * it asks for; and it declines (-1) the lines it leaves to `auditLine`: `full` arguments,
 * years past 9999, counts that are not whole numbers.
 */
import { describe, expect, it } from 'vitest';
import { AuditLineBytes } from '../../../core/observe/auditBytes.js';
import type { AuditEntry } from '../../../core/observe/auditEntry.js';
import { type AuditArguments, auditLine } from '../../../core/observe/auditLine.js';
import { seededRandom } from '../../fixtures/seededRandom.js';

const names = ['alice', 'bøb', 'quote"me', 'tab\there', '\u0001ctl', 'emoji 😀', 'a\\b', '名前'];
const durations = [
  0, 0.0004, 0.0005, 0.001, 0.01, 0.05, 0.1, 1, 1.2345, 12.3, 999.9996, 86_400_000.5,
];
const times = [
  Date.UTC(2026, 10, 29, 14, 25, 28, 7),
  Date.UTC(2026, 10, 29, 14, 25, 28, 999),
  Date.UTC(2026, 10, 29, 14, 25, 29, 0),
  Date.UTC(1969, 11, 31, 23, 59, 59, 123),
  Date.UTC(2026, 0, 1) + 0.75,
  -1.5,
];

function entries(count: number, seed: number): AuditEntry[] {
  const next = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const maybe = <T>(value: T): T | undefined => (next() < 0.3 ? undefined : value);
  const out: AuditEntry[] = [];
  for (let i = 0; i < count; i++) {
    const args = next() < 0.2 ? undefined : JSON.stringify({ text: pick(names), n: i });
    const asBytes = next() < 0.5;
    out.push({
      time: pick(times) + Math.floor(next() * 3000),
      principal: maybe(pick(names)),
      session: maybe(next() < 0.1 ? '' : `s-${Math.floor(next() * 3)}`),
      profile: next() < 0.7 ? undefined : pick(names),
      upstream: pick(['echo', 'git"hub', 'ü']),
      method: pick(['tools/call', 'prompts/get', 'resources/read']),
      exposed: maybe(`x__${pick(names)}`),
      name: maybe(pick(names)),
      arguments: args === undefined || !asBytes ? args : Buffer.from(args),
      bytesIn:
        args === undefined ? (next() < 0.5 ? undefined : Math.floor(next() * 5000)) : undefined,
      approval: maybe(pick(['accepted', 'remembered', 'declined', 'app"roval'])),
      outcome: pick(['ok', 'error', 'timeout', 'declined', 'rate_limited', 'ünïcode']),
      code: next() < 0.7 ? undefined : pick([-32602, -32010, 0, 1.5, Number.NaN]),
      durationMs: pick(durations) * (next() < 0.5 ? 1 : 7),
      bytesOut: Math.floor(next() * 100_000),
    });
  }
  return out;
}

function written(writer: AuditLineBytes, entry: AuditEntry): string | undefined {
  const room = writer.most(entry);
  const out = Buffer.alloc(room + 16, 0xff);
  const end = writer.write(entry, out, 8);
  if (end < 0) return undefined;
  expect(end - 8).toBeLessThanOrEqual(room);
  // Nothing written outside what it returned.
  expect(out.subarray(0, 8).every((b) => b === 0xff)).toBe(true);
  expect(out.subarray(end).every((b) => b === 0xff)).toBe(true);
  return out.subarray(8, end).toString('utf8');
}

describe('AuditLineBytes', () => {
  for (const mode of ['digest', 'none'] as AuditArguments[]) {
    it(`writes what auditLine writes, byte for byte (${mode})`, () => {
      const writer = new AuditLineBytes({ arguments: mode });
      const list = entries(3000, mode === 'digest' ? 7 : 11);
      let compared = 0;
      for (const entry of list) {
        const line = written(writer, entry);
        expect(line).toBe(`${auditLine(entry, { arguments: mode })}\n`);
        compared++;
      }
      expect(compared).toBe(list.length);
    });
  }

  it('keeps no part of an earlier line when the caller, tool or second changes', () => {
    const writer = new AuditLineBytes({});
    const base = entries(1, 3)[0] as AuditEntry;
    const lines = [
      base,
      { ...base, principal: 'carol' },
      { ...base, principal: 'carol', time: base.time + 1000 },
      { ...base, exposed: undefined, name: undefined },
      base,
    ].map((entry) => [written(writer, entry), `${auditLine(entry, {})}\n`]);
    for (const [bytes, text] of lines) expect(bytes).toBe(text);
    expect(JSON.parse(lines[1]?.[0] ?? '').principal).toBe('carol');
  });

  it('leaves full arguments, long years and odd counts to auditLine', () => {
    const base = entries(1, 5)[0] as AuditEntry;
    expect(written(new AuditLineBytes({ arguments: 'full' }), base)).toBeUndefined();
    const writer = new AuditLineBytes({});
    expect(written(writer, { ...base, time: Date.UTC(10_000, 0, 1) })).toBeUndefined();
    expect(written(writer, { ...base, bytesOut: Number.NaN })).toBeUndefined();
    expect(written(writer, { ...base, arguments: undefined, bytesIn: 1.5 })).toBeUndefined();
    expect(written(writer, { ...base, durationMs: 2 ** 60 })).toBeUndefined();
    // And goes on writing lines as bytes after declining one.
    expect(written(writer, base)).toBe(`${auditLine(base, {})}\n`);
  });
});
