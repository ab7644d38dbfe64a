/**
 * The system programs the deployment tests start (Debian packages `redis-server`, `nginx`,
 * `haproxy`): where they are, and what a test file does when one is missing — skip with a
 * message saying what to install on a developer machine, fail when
 * `MCP_MUX_REQUIRE_DEPLOY_TOOLS=1` (CI sets it: CI must not skip them).
 */
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { describe, it } from 'vitest';

export type DeployTool = 'redis-server' | 'nginx' | 'haproxy';

/** Debian puts nginx and haproxy in /usr/sbin, often not on an unprivileged user's PATH. */
const EXTRA_DIRS = ['/usr/sbin', '/usr/local/sbin', '/sbin'];

export const INSTALL_HINT = 'apt-get install -y redis-server nginx haproxy';

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The absolute path of `tool`, or undefined when it is not installed. */
export function findTool(tool: DeployTool): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), ...EXTRA_DIRS];
  for (const dir of dirs) {
    if (dir === '') continue;
    const path = join(dir, tool);
    if (executable(path)) return path;
  }
  return undefined;
}

export const deployToolsRequired = (): boolean => process.env.MCP_MUX_REQUIRE_DEPLOY_TOOLS === '1';

/**
 * `describe(name, body)` when every tool in `tools` is installed. Otherwise: one failing test
 * naming what is missing when `MCP_MUX_REQUIRE_DEPLOY_TOOLS=1`, else a skipped suite whose
 * name says what to install. `body` receives the tools' paths.
 */
export function describeWithTools(
  name: string,
  tools: readonly DeployTool[],
  body: (paths: Record<DeployTool, string>) => void,
): void {
  const paths: Partial<Record<DeployTool, string>> = {};
  const missing: DeployTool[] = [];
  for (const tool of tools) {
    const path = findTool(tool);
    if (path === undefined) missing.push(tool);
    else paths[tool] = path;
  }
  if (missing.length === 0) {
    describe(name, () => body(paths as Record<DeployTool, string>));
    return;
  }
  const message = `${missing.join(', ')} not installed (${INSTALL_HINT})`;
  if (deployToolsRequired()) {
    describe(name, () => {
      it('has its tools installed (MCP_MUX_REQUIRE_DEPLOY_TOOLS=1)', () => {
        throw new Error(message);
      });
    });
    return;
  }
  console.warn(`[mcp-mux deploy tests] ${name}: skipped, ${message}`);
  describe.skip(`${name} — skipped: ${message}`, () => {
    it('needs the deployment tools', () => {});
  });
}
