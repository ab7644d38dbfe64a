/**
 * The READMEs are design notes that stay true: every repository path a README names exists,
 * and no README, note or source file points at a tracker entry by number ("issue" + a
 * number) that nobody can look up: it says what and why instead.
 *
 * A path is a backticked token, the target of a relative markdown link, or a bare word with
 * a '/' and a known file extension. It counts when it has a '/' and either a known file
 * extension or a first segment that is an existing folder (of the repository root or of the
 * README's folder); it is resolved against the README's folder and against the root, and one
 * of the two must exist. Fenced code blocks are skipped (import specifiers, shell lines that
 * name build outputs).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Folders never scanned: installed or generated content. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', '.perf', '.python-deps']);
const SKIPPED_PATHS = new Set(['bench/results', 'bench/peers']);

/** Paths that READMEs name on purpose without them existing in a checkout. */
const IGNORED_PATHS = new Set<string>([
  // Written by every `npm run bench` next to the dated results (gitignored copies may be absent).
  'results/latest-throughput.svg',
  'results/latest-latency.svg',
]);
/** Prefixes of illustrative or generated paths (build output, installed packages). */
const IGNORED_PREFIXES = [
  'dist/',
  'node_modules/',
  '/path/to/',
  '../shared/',
  'bench/peers/node_modules/',
];

const KNOWN_EXTENSIONS =
  /\.(ts|mts|cts|js|mjs|cjs|json|md|wat|wasm|yml|yaml|sh|svg|cfg|conf|toml|txt|html|cpuprofile)$/;
const CODE_EXTENSIONS = /\.(ts|mts|cts|js|mjs|cjs|wat)$/;
const ISSUE_REFERENCE = /\bissues?\b[\s#-]*\d/i;
/** The same reference wrapped: a line ends in "issue", the next (past a comment's lead) starts with its number. */
const ENDS_IN_ISSUE = /\bissues?\b[\s#-]*$/i;
const STARTS_WITH_NUMBER = /^\s*(?:\*|\/\/|#|>)?[\s#-]*\d/;

function walk(dir: string, out: string[]): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    const rel = relative(root, full).split(sep).join('/');
    if (entry.isDirectory()) {
      if (SKIPPED_DIRS.has(entry.name) || SKIPPED_PATHS.has(rel)) continue;
      walk(full, out);
    } else if (entry.isFile()) {
      out.push(rel);
    }
  }
  return out;
}

const files = walk(root, []);
const readmes = files.filter((file) => file === 'README.md' || file.endsWith('/README.md'));

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The text of a markdown file without its fenced code blocks (line numbers kept). */
function proseLines(text: string): string[] {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line;
  });
}

function candidates(line: string): string[] {
  const found: string[] = [];
  for (const match of line.matchAll(/`([^`]+)`/g)) found.push(match[1] ?? '');
  for (const match of line.matchAll(/\]\(([^)\s]+)\)/g)) found.push(match[1] ?? '');
  const bare = line.replace(/`[^`]*`/g, ' ').replace(/\]\([^)]*\)/g, ' ');
  for (const match of bare.matchAll(/(?<![\w@/.:~-])((?:\.\.?\/)?[\w.-]+(?:\/[\w.-]+)+)/g)) {
    const token = match[1] ?? '';
    if (KNOWN_EXTENSIONS.test(token.replace(/[.,;:]+$/, ''))) found.push(token);
  }
  return found;
}

function normalize(token: string): string | undefined {
  let path = token.trim().replace(/[.,;:]+$/, '');
  path = path.replace(/#.*$/, '').replace(/:\d+(:\d+)?$/, '');
  if (path === '' || /\s|:\/\/|[<>*{}$~|?=,()[\]'"]/.test(path)) return undefined;
  if (path.startsWith('/') || path.startsWith('@') || path.startsWith('-')) return undefined;
  if (!path.includes('/')) return undefined;
  return path;
}

function looksLikePath(path: string, readmeDir: string): boolean {
  if (KNOWN_EXTENSIONS.test(path.replace(/\/$/, ''))) return true;
  const first = path.replace(/^(\.\.?\/)+/, '').split('/')[0] ?? '';
  if (first === '') return false;
  return isDirectory(join(root, first)) || isDirectory(join(root, readmeDir, first));
}

function exists(path: string, readmeDir: string): boolean {
  return existsSync(join(root, readmeDir, path)) || existsSync(join(root, path));
}

describe('READMEs', () => {
  it('are found', () => {
    expect(readmes).toContain('README.md');
    expect(readmes.length).toBeGreaterThan(10);
  });

  it('name only paths that exist', () => {
    const missing: string[] = [];
    for (const readme of readmes) {
      const dir = dirname(readme);
      const lines = proseLines(readFileSync(join(root, readme), 'utf8'));
      lines.forEach((line, index) => {
        for (const token of candidates(line)) {
          const path = normalize(token);
          if (path === undefined || IGNORED_PATHS.has(path)) continue;
          if (IGNORED_PREFIXES.some((prefix) => path.startsWith(prefix))) continue;
          if (!looksLikePath(path, dir)) continue;
          if (!exists(path, dir)) missing.push(`${readme}:${index + 1} → ${path}`);
        }
      });
    }
    expect(missing, `missing paths:\n${missing.join('\n')}`).toEqual([]);
  });
});

describe('tracker-number references', () => {
  it('appear in no README, note or source file', () => {
    const offenders: string[] = [];
    const scanned = files.filter((file) => file.endsWith('.md') || CODE_EXTENSIONS.test(file));
    for (const file of scanned) {
      const lines = readFileSync(join(root, file), 'utf8').split('\n');
      lines.forEach((line, index) => {
        const wrapped = ENDS_IN_ISSUE.test(line) && STARTS_WITH_NUMBER.test(lines[index + 1] ?? '');
        if (ISSUE_REFERENCE.test(line) || wrapped)
          offenders.push(`${file}:${index + 1}: ${line.trim().slice(0, 120)}`);
      });
    }
    expect(offenders, `references to fix:\n${offenders.join('\n')}`).toEqual([]);
  });
});
