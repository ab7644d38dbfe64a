/** `memo2`: a value per (a, b), made once, kept apart per pair. */
import { describe, expect, it } from 'vitest';
import { memo2 } from '../../../core/observe/memo2.js';

describe('memo2', () => {
  it('makes each pair once and keeps pairs apart', () => {
    const made: string[] = [];
    const make = (a: string, b: string) => {
      made.push(`${a}/${b}`);
      return { key: `${a}/${b}` };
    };
    const map = new Map<string, Map<string, { key: string }>>();
    const first = memo2(map, 'gh', 'tools/call', make);
    expect(memo2(map, 'gh', 'tools/call', make)).toBe(first);
    expect(memo2(map, 'gh', 'prompts/get', make).key).toBe('gh/prompts/get');
    expect(memo2(map, 'fs', 'tools/call', make).key).toBe('fs/tools/call');
    expect(made).toEqual(['gh/tools/call', 'gh/prompts/get', 'fs/tools/call']);
  });
});
