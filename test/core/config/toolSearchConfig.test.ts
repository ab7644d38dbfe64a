import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../../core/config/index.js';

const parse = (toolSearch: unknown) => parseConfig({ mcpServers: {}, mcpMux: { toolSearch } });

describe('mcpMux.toolSearch', () => {
  it('is absent by default and fills the defaults of keys not written', () => {
    expect(parseConfig({ mcpServers: {} }).toolSearch).toBeUndefined();
    expect(parse({ mode: 'auto' }).toolSearch).toEqual({
      mode: 'auto',
      threshold: 40,
      maxResults: 10,
      maxActivated: 32,
    });
    expect(
      parse({ mode: 'search', threshold: 5, maxResults: 3, maxActivated: 0 }).toolSearch,
    ).toEqual({ mode: 'search', threshold: 5, maxResults: 3, maxActivated: 0 });
  });

  it('refuses unknown modes, keys and out-of-range numbers, each with its path', () => {
    try {
      parse({ mode: 'always', maxResults: 0, maxActivated: 1000, treshold: 3 });
      expect.unreachable();
    } catch (error) {
      const paths = (error as ConfigError).issues.map((issue) => issue.path).sort();
      expect(paths).toEqual([
        'mcpMux.toolSearch.maxActivated',
        'mcpMux.toolSearch.maxResults',
        'mcpMux.toolSearch.mode',
        'mcpMux.toolSearch.treshold',
      ]);
    }
    expect(() => parse('auto')).toThrow(ConfigError);
  });
});
