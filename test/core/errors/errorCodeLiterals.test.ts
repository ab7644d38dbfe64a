/**
 * A lint rule as a test: runtime code names JSON-RPC error codes (`ErrorCode.X` from
 * core/errors/errors.ts, the one table) and never writes their numbers, so a code cannot drift
 * from its meaning in one place. Parsed with TypeScript, so comments and message text that
 * mention a code are fine; a negative number literal in the JSON-RPC reserved range
 * (-32768..-32000) or mcp-mux's own range is not.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ErrorCodeRange } from '../../../core/errors/errors.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const RUNTIME = ['core', 'actors', 'transports', 'bin', 'index.ts'];
const TABLE = 'core/errors/errors.ts';

const isCode = (value: number): boolean =>
  (value >= -32768 && value <= -32000) ||
  (value >= ErrorCodeRange.mux.min && value <= ErrorCodeRange.mux.max);

function* sourceFiles(path: string): Generator<string> {
  if (path.endsWith('.ts')) {
    if (!path.endsWith('.d.ts')) yield path;
    return;
  }
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isDirectory() || entry.name.endsWith('.ts'))
      yield* sourceFiles(join(path, entry.name));
  }
}

/** `file:line: -32xxx` for each negative literal in a code range. */
function codeLiterals(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isPrefixUnaryExpression(node) &&
      node.operator === ts.SyntaxKind.MinusToken &&
      ts.isNumericLiteral(node.operand) &&
      isCode(-Number(node.operand.text))
    ) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(`${fileName}:${line + 1}: ${node.getText(source)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('JSON-RPC error code literals', () => {
  it('finds a literal code, and not one in a comment or a string', () => {
    const text = [
      '// answers -32601',
      "const message = 'its -32022 error';",
      'const code = -32001;',
      'send({ code: -31001, n: -1, big: -40000 });',
    ].join('\n');
    expect(codeLiterals('x.ts', text)).toEqual(['x.ts:3: -32001', 'x.ts:4: -31001']);
  });

  it('are written only in core/errors/errors.ts', () => {
    const found: string[] = [];
    for (const top of RUNTIME) {
      for (const file of sourceFiles(join(ROOT, top))) {
        const name = relative(ROOT, file);
        if (name !== TABLE) found.push(...codeLiterals(name, readFileSync(file, 'utf8')));
      }
    }
    expect(found).toEqual([]);
  });
});
