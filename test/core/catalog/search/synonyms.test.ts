import { describe, expect, it } from 'vitest';
import { expandQuery } from '../../../../core/catalog/search/synonyms.js';
import { stem, tokenize } from '../../../../core/catalog/search/tokenize.js';

describe('expandQuery', () => {
  it('keeps each query term at weight 1 and adds related words at half weight', () => {
    const expanded = expandQuery(tokenize('remove the repo folder'));
    expect(expanded.get(stem('remove'))).toBe(1);
    expect(expanded.get(stem('delete'))).toBe(0.5);
    expect(expanded.get(stem('repository'))).toBe(0.5);
    expect(expanded.get(stem('directory'))).toBe(0.5);
  });

  it('never lowers a word the query has itself', () => {
    const expanded = expandQuery(tokenize('delete remove'));
    expect(expanded.get(stem('delete'))).toBe(1);
    expect(expanded.get(stem('remove'))).toBe(1);
    expect(expandQuery([]).size).toBe(0);
  });
});
