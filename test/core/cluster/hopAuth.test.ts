import { describe, expect, it } from 'vitest';
import { HOP_SKEW_MS, HopAuth } from '../../../core/cluster/index.js';

const KEY = 'k'.repeat(32);

describe('HopAuth (virtual time)', () => {
  const hop = new HopAuth(KEY);
  const facts = { method: 'POST', session: '1.mux-a.r.m', principal: 'token:alice' };
  const t0 = 1_800_000_000_000;

  it('accepts its own signature within the skew, naming the sender', () => {
    const header = hop.sign('mux-b', facts, t0);
    expect(hop.verify(header, facts, t0)).toEqual({ ok: true, from: 'mux-b' });
    expect(hop.verify(header, facts, t0 + HOP_SKEW_MS)).toEqual({ ok: true, from: 'mux-b' });
    expect(hop.verify(header, facts, t0 - HOP_SKEW_MS)).toEqual({ ok: true, from: 'mux-b' });
  });

  it('refuses a stale or future stamp', () => {
    const header = hop.sign('mux-b', facts, t0);
    expect(hop.verify(header, facts, t0 + HOP_SKEW_MS + 1)).toEqual({ ok: false, why: 'stale' });
    expect(hop.verify(header, facts, t0 - HOP_SKEW_MS - 1)).toEqual({ ok: false, why: 'stale' });
  });

  it('refuses another key, principal, method, session or sender', () => {
    const header = hop.sign('mux-b', facts, t0);
    const bad = { ok: false, why: 'bad mac' };
    expect(new HopAuth('y'.repeat(32)).verify(header, facts, t0)).toEqual(bad);
    expect(hop.verify(header, { ...facts, principal: 'token:bob' }, t0)).toEqual(bad);
    expect(hop.verify(header, { ...facts, method: 'DELETE' }, t0)).toEqual(bad);
    expect(hop.verify(header, { ...facts, session: '' }, t0)).toEqual(bad);
    expect(hop.verify(header.replace('mux-b', 'mux-c'), facts, t0)).toEqual(bad);
    expect(hop.verify('garbage', facts, t0)).toEqual({ ok: false, why: 'malformed' });
  });
});
