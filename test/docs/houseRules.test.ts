/**
 * Rules of the house that a reader of the design relies on and a busy change can break
 * without any behaviour test noticing: the router only wires (router.ts stays small, with no
 * public fields), and the request path is built on RxJS's public API (no runtime file
 * overrides the internal `_subscribe` hook).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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
