/** `PlacesPerPrincipal`: places per key up to the bound of each call, given back once, keys apart. */
import { describe, expect, it } from 'vitest';
import { PlacesPerPrincipal } from '../../../core/auth/placesPerPrincipal.js';

describe('PlacesPerPrincipal', () => {
  it('gives at most `max` places per key, keeps keys apart and takes a place back once', () => {
    const places = new PlacesPerPrincipal();
    const a1 = places.acquire('a', 2);
    const a2 = places.acquire('a', 2);
    expect(places.acquire('a', 2)).toBeUndefined();
    expect(places.acquire('b', 2)).toBeTypeOf('function');
    expect(places.total).toBe(3);
    a1?.();
    a1?.(); // idempotent: one place back, not two
    expect(places.counts()).toEqual(
      new Map([
        ['a', 1],
        ['b', 1],
      ]),
    );
    a2?.();
    expect(places.counts().has('a')).toBe(false);
    expect(places.total).toBe(1);
  });

  it('reads the bound at each call: a lower one refuses new places, held ones stay', () => {
    const places = new PlacesPerPrincipal();
    const held = [places.acquire('a', 3), places.acquire('a', 3)];
    expect(places.acquire('a', 1)).toBeUndefined();
    expect(places.counts().get('a')).toBe(2);
    for (const release of held) release?.();
    expect(places.acquire('a', 1)).toBeTypeOf('function');
  });
});
