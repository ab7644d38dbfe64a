import { describe, expect, it } from 'vitest';
import { Catalog } from '../../../../core/catalog/index.js';
import { toolIndexOf } from '../../../../core/catalog/search/index.js';

describe('toolIndexOf', () => {
  it('keeps one index per catalog tools version and rebuilds when the tools change', () => {
    const catalog = new Catalog({ separator: '__' });
    const upstream = { name: 'a', prefix: 'a', order: 0, tools: {}, prompts: {} };
    catalog.setItems(upstream, 'tools', [{ name: 'echo', inputSchema: { type: 'object' } }]);
    const first = toolIndexOf(catalog);
    expect(toolIndexOf(catalog)).toBe(first);
    expect(first.get('a__echo')?.original).toBe('echo');
    catalog.setItems(upstream, 'tools', [{ name: 'add', description: 'Adds two numbers' }]);
    const second = toolIndexOf(catalog);
    expect(second).not.toBe(first);
    expect(second.search('sum two numbers').map((hit) => hit.exposed)).toEqual(['a__add']);
  });
});
