import { describe, expect, it } from 'vitest';
import { HOP_SKEW_MS, HopAuth, SessionIdSealer } from '../../../core/cluster/index.js';

const KEY = 'k'.repeat(32);

describe('SessionIdSealer', () => {
  const a = new SessionIdSealer(KEY, 'mux-a');

  it('mints ids that name their owner, for the principal they were minted for', () => {
    const id = a.mint('token:alice');
    expect(id).toMatch(/^1\.mux-a\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
    expect(new SessionIdSealer(KEY, 'mux-b').ownerOf(id, 'token:alice')).toBe('mux-a');
    expect(a.ownerOf(a.mint(''), '')).toBe('mux-a');
    expect(a.mint('x')).not.toBe(a.mint('x'));
  });

  it('refuses another principal, an altered part, another key, and foreign shapes', () => {
    const id = a.mint('token:alice');
    expect(a.ownerOf(id, 'token:bob')).toBeUndefined();
    expect(a.ownerOf(id, '')).toBeUndefined();
    const [v, , random, mac] = id.split('.');
    expect(a.ownerOf(`${v}.mux-b.${random}.${mac}`, 'token:alice')).toBeUndefined();
    const flipped = `${random?.[0] === 'A' ? 'B' : 'A'}${random?.slice(1)}`;
    expect(a.ownerOf(`${v}.mux-a.${flipped}.${mac}`, 'token:alice')).toBeUndefined();
    expect(a.ownerOf(`2.mux-a.${random}.${mac}`, 'token:alice')).toBeUndefined();
    expect(new SessionIdSealer('z'.repeat(32), 'mux-a').ownerOf(id, 'token:alice')).toBeUndefined();
    for (const junk of ['', crypto.randomUUID(), 'a.b.c.d', `${id}.x`, '1.mux-a..x']) {
      expect(a.ownerOf(junk, 'token:alice')).toBeUndefined();
    }
  });

  it('refuses an instance id that cannot be one', () => {
    expect(() => new SessionIdSealer(KEY, 'a.b')).toThrow(/invalid instance id/);
  });
});

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
