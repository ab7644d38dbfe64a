/**
 * Turns the shipped balancer configs (deploy/nginx.conf, deploy/haproxy.cfg) into configs for
 * loopback ports, so the tests exercise the very files operators copy. The configs tag the
 * lines that depend on the site: `# @backend` (one server line each; a run of them becomes
 * one line per test backend, written from the run's first line), `# @listen`, `# @access-log`
 * and `# @log`. nginx.conf also has one owner block per instance (`# @owner-block`, its
 * server `# @owner`, the others `# @backup`) and one map line per instance (`# @owner-map`):
 * the run of blocks becomes one block per backend, written from the first block with the
 * backend's instance id in place of the example's. Nothing else is changed; a tag that is
 * missing is an error (the file and the tests would have drifted apart).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './muxInstances.js';

export const nginxTemplatePath = join(repoRoot, 'deploy/nginx.conf');
export const haproxyTemplatePath = join(repoRoot, 'deploy/haproxy.cfg');

export interface Backend {
  /** For HAProxy's `server <name>`. */
  name: string;
  /** `127.0.0.1:<port>` */
  address: string;
  /** For HAProxy's health check on the instance's metrics listener. */
  checkPort?: number;
  /** Its `mcpMux.cluster.instanceId`, for nginx's owner blocks (default: `name`). */
  instanceId?: string;
}

const ADDRESS = /\b[\w.-]+:\d+\b/;

/** Replaces each run of lines tagged `tag` with one line per backend, built by `line`. */
function expandRuns(
  lines: string[],
  tag: string,
  line: (pattern: string, backend: Backend) => string,
  backends: readonly Backend[],
): { lines: string[]; runs: number } {
  const out: string[] = [];
  let runs = 0;
  for (let i = 0; i < lines.length; i++) {
    const current = lines[i] ?? '';
    if (!current.includes(tag)) {
      out.push(current);
      continue;
    }
    runs++;
    for (const backend of backends) out.push(line(current, backend));
    while ((lines[i + 1] ?? '').includes(tag)) i++;
  }
  return { lines: out, runs };
}

function replaceTagged(lines: string[], tag: string, replacement: string): string[] {
  let found = false;
  const out = lines.map((line) => {
    if (!line.includes(tag)) return line;
    found = true;
    const indent = /^\s*/.exec(line)?.[0] ?? '';
    return `${indent}${replacement} ${tag}`;
  });
  if (!found) throw new Error(`the template has no line tagged ${tag}`);
  return out;
}

const idOf = (backend: Backend): string => backend.instanceId ?? backend.name;

/** The example's instance id in a line naming `mcp_mux_owner_<id>`. */
function exampleId(line: string): string {
  const id = /mcp_mux_owner_([A-Za-z0-9_-]+)/.exec(line)?.[1];
  if (!id) throw new Error(`nginx.conf: no mcp_mux_owner_<id> in ${JSON.stringify(line)}`);
  return id;
}

/** Replaces `id` standing alone or after `mcp_mux_owner_` (ids are [A-Za-z0-9_-]). */
const renameId = (line: string, id: string, next: string): string =>
  line.replace(new RegExp(`(^|[^\\w-]|mcp_mux_owner_)${id}(?![\\w-])`, 'g'), `$1${next}`);

/** Whether `line` carries exactly `tag` (`# @owner` is not `# @owner-map`). */
const tagged = (line: string, tag: string): boolean => new RegExp(`${tag}(?![\\w-])`).test(line);

/**
 * The run of `# @owner-block` upstream blocks → one block per backend, from the first block:
 * its name and zone take the backend's id, `# @owner` its address, the `# @backup` run one
 * line per other backend.
 */
function expandOwnerBlocks(lines: string[], backends: readonly Backend[]): string[] {
  const first = lines.findIndex((line) => line.includes('# @owner-block'));
  if (first < 0) throw new Error('the template has no line tagged # @owner-block');
  const closeOf = (start: number) => {
    const close = lines.findIndex((line, i) => i > start && /^\s*\}/.test(line));
    if (close < 0) throw new Error('nginx.conf: an owner block is not closed');
    return close;
  };
  let end = closeOf(first);
  while ((lines[end + 1] ?? '').includes('# @owner-block')) end = closeOf(end + 1);
  const pattern = lines.slice(first, closeOf(first) + 1);
  const id = exampleId(pattern[0] ?? '');
  if (
    !pattern.some((line) => tagged(line, '# @owner')) ||
    !pattern.some((line) => tagged(line, '# @backup'))
  )
    throw new Error('nginx.conf: the owner block needs lines tagged # @owner and # @backup');
  const blocks = backends.flatMap((self) => {
    const others = backends.filter((backend) => backend !== self);
    const withOwner = pattern.map((line) => {
      if (tagged(line, '# @owner')) return line.replace(ADDRESS, self.address);
      return tagged(line, '# @backup') ? line : renameId(line, id, idOf(self));
    });
    return expandRuns(
      withOwner,
      '# @backup',
      (line, backend) => line.replace(ADDRESS, backend.address),
      others,
    ).lines;
  });
  return [...lines.slice(0, first), ...blocks, ...lines.slice(end + 1)];
}

export interface NginxRender {
  listenPort: number;
  backends: readonly Backend[];
  /** Temp dir for nginx's own files (temp paths, access log). */
  dir: string;
}

/** deploy/nginx.conf for loopback: backends, listen port, access log and temp paths in `dir`. */
export function renderNginx(
  options: NginxRender,
  template = readFileSync(nginxTemplatePath, 'utf8'),
): string {
  const expanded = expandRuns(
    template.split('\n'),
    '# @backend',
    (pattern, backend) => pattern.replace(ADDRESS, backend.address),
    options.backends,
  );
  if (expanded.runs !== 3)
    throw new Error(`nginx.conf: expected 3 runs of backends, got ${expanded.runs}`);
  const owners = expandRuns(
    expandOwnerBlocks(expanded.lines, options.backends),
    '# @owner-map',
    (line, backend) => renameId(line, exampleId(line), idOf(backend)),
    options.backends,
  );
  if (owners.runs !== 1)
    throw new Error(`nginx.conf: expected 1 run of # @owner-map lines, got ${owners.runs}`);
  let lines = replaceTagged(owners.lines, '# @listen', `listen 127.0.0.1:${options.listenPort};`);
  lines = replaceTagged(
    lines,
    '# @access-log',
    `access_log ${join(options.dir, 'access.log')} mcp_mux;`,
  );
  // Unprivileged: nginx's compiled-in temp paths are under /var/lib/nginx.
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `    ${kind}_temp_path ${join(options.dir, `${kind}_temp`)};`)
    .join('\n');
  const http = lines.findIndex((line) => /^http\s*\{/.test(line));
  if (http < 0) throw new Error('nginx.conf: no http block');
  lines.splice(http + 1, 0, temp);
  return lines.join('\n');
}

export interface HaproxyRender {
  listenPort: number;
  backends: readonly Backend[];
}

/** deploy/haproxy.cfg for loopback: servers (health-checked on their metrics port), bind, log to stdout. */
export function renderHaproxy(
  options: HaproxyRender,
  template = readFileSync(haproxyTemplatePath, 'utf8'),
): string {
  const expanded = expandRuns(
    template.split('\n'),
    '# @backend',
    (pattern, backend) => {
      let line = pattern.replace(
        /\bserver\s+\S+\s+\S+/,
        `server ${backend.name} ${backend.address}`,
      );
      if (backend.checkPort !== undefined)
        line = line.replace(/\bport\s+\d+/, `port ${backend.checkPort}`);
      return line;
    },
    options.backends,
  );
  if (expanded.runs !== 2)
    throw new Error(`haproxy.cfg: expected 2 runs of backends, got ${expanded.runs}`);
  let lines = replaceTagged(expanded.lines, '# @listen', `bind 127.0.0.1:${options.listenPort}`);
  lines = replaceTagged(lines, '# @log', 'log stdout format raw local0 info');
  return lines.join('\n');
}
