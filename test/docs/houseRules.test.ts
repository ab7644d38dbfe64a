/**
 * Rules of the house that a reader of the design relies on and a busy change can break
 * without any behaviour test noticing: the router only wires (router.ts stays small, with no
 * public fields), the request path is built on RxJS's public API (no runtime file
 * overrides the internal `_subscribe` hook), and every runtime folder has a README that is a
 * design note a newcomer reads in a sitting, not a log.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, runtimeFiles } from './sourceTree.js';

describe('the router only wires', () => {
  const text = readFileSync(join(root, 'actors', 'router', 'router.ts'), 'utf8');

  it('router.ts is at most 250 lines', () => {
    expect(text.trimEnd().split('\n').length).toBeLessThanOrEqual(250);
  });

  it('the Router class has no public fields', () => {
    const body = text.slice(text.indexOf('export class Router'));
    // A field is a member declared with a type or an initialiser and no parameter list.
    const fields = body
      .split('\n')
      .filter((line) => /^ {2}(public |readonly )*[a-zA-Z_$][\w$]*\??\s*[:=][^>]/.test(line));
    expect(fields).toEqual([]);
  });
});

describe('the request path is built on public RxJS API', () => {
  it('no runtime file overrides _subscribe', () => {
    const offenders = runtimeFiles().filter((file) =>
      /\b_subscribe\s*\(/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});

/** "At most about 1,000 words": a design note, not a diary. */
const README_MAX_WORDS = 1050;

describe('every runtime folder has a README that is a design note', () => {
  const folders = [...new Set(runtimeFiles().map((file) => dirname(file)))].sort();

  it('finds the runtime folders', () => {
    expect(folders.map((dir) => relative(root, dir))).toContain('transports/base');
  });

  it('each folder with source files has a README.md', () => {
    const missing = folders
      .filter((dir) => !existsSync(join(dir, 'README.md')))
      .map((dir) => relative(root, dir));
    expect(missing).toEqual([]);
  });

  it(`each of those READMEs has at most ${README_MAX_WORDS} words`, () => {
    const long = folders
      .filter((dir) => existsSync(join(dir, 'README.md')))
      .map((dir) => ({
        readme: relative(root, join(dir, 'README.md')),
        words: readFileSync(join(dir, 'README.md'), 'utf8').split(/\s+/).filter(Boolean).length,
      }))
      .filter(({ words }) => words > README_MAX_WORDS);
    expect(long).toEqual([]);
  });
});
