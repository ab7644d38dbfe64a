/**
 * Where the benchmark finds things. Resolved from this file's location so that both the
 * compiled suite (dist/bench/…) and the TypeScript sources under test (bench/…) agree;
 * spawned programs are always the compiled ones in dist/.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
/** The repository root (the directory that holds package.json). */
export const repoRoot = here.includes(`${join('dist', 'bench')}`)
  ? join(here, '..', '..')
  : join(here, '..');

export const distDir = join(repoRoot, 'dist');
export const echoServerPath = join(distDir, 'bench', 'fixtures', 'echoServer.js');
export const sdkEchoServerPath = join(distDir, 'bench', 'fixtures', 'sdkEchoServer.js');
export const naiveProxyPath = join(distDir, 'bench', 'peers', 'naiveSdkProxy.js');
export const httpFacadeFloorPath = join(distDir, 'bench', 'subjects', 'httpFacadeFloor.js');
export const relayFloorPath = join(distDir, 'bench', 'subjects', 'relayFloor.js');
export const httpRelayFloorPath = join(distDir, 'bench', 'subjects', 'httpRelayFloor.js');
export const wsRelayFloorPath = join(distDir, 'bench', 'subjects', 'wsRelayFloor.js');
/** The router under test; `MCP_MUX_BIN` points at another build (before/after comparisons). */
export const muxBinPath = process.env.MCP_MUX_BIN ?? join(distDir, 'bin', 'mcp-mux.js');
export const peersDir = join(repoRoot, 'bench', 'peers');
export const resultsDir = join(repoRoot, 'bench', 'results');
export const benchReadme = join(repoRoot, 'bench', 'README.md');
