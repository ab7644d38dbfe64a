import { describe, expect, it } from 'vitest';
import { SessionIdSealer } from '../../../core/cluster/index.js';

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
