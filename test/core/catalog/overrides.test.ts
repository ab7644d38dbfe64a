import { describe, expect, it } from 'vitest';
import { Catalog, type CatalogUpstream } from '../../../core/catalog/catalog.js';
import { exposeName } from '../../../core/catalog/naming.js';
import { overriddenItem } from '../../../core/catalog/overrides.js';
import { toolIndexOf } from '../../../core/catalog/search/searchCache.js';

const upstream = (extra: Partial<CatalogUpstream> = {}): CatalogUpstream => ({
  name: 'gh',
  prefix: 'gh',
  order: 0,
  tools: {},
  prompts: {},
  ...extra,
});

const tool = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: `${name} tool`,
  inputSchema: { type: 'object' },
  ...extra,
});

describe('overriddenItem', () => {
  it('writes title and description over the item and merges annotations key by key', () => {
    const annotations = { openWorldHint: true, readOnlyHint: false };
    const item = tool('search', { annotations });
    const out = overriddenItem(item, {
      title: 'Search',
      description: 'Search code.',
      annotations: { readOnlyHint: true },
    });
    expect(out).toEqual({
      ...item,
      title: 'Search',
      description: 'Search code.',
      annotations: { openWorldHint: true, readOnlyHint: true },
    });
    expect(annotations).toEqual({ openWorldHint: true, readOnlyHint: false });
  });
});

describe('Catalog with overrides', () => {
  it('renames before prefixing and resolves the new name to the original', () => {
    const catalog = new Catalog({ separator: '__' });
    catalog.setItems(upstream({ toolOverrides: { search: { name: 'find_code' } } }), 'tools', [
      tool('search'),
      tool('other'),
    ]);
    expect(catalog.list('tools').map((t) => t.name)).toEqual(['gh__find_code', 'gh__other']);
    expect(catalog.resolve('tools', 'gh__find_code')).toEqual({
      upstream: 'gh',
      original: 'search',
    });
    expect(catalog.resolve('tools', 'gh__search')).toBeUndefined();
    expect(catalog.entries('tools').map((e) => e.name)).toEqual(['find_code', 'other']);
  });

  it('lets search find a renamed tool by its new name', () => {
    const catalog = new Catalog({ separator: '__' });
    const info = upstream({ toolOverrides: { q: { name: 'find_code', description: 'x' } } });
    catalog.setItems(info, 'tools', [tool('q', { description: 'x' }), tool('other')]);
    const hits = toolIndexOf(catalog).search('find code', { limit: 5 });
    expect(hits.map((hit) => hit.exposed)).toEqual(['gh__find_code']);
  });

  it('shortens a long new name like any other name', () => {
    const catalog = new Catalog({ separator: '__', maxLength: 20 });
    const long = 'a_very_long_name_for_a_tool';
    catalog.setItems(upstream({ toolOverrides: { x: { name: long } } }), 'tools', [tool('x')]);
    const [exposed] = catalog.entries('tools');
    expect(exposed?.exposed).toBe(exposeName('gh', long, { separator: '__', maxLength: 20 }));
    expect(exposed?.exposed).toMatch(/^gh__a_very__[0-9a-f]{8}$/);
    expect(exposed?.original).toBe('x');
  });

  it('leaves hidden items out: not listed, not resolvable', () => {
    const catalog = new Catalog({ separator: '__' });
    const info = upstream({ promptOverrides: { secret: { hidden: true } } });
    catalog.setItems(info, 'prompts', [{ name: 'secret' }, { name: 'open' }]);
    expect(catalog.list('prompts').map((p) => p.name)).toEqual(['gh__open']);
    expect(catalog.resolve('prompts', 'gh__secret')).toBeUndefined();
  });

  it('reports a rename that meets an upstream name as a collision, the first in list order winning', () => {
    const catalog = new Catalog({ separator: '__' });
    catalog.setItems(upstream({ toolOverrides: { a: { name: 'b' } } }), 'tools', [
      tool('a'),
      tool('b'),
    ]);
    expect(catalog.list('tools').map((t) => t.name)).toEqual(['gh__b']);
    expect(catalog.resolve('tools', 'gh__b')?.original).toBe('a');
    expect(catalog.collisions()).toEqual([
      {
        kind: 'tools',
        exposed: 'gh__b',
        winner: { upstream: 'gh', original: 'a' },
        loser: { upstream: 'gh', original: 'b' },
      },
    ]);
  });

  it('treats a change of overrides as a change of the upstream (every kind re-merged)', () => {
    const catalog = new Catalog({ separator: '__' });
    catalog.setItems(upstream(), 'tools', [tool('a')]);
    const version = catalog.version;
    const items = [tool('a')];
    expect(catalog.setItems(upstream(), 'tools', items)).toBe(false);
    const changed = upstream({ toolOverrides: { a: { description: 'new' } } });
    expect(catalog.setItems(changed, 'tools', items)).toBe(true);
    expect(catalog.version).toBeGreaterThan(version);
    expect(catalog.list('tools')[0]?.description).toBe('new');
  });

  it('applies filters to the original name, not the new one', () => {
    const catalog = new Catalog({ separator: '__' });
    const info = upstream({
      tools: { deny: ['search'] },
      toolOverrides: { search: { name: 'x' } },
    });
    catalog.setItems(info, 'tools', [tool('search'), tool('keep')]);
    expect(catalog.list('tools').map((t) => t.name)).toEqual(['gh__keep']);
  });
});
