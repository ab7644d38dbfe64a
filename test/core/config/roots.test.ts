/** `roots` of shared upstreams (core/config/roots.ts): paths and URIs as `roots/list` returns them. */
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Issues } from '../../../core/config/configSchema.js';
import { parseRoots } from '../../../core/config/roots.js';

const read = (value: unknown, baseDir: string | undefined = '/etc/mux') => {
  const issues = new Issues();
  const roots = parseRoots(value, 'mcpMux.roots', issues, baseDir);
  return { roots, issues: issues.list.map((i) => `${i.path}: ${i.reason}`) };
};

describe('parseRoots', () => {
  it('is undefined when absent, so the default applies; an empty list means no roots', () => {
    expect(read(undefined)).toEqual({ roots: undefined, issues: [] });
    expect(read([])).toEqual({ roots: [], issues: [] });
  });

  it('keeps URIs, turns absolute paths into file URIs and resolves relative ones from the config', () => {
    expect(read(['file:///srv/a', 'https://example.com/x', '/srv/b', 'c/d']).roots).toEqual([
      { uri: 'file:///srv/a' },
      { uri: 'https://example.com/x' },
      { uri: 'file:///srv/b' },
      { uri: 'file:///etc/mux/c/d' },
    ]);
    // Characters a URI must escape are escaped, as pathToFileURL does.
    expect(read(['/srv/a b#1']).roots).toEqual([{ uri: pathToFileURL('/srv/a b#1').href }]);
  });

  it('takes { uri, name } objects, paths inside them included', () => {
    expect(read([{ uri: 'rel', name: 'Project' }, { uri: 'file:///x' }]).roots).toEqual([
      { uri: 'file:///etc/mux/rel', name: 'Project' },
      { uri: 'file:///x' },
    ]);
  });

  it('reports each bad entry at its path and keeps the good ones', () => {
    const { roots, issues } = read([
      '',
      3,
      { uri: '' },
      { uri: '/ok', name: 7 },
      { uri: '/a', nme: 'x' },
      '/good',
    ]);
    expect(roots).toEqual([{ uri: 'file:///a' }, { uri: 'file:///good' }]);
    expect(issues).toEqual([
      'mcpMux.roots[0]: expected a non-empty path or URI',
      'mcpMux.roots[1]: expected an object, got number',
      'mcpMux.roots[2].uri: expected a non-empty path or URI',
      'mcpMux.roots[3].name: expected a string, got number',
      'mcpMux.roots[4].nme: unknown key (did you mean "name"?)',
    ]);
  });

  it('refuses a value that is not an array', () => {
    expect(read('/srv')).toEqual({
      roots: undefined,
      issues: ['mcpMux.roots: expected an array of paths, URIs or { uri, name }, got string'],
    });
  });
});
