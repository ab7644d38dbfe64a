import { VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { ResultStore } from '../../../actors/routes/resultStore.js';

const advance = (scheduler: VirtualTimeScheduler, ms: number) => {
  scheduler.schedule(() => {}, ms);
  scheduler.flush();
};

function storeOf(options: { maxBytes?: number; ttlMs?: number; chunkBytes?: number } = {}) {
  const scheduler = new VirtualTimeScheduler();
  const store = new ResultStore({ ...options, now: () => scheduler.now() });
  return { scheduler, store };
}

describe('ResultStore', () => {
  it('keeps a result for its owner only, under a random id', () => {
    const { store } = storeOf();
    const kept = store.put('token:alice', '{"a":1}', 7);
    expect(kept?.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(store.get('token:alice', kept!.id)?.chunks).toEqual(['{"a":1}']);
    expect(store.get('token:bob', kept!.id)).toBeUndefined();
    expect(store.get('', kept!.id)).toBeUndefined();
    expect(store.put('token:alice', '{"a":1}', 7)?.id).not.toBe(kept!.id);
  });

  it('forgets results after the TTL, on the router clock', () => {
    const { scheduler, store } = storeOf({ ttlMs: 1000 });
    const first = store.put('p', 'x'.repeat(10), 10)!;
    advance(scheduler, 600);
    const second = store.put('p', 'y'.repeat(10), 10)!;
    advance(scheduler, 399);
    expect(store.get('p', first.id)).toBeDefined();
    advance(scheduler, 1);
    expect(store.get('p', first.id)).toBeUndefined();
    expect(store.get('p', second.id)).toBeDefined();
    expect(store.bytes).toBe(10);
    advance(scheduler, 600);
    expect(store.get('p', second.id)).toBeUndefined();
    expect([store.size, store.bytes]).toEqual([0, 0]);
  });

  it('keeps its total bytes bounded: the oldest go first; too large is not kept', () => {
    const { store } = storeOf({ maxBytes: 100 });
    const a = store.put('p', 'a'.repeat(40), 40)!;
    const b = store.put('p', 'b'.repeat(40), 40)!;
    const c = store.put('p', 'c'.repeat(40), 40)!;
    expect(store.get('p', a.id)).toBeUndefined();
    expect(store.get('p', b.id)).toBeDefined();
    expect(store.get('p', c.id)).toBeDefined();
    expect(store.bytes).toBe(80);
    expect(store.put('p', 'd'.repeat(101), 101)).toBeUndefined();
    expect(store.bytes).toBe(80);
  });

  it('splits a result over the chunk size on character boundaries', () => {
    const { store } = storeOf({ chunkBytes: 10 });
    const text = '😀'.repeat(7); // 28 bytes: chunks of 8, 8, 8, 4
    const kept = store.put('p', text, 28)!;
    expect(kept.chunks).toBe(4);
    const chunks = store.get('p', kept.id)!.chunks;
    expect(chunks.join('')).toBe(text);
    expect(chunks.map((c) => Buffer.byteLength(c))).toEqual([8, 8, 8, 4]);
  });
});
