/**
 * The pure parts of the soak (bench/soak/): durations, the ledger's lost / duplicated / leak
 * bookkeeping on a fake transport, and the verdict's rules. The soak itself runs in CI
 * (.ci/steps/soak).
 */
import { describe, expect, it } from 'vitest';
import { failures, rssGrowth } from '../../../bench/soak/checks.js';
import { parseDuration, parseSoakFlags } from '../../../bench/soak/flags.js';
import { Ledger, leakOf, SOAK_CANCEL, type WireTransport } from '../../../bench/soak/ledger.js';

describe('soak flags', () => {
  it('reads durations in s, m and h', () => {
    expect(parseDuration('90')).toBe(90_000);
    expect(parseDuration('3m')).toBe(180_000);
    expect(parseDuration('1h')).toBe(3_600_000);
    expect(parseDuration('1.5h')).toBe(5_400_000);
    expect(() => parseDuration('soon')).toThrow(/not a duration/);
    const flags = parseSoakFlags(['--duration', '1h', '--kill-every', '0', '--rate', '40']);
    expect(flags).toMatchObject({ durationMs: 3_600_000, killEveryMs: 0, rate: 40 });
    expect(parseSoakFlags([]).rate).toBeUndefined();
  });
});

function fakeTransport(): WireTransport & { deliver: (m: unknown) => void } {
  const transport = {
    onmessage: undefined as WireTransport['onmessage'],
    send: async () => {},
    deliver: (m: unknown) => transport.onmessage?.(m),
  };
  return transport;
}

describe('soak ledger', () => {
  it('books lost, duplicated and soak-cancelled requests on the wire', async () => {
    const ledger = new Ledger();
    const transport = fakeTransport();
    ledger.watch('alice-http-0', transport);
    transport.onmessage = () => {};
    for (const id of [1, 2, 3, 4])
      await transport.send({ jsonrpc: '2.0', id, method: 'tools/call' });
    await transport.send({
      method: 'notifications/cancelled',
      params: { requestId: 3, reason: SOAK_CANCEL },
    });
    await transport.send({
      method: 'notifications/cancelled',
      params: { requestId: 4, reason: 'timeout' },
    });
    transport.deliver({ jsonrpc: '2.0', id: 1, result: {} });
    transport.deliver({ jsonrpc: '2.0', id: 1, result: {} });
    transport.deliver({ jsonrpc: '2.0', id: 99, result: {} });
    expect(ledger.lost(0).map((l) => l.id)).toEqual([2, 4]);
    expect(ledger.duplicated()).toBe(2);
  });

  it("tells a denied upstream's messages apart", () => {
    const denied = ['a', 'ask'];
    const log = (logger: string) => ({
      method: 'notifications/message',
      params: { logger, data: 'x' },
    });
    expect(leakOf(log('a'), denied)).toMatch(/logger a/);
    expect(leakOf(log('ask/sub'), denied)).toMatch(/logger ask/);
    expect(leakOf(log('b'), denied)).toBeUndefined();
    expect(
      leakOf({ method: 'notifications/resources/updated', params: { uri: 'a://item/1' } }, denied),
    ).toBeDefined();
    expect(leakOf({ id: 5, method: 'elicitation/create', params: {} }, denied)).toMatch(
      /server request/,
    );
    expect(leakOf({ id: 5, result: {} }, denied)).toBeUndefined();
  });
});

describe('soak verdict', () => {
  const good = {
    lost: 0,
    duplicated: 0,
    leaks: 0,
    rssGrowth: 0.05,
    fdsIdle: 30,
    fdsEnd: 30,
    okShare: 0.9,
    routerAlive: true,
    allowedHeardDenied: 10,
  };

  it('passes a clean run and names every failure of a bad one', () => {
    expect(failures(good)).toEqual([]);
    const bad = failures({ ...good, lost: 1, rssGrowth: 0.2, fdsEnd: 31, allowedHeardDenied: 0 });
    expect(bad).toHaveLength(4);
  });

  it('compares RSS median to median, after warm-up', () => {
    const samples = Array.from({ length: 100 }, (_, i) => ({
      at: i * 1_000,
      rss: i < 20 ? 50 : 100 + i / 10,
      fds: 1,
    }));
    const { start, end, growth } = rssGrowth(samples, 20_000, 99_000);
    expect(start).toBeGreaterThanOrEqual(102);
    expect(end).toBeGreaterThan(start);
    expect(growth).toBeLessThan(0.1);
  });
});
