import { describe, expect, it } from 'vitest';
import { type ConfigError, parseConfig } from '../../../core/config/index.js';

const server = (extra: Record<string, unknown>) =>
  parseConfig({ mcpServers: { gh: { command: 'gh-mcp', ...extra } } }).upstreams[0];

const issuesOf = (extra: Record<string, unknown>) => {
  try {
    server(extra);
  } catch (error) {
    return (error as ConfigError).issues;
  }
  return expect.unreachable();
};

describe('toolOverrides and promptOverrides', () => {
  it('are absent unless written, and parse every key', () => {
    expect(server({})?.toolOverrides).toBeUndefined();
    const parsed = server({
      toolOverrides: {
        search: {
          name: 'find_code',
          title: 'Find code',
          description: 'Search code.',
          annotations: { readOnlyHint: true, destructiveHint: false, title: 'Find' },
        },
        delete_repo: { hidden: true },
      },
      promptOverrides: { greet: { name: 'hello', description: 'Says hello' } },
    });
    expect(parsed?.toolOverrides).toEqual({
      search: {
        name: 'find_code',
        title: 'Find code',
        description: 'Search code.',
        annotations: { readOnlyHint: true, destructiveHint: false, title: 'Find' },
      },
      delete_repo: { hidden: true },
    });
    expect(parsed?.promptOverrides).toEqual({
      greet: { name: 'hello', description: 'Says hello' },
    });
  });

  it('refuses bad names, unknown keys and wrong types, each with its path', () => {
    const paths = issuesOf({
      toolOverrides: {
        a: { name: 'has space', hidden: 'yes', annotations: { readOnlyHint: 1, colour: 'red' } },
        b: 'hide',
      },
      promptOverrides: { p: { annotations: {} } },
    }).map((issue) => issue.path);
    expect(paths.sort()).toEqual([
      'mcpServers.gh.promptOverrides.p.annotations',
      'mcpServers.gh.toolOverrides.a.annotations.colour',
      'mcpServers.gh.toolOverrides.a.annotations.readOnlyHint',
      'mcpServers.gh.toolOverrides.a.hidden',
      'mcpServers.gh.toolOverrides.a.name',
      'mcpServers.gh.toolOverrides.b',
    ]);
  });

  it('refuses two overrides giving one name, and a new name another override keeps', () => {
    const issues = issuesOf({
      toolOverrides: {
        a: { name: 'same' },
        b: { name: 'same' },
        c: { name: 'kept' },
        kept: { description: 'stays under its name' },
      },
    });
    expect(issues).toEqual([
      {
        path: 'mcpServers.gh.toolOverrides.b.name',
        reason: '"same" is already the new name of "a"',
      },
      {
        path: 'mcpServers.gh.toolOverrides.c.name',
        reason: '"kept" is kept by its own override; rename or hide that one',
      },
    ]);
  });

  it('accepts a swap of names and a rename onto a hidden item', () => {
    const parsed = server({
      toolOverrides: { a: { name: 'b' }, b: { name: 'a' }, c: { name: 'd' }, d: { hidden: true } },
    });
    expect(Object.keys(parsed?.toolOverrides ?? {})).toEqual(['a', 'b', 'c', 'd']);
  });
});
