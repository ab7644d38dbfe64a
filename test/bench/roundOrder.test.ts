import { describe, expect, it } from 'vitest';
import { roundOrder } from '../../bench/runner/roundOrder.js';

const names = ['direct', 'mcp-mux', 'relay-floor', 'relay-floor-bytes', 'mcp-mux@d28c50a'];

describe('roundOrder', () => {
  it('measures a build and its twin back to back in every round', () => {
    for (let round = 1; round <= 12; round++) {
      const order = roundOrder(names, round);
      expect([...order].sort()).toEqual([...names].sort());
      const a = order.indexOf('mcp-mux');
      const b = order.indexOf('mcp-mux@d28c50a');
      expect(Math.abs(a - b)).toBe(1);
    }
  });

  it('turns which of the two goes first each round', () => {
    const firsts = [1, 2, 3, 4].map((round) => {
      const order = roundOrder(names, round);
      return order.indexOf('mcp-mux') < order.indexOf('mcp-mux@d28c50a') ? 'ours' : 'twin';
    });
    expect(firsts).toEqual(['ours', 'twin', 'ours', 'twin']);
  });

  it('turns the groups so that each leads one round in turn', () => {
    const leaders = [1, 2, 3, 4, 5].map((round) => roundOrder(names, round)[0]);
    expect(leaders).toEqual([
      'direct',
      'mcp-mux@d28c50a',
      'relay-floor',
      'relay-floor-bytes',
      'direct',
    ]);
  });

  it('keeps a named variant with its own twins, apart from the plain build', () => {
    const order = roundOrder(
      ['mcp-mux ×1', 'mcp-mux ×100', 'mcp-mux ×1 mcp-mux@old', 'mcp-mux ×100 mcp-mux@old'],
      1,
    );
    expect(order).toEqual([
      'mcp-mux ×1',
      'mcp-mux ×1 mcp-mux@old',
      'mcp-mux ×100',
      'mcp-mux ×100 mcp-mux@old',
    ]);
  });

  it('keeps the given order without twins, turned by one each round', () => {
    expect(roundOrder(['a', 'b', 'c'], 1)).toEqual(['a', 'b', 'c']);
    expect(roundOrder(['a', 'b', 'c'], 2)).toEqual(['b', 'c', 'a']);
    expect(roundOrder(['a', 'b', 'c'], 4)).toEqual(['a', 'b', 'c']);
  });
});
