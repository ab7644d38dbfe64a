import { describe, expect, it } from 'vitest';
import { stem, tokenize } from '../../../../core/catalog/search/index.js';

describe('tokenize', () => {
  it('splits names at _, -, ., camelCase, acronyms and digits, lowercased', () => {
    expect(tokenize('list_pullRequests')).toEqual(['list', 'pull', 'request']);
    expect(tokenize('API-get-user')).toEqual(['api', 'user']);
    expect(tokenize('HTTPServer2go')).toEqual(['http', 'server', '2', 'go']);
    expect(tokenize('a.b/c d')).toEqual(['b', 'c', 'd']);
  });

  it('drops stop words and keeps repeated terms', () => {
    expect(tokenize('Get the file and the file info')).toEqual(['fil', 'fil', 'info']);
  });

  it('stems plurals, -ing and -ed forms to one term', () => {
    const forms = ['create', 'creates', 'created', 'creating'].map(stem);
    expect(new Set(forms).size).toBe(1);
    expect(stem('entries')).toBe(stem('entry'));
    expect(stem('branches')).toBe('branch');
    expect(stem('running')).toBe('run');
    expect(stem('added')).toBe('add');
    expect(stem('issues')).toBe(stem('issue'));
    expect(stem('ids')).toBe('ids');
    expect(stem('status')).toBe('status');
  });
});
