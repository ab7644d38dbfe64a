import { describe, expect, it } from 'vitest';
import { type SearchableTool, ToolIndex } from '../../../../core/catalog/search/index.js';

const tool = (upstream: string, name: string, description: string, params: string[] = []) =>
  ({
    exposed: `${upstream}__${name}`,
    upstream,
    original: name,
    tool: {
      name: `${upstream}__${name}`,
      description,
      inputSchema: { type: 'object', properties: Object.fromEntries(params.map((p) => [p, {}])) },
    },
  }) satisfies SearchableTool;

const TOOLS = [
  tool('github', 'create_issue', 'Create a new issue in a repository', ['owner', 'repo', 'title']),
  tool('github', 'list_issues', 'List issues of a repository', ['owner', 'repo', 'state']),
  tool('gitlab', 'create_issue', 'Create a new issue in a project', ['project_id', 'title']),
  tool('files', 'read_file', 'Read the complete contents of a file', ['path']),
  tool('files', 'write_file', 'Create or overwrite a file with new content', ['path', 'content']),
  tool('slack', 'post_message', 'Post a message to a channel', ['channel_id', 'text']),
];

const names = (index: ToolIndex, query: string, limit?: number) =>
  index.search(query, limit === undefined ? {} : { limit }).map((hit) => hit.exposed);

describe('ToolIndex (BM25F)', () => {
  const index = new ToolIndex(TOOLS);

  it('ranks a name match first and uses the upstream name to break near-ties', () => {
    expect(names(index, 'read a file')[0]).toBe('files__read_file');
    expect(names(index, 'new issue on GitHub')[0]).toBe('github__create_issue');
    expect(names(index, 'create issue in gitlab')[0]).toBe('gitlab__create_issue');
  });

  it('finds tools by parameter names and by related words', () => {
    expect(names(index, 'channel')[0]).toBe('slack__post_message');
    expect(names(index, 'send a msg')[0]).toBe('slack__post_message');
  });

  it('is deterministic: equal scores keep list order, and the limit applies', () => {
    const twins = new ToolIndex([tool('a', 'echo', 'Echo'), tool('b', 'echo', 'Echo')]);
    expect(names(twins, 'echo')).toEqual(['a__echo', 'b__echo']);
    expect(names(index, 'issue', 1)).toHaveLength(1);
    expect(names(index, 'issue')).toEqual(names(index, 'issue'));
  });

  it('returns nothing for words no tool has, and skips what accept refuses', () => {
    expect(names(index, 'kubernetes pod')).toEqual([]);
    const hits = index.search('create issue', { accept: (t) => t.upstream !== 'github' });
    expect(hits.map((hit) => hit.exposed)).not.toContain('github__create_issue');
    expect(hits[0]?.exposed).toBe('gitlab__create_issue');
  });
});
