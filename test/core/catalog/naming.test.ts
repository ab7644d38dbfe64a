import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SEPARATOR,
  exposeName,
  matchesFilter,
  NAME_PATTERN,
  shortHash,
} from '../../../core/catalog/naming.js';

const opts = { separator: DEFAULT_SEPARATOR };

describe('exposeName', () => {
  it('joins prefix, separator and name', () => {
    expect(exposeName('github', 'create_issue', opts)).toBe('github__create_issue');
    expect(exposeName('a', 'b', { separator: '.' })).toBe('a.b');
  });

  it('leaves the name unchanged for an empty prefix', () => {
    expect(exposeName('', 'create_issue', opts)).toBe('create_issue');
    expect(exposeName('', 'admin.tools.list', opts)).toBe('admin.tools.list');
  });

  it('replaces characters outside [A-Za-z0-9_.-] with _', () => {
    expect(exposeName('fs', 'read file/now', opts)).toBe('fs__read_file_now');
    expect(exposeName('', 'é!', opts)).toBe('__');
    expect(exposeName('', '', opts)).toBe('_');
    for (const name of ['a b', 'x/y', 'ü', '', 'ok']) {
      expect(exposeName('p', name, opts)).toMatch(NAME_PATTERN);
    }
  });

  it('shortens past maxLength deterministically with a hash of the full name', () => {
    const name = 'x'.repeat(100);
    const short = exposeName('server', name, { separator: '__', maxLength: 32 });
    expect(short).toHaveLength(32);
    expect(short).toBe(exposeName('server', name, { separator: '__', maxLength: 32 }));
    expect(short.startsWith('server__xxxx')).toBe(true);
    expect(short.slice(-8)).toBe(shortHash(`server__${name}`));
    expect(short).toMatch(NAME_PATTERN);
  });

  it('gives different names to long names that share their head', () => {
    const head = 'very_long_tool_name_'.repeat(5);
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      seen.add(exposeName('srv', `${head}${i}`, { separator: '__', maxLength: 40 }));
    }
    expect(seen.size).toBe(500);
  });

  it('never exceeds 128 characters, with or without maxLength', () => {
    const name = 'n'.repeat(300);
    expect(exposeName('p', name, opts)).toHaveLength(128);
    expect(exposeName('p', name, { separator: '__', maxLength: 500 })).toHaveLength(128);
    expect(exposeName('', 'n'.repeat(128), opts)).toBe('n'.repeat(128));
    expect(exposeName('p', name, opts)).toMatch(NAME_PATTERN);
  });

  it('rejects a maxLength too small to hold a hash', () => {
    expect(() => exposeName('p', 'n', { separator: '__', maxLength: 8 })).toThrow(RangeError);
    expect(() => exposeName('p', 'n', { separator: '__', maxLength: 20.5 })).toThrow(RangeError);
  });
});

describe('matchesFilter', () => {
  it('allows everything without lists, and treats an empty allow list as no list', () => {
    expect(matchesFilter('anything', {})).toBe(true);
    expect(matchesFilter('anything', { allow: [], deny: [] })).toBe(true);
  });

  it('requires a match of the allow list', () => {
    const filter = { allow: ['read_*', 'list'] };
    expect(matchesFilter('read_file', filter)).toBe(true);
    expect(matchesFilter('list', filter)).toBe(true);
    expect(matchesFilter('write_file', filter)).toBe(false);
  });

  it('lets deny win over allow', () => {
    const filter = { allow: ['*'], deny: ['danger*', '*.admin'] };
    expect(matchesFilter('safe', filter)).toBe(true);
    expect(matchesFilter('danger_zone', filter)).toBe(false);
    expect(matchesFilter('users.admin', filter)).toBe(false);
  });

  it('matches names with dots and leading dots, and ** across slashes', () => {
    expect(matchesFilter('.hidden', { allow: ['*'] })).toBe(true);
    expect(matchesFilter('a.b.c', { allow: ['a.*'] })).toBe(true);
    expect(matchesFilter('a/b', { allow: ['*'] })).toBe(false);
    expect(matchesFilter('a/b', { allow: ['**'] })).toBe(true);
  });

  it('supports braces and character classes', () => {
    const filter = { allow: ['{get,list}_*', 'v[0-9]'] };
    expect(matchesFilter('get_user', filter)).toBe(true);
    expect(matchesFilter('v7', filter)).toBe(true);
    expect(matchesFilter('put_user', filter)).toBe(false);
  });
});
