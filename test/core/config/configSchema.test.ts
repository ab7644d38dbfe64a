// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${NAME}` is config syntax under test, not a template.
/** The config readers every section is built from (core/config/configSchema.ts): paths, checks, ${env}. */
import { describe, expect, it } from 'vitest';
import {
  child,
  describe as describeValue,
  Issues,
  integer,
  item,
  knownKeys,
  oneOf,
  string,
  stringArray,
  stringRecord,
  substituteEnv,
  substituteEnvRecord,
} from '../../../core/config/configSchema.js';

const lines = (issues: Issues) => issues.list.map((i) => `${i.path}: ${i.reason}`);

describe('paths', () => {
  it('joins plain keys with dots and quotes keys a dot would make ambiguous', () => {
    expect(child('', 'mcpServers')).toBe('mcpServers');
    expect(child('mcpServers', 'git-hub_1')).toBe('mcpServers.git-hub_1');
    expect(child('mcpServers', 'a.b')).toBe('mcpServers["a.b"]');
    expect(child('mcpServers', '')).toBe('mcpServers[""]');
    expect(item(child('mcpServers', 's'), 2)).toBe('mcpServers.s[2]');
  });

  it('names JSON types as a user reads them', () => {
    expect([null, [], {}, 1, 's', true].map(describeValue)).toEqual([
      'null',
      'array',
      'object',
      'number',
      'string',
      'boolean',
    ]);
  });
});

describe('checks', () => {
  it('integer: type, integrality and range each have their own reason', () => {
    const issues = new Issues();
    const range = { min: 1, max: 10 };
    expect(integer(5, 'a', issues, range)).toBe(5);
    expect(integer('5', 'b', issues, range)).toBeUndefined();
    expect(integer(1.5, 'c', issues, range)).toBeUndefined();
    expect(integer(11, 'd', issues, range)).toBeUndefined();
    expect(lines(issues)).toEqual([
      'b: expected an integer, got string',
      'c: expected an integer, got 1.5',
      'd: expected an integer from 1 to 10, got 11',
    ]);
  });

  it('oneOf lists the choices and shows a wrong string as written', () => {
    const issues = new Issues();
    expect(oneOf('b', 'x', issues, ['a', 'b'])).toBe('b');
    expect(oneOf('c', 'x', issues, ['a', 'b'])).toBeUndefined();
    expect(oneOf(3, 'y', issues, ['a'])).toBeUndefined();
    expect(lines(issues)).toEqual([
      'x: expected one of "a", "b", got "c"',
      'y: expected one of "a", got number',
    ]);
  });

  it('string with a rule; arrays and records name the offending entry', () => {
    const issues = new Issues();
    const rule = { pattern: /^[a-z]+$/, description: 'lower-case letters' };
    expect(string('abc', 's', issues, rule)).toBe('abc');
    expect(string('aBc', 's', issues, rule)).toBeUndefined();
    expect(stringArray(['a', ''], 'arr', issues, { nonEmptyItems: true })).toBeUndefined();
    expect(stringArray(['a', 1], 'arr2', issues)).toBeUndefined();
    expect(stringArray(['a', ''], 'arr3', issues)).toEqual(['a', '']);
    expect(stringRecord({ A: 'x', B: 2 }, 'env', issues)).toBeUndefined();
    expect(lines(issues)).toEqual([
      's: expected lower-case letters, got "aBc"',
      'arr[1]: expected a non-empty string',
      'arr2[1]: expected a string, got number',
      'env.B: expected a string, got number',
    ]);
  });

  it('knownKeys: a typo gets "did you mean", a client key is only noted, a stranger is refused', () => {
    const issues = new Issues();
    knownKeys(
      { command: 'x', comand: 'y', autoApprove: [], zzz: 1 },
      's',
      new Set(['command', 'args']),
      issues,
      new Set(['autoApprove']),
    );
    expect(lines(issues)).toEqual([
      's.comand: unknown key (did you mean "command"?)',
      's.zzz: unknown key',
    ]);
    expect(issues.ignored).toEqual(['s.autoApprove']);
  });
});

describe('substituteEnv', () => {
  const env = { HOME: '/home/u', EMPTY: '' };
  const expand = (text: string, lenient = false) => {
    const issues = new Issues();
    return { out: substituteEnv(text, 'p', env, issues, lenient), issues: lines(issues) };
  };

  it('expands ${NAME} and ${env:NAME}; a default applies when unset or empty', () => {
    expect(expand('${HOME}/a:${env:HOME}')).toEqual({ out: '/home/u/a:/home/u', issues: [] });
    expect(expand('${EMPTY:-d}|${MISSING:-m}|${env:HOME:-x}')).toEqual({
      out: 'd|m|/home/u',
      issues: [],
    });
    expect(expand('$HOME stays')).toEqual({ out: '$HOME stays', issues: [] });
  });

  it('refuses an unset variable or a malformed name, and keeps the text as written', () => {
    expect(expand('a ${MISSING} b ${HOME}')).toEqual({
      out: 'a ${MISSING} b ${HOME}',
      issues: ['p: environment variable MISSING is not set'],
    });
    expect(expand('${1BAD}').issues).toEqual([
      'p: invalid environment variable reference "${1BAD}"',
    ]);
    expect(expand('${MISSING}', true)).toEqual({ out: '${MISSING}', issues: [] });
  });

  it('never finds Object.prototype members, and keeps a __proto__ key a plain key', () => {
    expect(expand('${constructor}').issues).toEqual([
      'p: environment variable constructor is not set',
    ]);
    const record = JSON.parse('{"__proto__": "${HOME}"}') as Record<string, string>;
    const out = substituteEnvRecord(record, 'env', env, new Issues(), false);
    expect(Object.keys(out)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toBe('/home/u');
  });
});
