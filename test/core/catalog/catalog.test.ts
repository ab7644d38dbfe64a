import { describe, expect, it } from 'vitest';
import { Catalog, type CatalogUpstream } from '../../../core/catalog/catalog.js';

const upstream = (
  name: string,
  order: number,
  extra: Partial<CatalogUpstream> = {},
): CatalogUpstream => ({
  name,
  prefix: name,
  order,
  tools: {},
  prompts: {},
  ...extra,
});

const tool = (name: string, description = `${name} tool`) => ({
  name,
  description,
  inputSchema: { type: 'object' },
});

const names = (catalog: Catalog, kind: 'tools' | 'prompts') =>
  catalog.list(kind).map((item) => item.name);

describe('Catalog: merging tools and prompts', () => {
  it('prefixes names and orders by upstream order, then the upstream own order', () => {
    const catalog = new Catalog({ separator: '__' });
    catalog.setItems(upstream('b', 1), 'tools', [tool('z'), tool('a')]);
    catalog.setItems(upstream('a', 0), 'tools', [tool('y'), tool('x')]);
    expect(names(catalog, 'tools')).toEqual(['a__y', 'a__x', 'b__z', 'b__a']);
  });

  it('passes items through as shallow copies with only the name rewritten', () => {
    const catalog = new Catalog({ separator: '__' });
    const original = { ...tool('echo'), annotations: { readOnlyHint: true }, _meta: { k: 1 } };
    catalog.setItems(upstream('s', 0), 'tools', [original]);
    const [exposed] = catalog.list('tools');
    expect(exposed).toEqual({ ...original, name: 's__echo' });
    expect(exposed).not.toBe(original);
    expect(exposed?.annotations).toBe(original.annotations);
    expect(original.name).toBe('echo');
  });

  it('exposes names unchanged for an empty prefix', () => {
    const catalog = new Catalog({ separator: '__' });
    catalog.setItems(upstream('s', 0, { prefix: '' }), 'prompts', [{ name: 'greet' }]);
    expect(names(catalog, 'prompts')).toEqual(['greet']);
    expect(catalog.resolve('prompts', 'greet')).toEqual({ upstream: 's', original: 'greet' });
  });

  it('resolves exposed names back to upstream and original name', () => {
    const catalog = new Catalog({ separator: '.' });
    catalog.setItems(upstream('gh', 0), 'tools', [tool('create issue')]);
    expect(names(catalog, 'tools')).toEqual(['gh.create_issue']);
    expect(catalog.resolve('tools', 'gh.create_issue')).toEqual({
      upstream: 'gh',
      original: 'create issue',
    });
    expect(catalog.resolve('tools', 'gh.create issue')).toBeUndefined();
    expect(catalog.resolve('prompts', 'gh.create_issue')).toBeUndefined();
  });

  it('resolves shortened names', () => {
    const catalog = new Catalog({ separator: '__', maxLength: 24 });
    const long = ['a', 'b'].map((end) => tool(`${'long_name_'.repeat(4)}${end}`));
    catalog.setItems(upstream('s', 0), 'tools', long);
    const exposed = names(catalog, 'tools') as string[];
    expect(exposed.every((name) => name.length === 24)).toBe(true);
    expect(new Set(exposed).size).toBe(2);
    expect(catalog.resolve('tools', exposed[1] ?? '')?.original).toBe(long[1]?.name);
  });

  it('ignores items without a string name', () => {
    const catalog = new Catalog({ separator: '__' });
    catalog.setItems(upstream('s', 0), 'tools', [
      { description: 'no name' },
      { name: 7 },
      tool('ok'),
    ]);
    expect(names(catalog, 'tools')).toEqual(['s__ok']);
  });
});

describe('Catalog: collisions', () => {
  it('lets the first upstream in order win and reports the loser, which is not exposed', () => {
    const catalog = new Catalog({ separator: '__' });
    catalog.setItems(upstream('late', 1, { prefix: '' }), 'tools', [tool('search', 'late')]);
    catalog.setItems(upstream('early', 0, { prefix: '' }), 'tools', [tool('search', 'early')]);
    expect(catalog.list('tools')).toEqual([tool('search', 'early')]);
    expect(catalog.resolve('tools', 'search')).toEqual({ upstream: 'early', original: 'search' });
    expect(catalog.collisions()).toEqual([
      {
        kind: 'tools',
        exposed: 'search',
        winner: { upstream: 'early', original: 'search' },
        loser: { upstream: 'late', original: 'search' },
      },
    ]);
  });

  it('reports names that meet after sanitizing, even within one upstream', () => {
    const catalog = new Catalog({ separator: '__' });
    catalog.setItems(upstream('s', 0), 'prompts', [{ name: 'a b' }, { name: 'a_b' }]);
    expect(names(catalog, 'prompts')).toEqual(['s__a_b']);
    expect(catalog.collisions()).toEqual([
      {
        kind: 'prompts',
        exposed: 's__a_b',
        winner: { upstream: 's', original: 'a b' },
        loser: { upstream: 's', original: 'a_b' },
      },
    ]);
  });

  it('breaks order ties by upstream name', () => {
    const catalog = new Catalog({ separator: '__' });
    catalog.setItems(upstream('b', 0, { prefix: '' }), 'tools', [tool('t')]);
    catalog.setItems(upstream('a', 0, { prefix: '' }), 'tools', [tool('t')]);
    expect(catalog.resolve('tools', 't')?.upstream).toBe('a');
  });

  it('clears a collision when the winner goes away, exposing the former loser', () => {
    const catalog = new Catalog({ separator: '__' });
    catalog.setItems(upstream('a', 0, { prefix: '' }), 'tools', [tool('t')]);
    catalog.setItems(upstream('b', 1, { prefix: '' }), 'tools', [tool('t')]);
    expect(catalog.collisions()).toHaveLength(1);
    catalog.removeUpstream('a');
    expect(catalog.collisions()).toEqual([]);
    expect(catalog.resolve('tools', 't')?.upstream).toBe('b');
  });
});

describe('Catalog: filters', () => {
  it('applies allow/deny on the original name of tools and prompts', () => {
    const catalog = new Catalog({ separator: '__' });
    const filtered = upstream('fs', 0, {
      tools: { allow: ['read_*', 'write_*'], deny: ['write_secret'] },
      prompts: { deny: ['*'] },
    });
    catalog.setItems(
      filtered,
      'tools',
      ['read_file', 'write_file', 'write_secret', 'delete'].map((n) => tool(n)),
    );
    catalog.setItems(filtered, 'prompts', [{ name: 'p' }]);
    expect(names(catalog, 'tools')).toEqual(['fs__read_file', 'fs__write_file']);
    expect(catalog.resolve('tools', 'fs__write_secret')).toBeUndefined();
    expect(catalog.list('prompts')).toEqual([]);
  });

  it('filtered-out names do not collide', () => {
    const catalog = new Catalog({ separator: '__' });
    catalog.setItems(upstream('a', 0, { prefix: '', tools: { deny: ['t'] } }), 'tools', [
      tool('t'),
    ]);
    catalog.setItems(upstream('b', 1, { prefix: '' }), 'tools', [tool('t')]);
    expect(catalog.resolve('tools', 't')?.upstream).toBe('b');
    expect(catalog.collisions()).toEqual([]);
  });

  it('re-merges when an upstream filter or prefix changes', () => {
    const catalog = new Catalog({ separator: '__' });
    catalog.setItems(upstream('s', 0), 'tools', [tool('x'), tool('y')]);
    catalog.setItems(upstream('s', 0), 'prompts', [{ name: 'p' }]);
    expect(names(catalog, 'tools')).toEqual(['s__x', 's__y']);
    catalog.setItems(upstream('s', 0, { prefix: 'n', prompts: { deny: ['x'] } }), 'prompts', [
      { name: 'p' },
    ]);
    expect(names(catalog, 'tools')).toEqual(['n__x', 'n__y']);
  });
});

describe('Catalog: resources and templates', () => {
  const resource = (uri: string) => ({ uri, name: uri.split('/').pop() ?? uri });

  it('exposes URIs unchanged and resolves them exactly', () => {
    const catalog = new Catalog({ separator: '__' });
    catalog.setItems(upstream('a', 0), 'resources', [resource('file:///a.txt')]);
    catalog.setItems(upstream('b', 1), 'resources', [
      resource('file:///b.txt'),
      resource('file:///a.txt'),
    ]);
    expect(catalog.list('resources').map((r) => r.uri)).toEqual(['file:///a.txt', 'file:///b.txt']);
    expect(catalog.list('resources')[0]).toEqual(resource('file:///a.txt'));
    expect(catalog.resolveUri('file:///b.txt')).toEqual({
      upstream: 'b',
      original: 'file:///b.txt',
    });
    expect(catalog.resolveUri('file:///a.txt')?.upstream).toBe('a');
    expect(catalog.exposedUri('b', 'file:///b.txt')).toBe('file:///b.txt');
    expect(catalog.collisions()).toEqual([
      {
        kind: 'resources',
        exposed: 'file:///a.txt',
        winner: { upstream: 'a', original: 'file:///a.txt' },
        loser: { upstream: 'b', original: 'file:///a.txt' },
      },
    ]);
  });

  it('routes unlisted URIs by the first matching template in upstream order', () => {
    const catalog = new Catalog({ separator: '__' });
    catalog.setItems(upstream('users', 0), 'resourceTemplates', [
      { uriTemplate: 'users://{id}/profile', name: 'u' },
    ]);
    catalog.setItems(upstream('files', 1), 'resourceTemplates', [
      { uriTemplate: 'file:///{+path}', name: 'f' },
      { uriTemplate: 'users://{id}/profile', name: 'dup' },
    ]);
    catalog.setItems(upstream('files', 1), 'resources', [resource('users://7/profile')]);
    expect(catalog.resolveUri('users://42/profile')).toEqual({
      upstream: 'users',
      original: 'users://42/profile',
    });
    // A listed resource wins over a template of an earlier upstream.
    expect(catalog.resolveUri('users://7/profile')?.upstream).toBe('files');
    expect(catalog.resolveUri('file:///deep/dir/x.ts')?.upstream).toBe('files');
    expect(catalog.resolveUri('users://42/settings')).toBeUndefined();
    expect(catalog.list('resourceTemplates').map((t) => t.name)).toEqual(['u', 'f']);
    expect(catalog.collisions().map((c) => [c.kind, c.exposed])).toEqual([
      ['resourceTemplates', 'users://{id}/profile'],
    ]);
  });

  it('never matches a malformed template', () => {
    const catalog = new Catalog({ separator: '__' });
    catalog.setItems(upstream('s', 0), 'resourceTemplates', [
      { uriTemplate: 'x://{id', name: 'bad' },
    ]);
    expect(catalog.list('resourceTemplates')).toHaveLength(1);
    expect(catalog.resolveUri('x://{id')).toBeUndefined();
    expect(catalog.resolveUri('x://1')).toBeUndefined();
  });
});

describe('Catalog: versions, cache and removal', () => {
  it('bumps the version on every change, and the kind version only for that kind', () => {
    const catalog = new Catalog({ separator: '__' });
    expect(catalog.version).toBe(0);
    catalog.setItems(upstream('s', 0), 'tools', [tool('a')]);
    expect(catalog.version).toBe(1);
    expect(catalog.versionOf('tools')).toBe(1);
    catalog.setItems(upstream('s', 0), 'prompts', []);
    expect(catalog.version).toBe(2);
    expect(catalog.versionOf('tools')).toBe(1);
    expect(catalog.versionOf('prompts')).toBe(2);
    catalog.removeUpstream('s');
    expect(catalog.version).toBe(3);
    expect(catalog.versionOf('tools')).toBe(3);
    expect(catalog.versionOf('resources')).toBe(0);
    catalog.removeUpstream('s');
    expect(catalog.version).toBe(3);
  });

  it('changes nothing when a refetch brings the same items (as JSON) with the same settings', () => {
    const catalog = new Catalog({ separator: '__' });
    expect(catalog.setItems(upstream('s', 0), 'tools', [tool('a')])).toBe(true);
    const list = catalog.list('tools');
    expect(catalog.setItems(upstream('s', 0), 'tools', [tool('a')])).toBe(false);
    expect(catalog.version).toBe(1);
    expect(catalog.list('tools')).toBe(list);
    // Another kind's first (empty) list, other items, or other settings are changes.
    expect(catalog.setItems(upstream('s', 0), 'prompts', [])).toBe(true);
    expect(catalog.setItems(upstream('s', 0), 'prompts', [])).toBe(false);
    expect(catalog.setItems(upstream('s', 0), 'tools', [tool('a'), tool('b')])).toBe(true);
    expect(catalog.setItems(upstream('s', 0), 'tools', [tool('a')])).toBe(true);
    expect(catalog.setItems({ ...upstream('s', 0), prefix: 'x' }, 'tools', [tool('a')])).toBe(true);
    expect(names(catalog, 'tools')).toEqual(['x__a']);
    expect(catalog.version).toBe(5);
    // After a removal the same items come back as a change.
    catalog.removeUpstream('s');
    expect(catalog.setItems({ ...upstream('s', 0), prefix: 'x' }, 'tools', [tool('a')])).toBe(true);
  });

  it('returns the same list until its kind changes', () => {
    const catalog = new Catalog({ separator: '__' });
    catalog.setItems(upstream('s', 0), 'tools', [tool('a')]);
    const first = catalog.list('tools');
    expect(catalog.list('tools')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    catalog.setItems(upstream('s', 0), 'prompts', [{ name: 'p' }]);
    expect(catalog.list('tools')).toBe(first);
    catalog.setItems(upstream('s', 0), 'tools', [tool('a'), tool('b')]);
    expect(catalog.list('tools')).not.toBe(first);
    expect(first).toHaveLength(1);
  });

  it('is not affected by later mutation of the array passed in', () => {
    const catalog = new Catalog({ separator: '__' });
    const items = [tool('a')];
    catalog.setItems(upstream('s', 0), 'tools', items);
    items.push(tool('b'));
    expect(names(catalog, 'tools')).toEqual(['s__a']);
  });

  it('removes everything of an upstream and lists upstreams per kind in order', () => {
    const catalog = new Catalog({ separator: '__' });
    catalog.setItems(upstream('b', 1), 'tools', [tool('t')]);
    catalog.setItems(upstream('a', 0), 'tools', []);
    catalog.setItems(upstream('b', 1), 'resources', [{ uri: 'x://1', name: '1' }]);
    expect(catalog.upstreamsOf('tools')).toEqual(['a', 'b']);
    expect(catalog.upstreamsOf('resources')).toEqual(['b']);
    expect(catalog.upstreamsOf('prompts')).toEqual([]);
    catalog.removeUpstream('b');
    expect(catalog.list('tools')).toEqual([]);
    expect(catalog.resolve('tools', 'b__t')).toBeUndefined();
    expect(catalog.resolveUri('x://1')).toBeUndefined();
    expect(catalog.upstreamsOf('tools')).toEqual(['a']);
  });

  it('rejects an invalid maxLength up front', () => {
    expect(() => new Catalog({ separator: '__', maxLength: 3 })).toThrow(RangeError);
  });
});
