import { describe, expect, it } from 'vitest';
import {
  exposeUiUri,
  isUiUri,
  MAX_UI_URI_LENGTH,
  toolUiUris,
  withExposedUi,
} from '../../../core/catalog/appUi.js';
import { Catalog, type CatalogUpstream } from '../../../core/catalog/catalog.js';

const upstream = (name: string, order: number, prefix = name): CatalogUpstream => ({
  name,
  prefix,
  order,
  tools: {},
  prompts: {},
});

const appTool = (name: string, uri: unknown, flat?: unknown) => ({
  name,
  inputSchema: { type: 'object' },
  _meta: { ui: { resourceUri: uri, visibility: ['model', 'app'] }, 'ui/resourceUri': flat ?? uri },
});

describe('appUi: validating and namespacing ui:// URIs', () => {
  it('takes only bounded ui:// strings', () => {
    expect(isUiUri('ui://a/b.html')).toBe(true);
    for (const bad of [
      'https://x/y',
      'ui://',
      'UI://a',
      42,
      null,
      {},
      `ui://${'x'.repeat(3000)}`,
    ]) {
      expect(isUiUri(bad)).toBe(false);
    }
    expect(isUiUri(`ui://${'x'.repeat(MAX_UI_URI_LENGTH - 5)}`)).toBe(true);
    expect(isUiUri(`ui://${'x'.repeat(MAX_UI_URI_LENGTH - 4)}`)).toBe(false);
  });

  it('puts prefix and separator after the scheme; an empty prefix changes nothing', () => {
    expect(exposeUiUri('basic', '__', 'ui://get-time/app.html')).toBe(
      'ui://basic__get-time/app.html',
    );
    expect(exposeUiUri('', '__', 'ui://get-time/app.html')).toBe('ui://get-time/app.html');
  });

  it('reads both keys, nested first, and ignores hostile values', () => {
    expect(toolUiUris(appTool('t', 'ui://a'))).toEqual(['ui://a']);
    expect(toolUiUris(appTool('t', 'ui://a', 'ui://b'))).toEqual(['ui://a', 'ui://b']);
    expect(toolUiUris({ name: 't', _meta: { 'ui/resourceUri': 'ui://flat' } })).toEqual([
      'ui://flat',
    ]);
    expect(toolUiUris(appTool('t', 'https://evil/x', 42))).toEqual([]);
    expect(toolUiUris({ name: 't', _meta: { ui: 'ui://a' } })).toEqual([]);
    expect(toolUiUris({ name: 't', _meta: ['ui://a'] })).toEqual([]);
    expect(toolUiUris({ name: 't' })).toEqual([]);
  });

  it('rewrites a copy, keeps other _meta, and leaves invalid values alone', () => {
    const tool = { ...appTool('t', 'ui://a/x', 'https://evil/x'), _meta: undefined };
    expect(withExposedUi(tool, () => 'never')).toBe(tool);
    const given = appTool('t', 'ui://a/x', 'https://evil/x');
    const out = withExposedUi(given, (uri) => uri.replace('ui://', 'ui://p__'));
    expect(out._meta).toEqual({
      ui: { resourceUri: 'ui://p__a/x', visibility: ['model', 'app'] },
      'ui/resourceUri': 'https://evil/x',
    });
    expect(given._meta.ui.resourceUri).toBe('ui://a/x');
    const same = appTool('t', 'ui://a/x');
    expect(withExposedUi(same, (uri) => uri)).toBe(same);
  });
});

describe('Catalog: MCP Apps resources', () => {
  it('gives each upstream its own URI for a shared ui:// URI, listed or not', () => {
    const catalog = new Catalog({ separator: '__' });
    catalog.setItems(upstream('a', 0), 'tools', [appTool('show', 'ui://app/x.html')]);
    catalog.setItems(upstream('b', 1), 'tools', [appTool('show', 'ui://app/x.html')]);
    catalog.setItems(upstream('a', 0), 'resources', [{ uri: 'ui://app/x.html', name: 'x' }]);
    catalog.setItems(upstream('b', 1), 'resources', []);
    const uris = catalog.list('tools').map((t) => (t._meta as { ui: { resourceUri: string } }).ui);
    expect(uris.map((ui) => ui.resourceUri)).toEqual(['ui://a__app/x.html', 'ui://b__app/x.html']);
    expect(catalog.list('resources').map((r) => r.uri)).toEqual(['ui://a__app/x.html']);
    expect(catalog.resolveUri('ui://a__app/x.html')).toEqual({
      upstream: 'a',
      original: 'ui://app/x.html',
    });
    // b does not list it: its tool's _meta routes it.
    expect(catalog.resolveUri('ui://b__app/x.html')).toEqual({
      upstream: 'b',
      original: 'ui://app/x.html',
    });
    expect(catalog.resolveUri('ui://app/x.html')).toBeUndefined();
    expect(catalog.exposedUri('b', 'ui://app/x.html')).toBe('ui://b__app/x.html');
    expect(catalog.exposedUri('b', 'file:///x')).toBe('file:///x');
    expect(catalog.collisions()).toEqual([]);
  });

  it('routes nothing for hostile metadata, a hidden tool, and reports an unprefixed clash', () => {
    const catalog = new Catalog({ separator: '__' });
    catalog.setItems({ ...upstream('a', 0), tools: { deny: ['hidden'] } }, 'tools', [
      appTool('odd', 'https://evil/x', 42),
      appTool('long', `ui://${'x'.repeat(3000)}`),
      appTool('hidden', 'ui://secret'),
    ]);
    expect(catalog.resolveUri('https://evil/x')).toBeUndefined();
    expect(catalog.resolveUri(`ui://a__${'x'.repeat(3000)}`)).toBeUndefined();
    expect(catalog.resolveUri('ui://a__secret')).toBeUndefined();
    const long = catalog.list('tools')[1]?._meta as { ui: { resourceUri: string } };
    expect(long.ui.resourceUri).toBe(`ui://${'x'.repeat(3000)}`);

    const bare = new Catalog({ separator: '__' });
    bare.setItems(upstream('a', 0, ''), 'tools', [appTool('one', 'ui://same')]);
    bare.setItems(upstream('b', 1, ''), 'tools', [appTool('two', 'ui://same')]);
    expect(bare.resolveUri('ui://same')?.upstream).toBe('a');
    expect(bare.collisions().map((c) => [c.kind, c.exposed, c.loser.upstream])).toEqual([
      ['resources', 'ui://same', 'b'],
    ]);
  });
});
