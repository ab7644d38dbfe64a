import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../../core/config/index.js';

const parse = (profiles: unknown) => parseConfig({ mcpServers: {}, mcpMux: { profiles } });

const pathsOf = (profiles: unknown): string[] => {
  try {
    parse(profiles);
  } catch (error) {
    return (error as ConfigError).issues.map((issue) => issue.path).sort();
  }
  return expect.unreachable();
};

describe('mcpMux.profiles', () => {
  it('is absent by default and parses globs and a toolSearch with its defaults', () => {
    expect(parseConfig({ mcpServers: {} }).profiles).toBeUndefined();
    expect(
      parse({
        coding: { upstreams: ['github'], tools: ['github__*'], prompts: [], resources: ['a:/**'] },
        docs: { toolSearch: { mode: 'auto' } },
      }).profiles,
    ).toEqual({
      coding: { upstreams: ['github'], tools: ['github__*'], prompts: [], resources: ['a:/**'] },
      docs: { toolSearch: { mode: 'auto', threshold: 40, maxResults: 10, maxActivated: 32 } },
    });
  });

  it('refuses bad names, unknown keys, non-lists and a bad toolSearch, each with its path', () => {
    expect(
      pathsOf({
        'has/slash': {},
        '..': {},
        ok: { upstream: ['a'], tools: 'a*', prompts: [''], toolSearch: { mode: 'always' } },
      }),
    ).toEqual([
      'mcpMux.profiles.ok.prompts[0]',
      'mcpMux.profiles.ok.toolSearch.mode',
      'mcpMux.profiles.ok.tools',
      'mcpMux.profiles.ok.upstream',
      'mcpMux.profiles[".."]',
      'mcpMux.profiles["has/slash"]',
    ]);
    expect(() => parse(['coding'])).toThrow(ConfigError);
  });
});
