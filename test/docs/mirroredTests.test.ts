/**
 * Tests mirror the source (STYLE.md, principle 9): every runtime file with logic (a function,
 * class, variable or statement, not only types) has a test at its mirrored path —
 * `core/rpc/connection.ts` → `test/core/rpc/connection.test.ts`, or one split by behaviour,
 * `test/core/rpc/connection.<aspect>.test.ts` — or its folder's README names where it is
 * tested, in a `## Tests` section that mentions the file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { root, runtimeFiles } from './sourceTree.js';

/** Whether a source file holds more than types (and is not a folder's index of re-exports). */
function hasLogic(file: string): boolean {
  if (basename(file) === 'index.ts') return false;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  return source.statements.some(
    (s) =>
      !ts.isImportDeclaration(s) &&
      !ts.isInterfaceDeclaration(s) &&
      !ts.isTypeAliasDeclaration(s) &&
      !(ts.isExportDeclaration(s) && s.moduleSpecifier !== undefined),
  );
}

/** The test files next to `file`'s mirrored path: `<name>.test.ts` or `<name>.<aspect>.test.ts`. */
function hasMirroredTest(file: string): boolean {
  const rel = relative(root, file);
  const testDir = join(root, 'test', dirname(rel));
  if (!existsSync(testDir)) return false;
  const name = basename(rel, '.ts');
  return readdirSync(testDir).some(
    (t) => t === `${name}.test.ts` || (t.startsWith(`${name}.`) && t.endsWith('.test.ts')),
  );
}

/** The `## Tests` section of a folder's README, if any. */
function testsSection(folder: string): string {
  const readme = join(folder, 'README.md');
  if (!existsSync(readme)) return '';
  const text = readFileSync(readme, 'utf8');
  const start = text.search(/^## Tests\b/m);
  if (start < 0) return '';
  const rest = text.slice(start + 1);
  const end = rest.search(/^## /m);
  return end < 0 ? rest : rest.slice(0, end);
}

describe('tests mirror the source', () => {
  const files = runtimeFiles().filter(hasLogic);

  it('finds the runtime files with logic', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(hasLogic(join(root, 'core/rpc/types.ts'))).toBe(false);
    expect(hasLogic(join(root, 'core/rpc/connection.ts'))).toBe(true);
  });

  it('every runtime file with logic has a mirrored test, or its README says where it is tested', () => {
    const missing = files
      .filter((file) => !hasMirroredTest(file))
      .filter((file) => !testsSection(dirname(file)).includes(`\`${basename(file)}\``))
      .map((file) => relative(root, file).split(sep).join('/'));
    expect(
      missing,
      `without a mirrored test or a README "## Tests" entry:\n${missing.join('\n')}`,
    ).toEqual([]);
  });
});
