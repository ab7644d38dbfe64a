/**
 * The public types hold for a strict library user: test/consumer/consumer.ts (every embedding
 * function, no casts) compiles with `tsc --noEmit --strict` against `index.ts`.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../integration/harness.js';

describe('a strict TypeScript consumer', () => {
  it('compiles against the public API with no casts', async () => {
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    const args = [
      tsc,
      '--noEmit',
      '--strict',
      '--exactOptionalPropertyTypes',
      '--noUncheckedIndexedAccess',
      '--skipLibCheck',
      '--target',
      'es2022',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--types',
      'node',
      join(root, 'test/consumer/consumer.ts'),
    ];
    const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
      execFile(process.execPath, args, { cwd: root, timeout: 120_000 }, (error, stdout, stderr) =>
        resolve({ code: error ? 1 : 0, output: stdout + stderr }),
      );
    });
    expect(output).toBe('');
    expect(code).toBe(0);
  }, 120_000);
});
