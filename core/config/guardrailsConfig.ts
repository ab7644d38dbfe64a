/**
 * The guardrails under `mcpMux` (core/config/README.md, "Approval and audit"):
 *
 *   "approve": ["*__delete_*"], "approveDestructive": true, "approveFallback": "deny",
 *   "approveRemember": "session", "approveRedact": ["*password*"],
 *   "audit": { "file": "/var/log/mcp-mux/audit.jsonl", "methods": ["tools/call"],
 *              "arguments": "digest" }
 *
 * `approve` globs match exposed tool names (a server's own `approve` matches its tool names as
 * the server gives them: upstreamConfig.ts). Read at each call: a reload changes them.
 */
import {
  boolean,
  child,
  type Issues,
  knownKeys,
  object,
  oneOf,
  string,
  stringArray,
} from './configSchema.js';

export type ApproveFallback = 'deny' | 'allow';
export type ApproveRemember = 'none' | 'session';
export type AuditArgumentsMode = 'digest' | 'full' | 'none';

export interface AuditConfig {
  /** The JSON-lines file (appended to; reopened on SIGHUP). */
  file: string;
  /** Routed methods audited (default `["tools/call"]`). */
  methods: string[];
  arguments: AuditArgumentsMode;
}

export interface GuardrailsConfig {
  /** Exposed tool names (globs) whose calls the user must approve. */
  approve?: string[];
  /** Also ask for tools whose annotations say `destructiveHint: true` (default false). */
  approveDestructive?: boolean;
  /** A client that cannot be asked: `deny` (default: fail closed) or `allow`. */
  approveFallback?: ApproveFallback;
  /** `session`: an accepted tool is not asked again in that session (default `none`). */
  approveRemember?: ApproveRemember;
  /** Argument keys (globs) shown as `[redacted]` in the approval message. */
  approveRedact?: string[];
  /** The audit trail; absent: none (CLI `--audit FILE` sets `file`). */
  audit?: AuditConfig;
}

export const GUARDRAIL_KEYS: readonly string[] = [
  'approve',
  'approveDestructive',
  'approveFallback',
  'approveRemember',
  'approveRedact',
  'audit',
];

const AUDIT_KEYS = new Set(['file', 'methods', 'arguments']);
const NON_EMPTY = { pattern: /./, description: 'a non-empty string' };

/** The guardrail keys of `mcpMux` that are set. */
export function parseGuardrails(raw: Record<string, unknown>, issues: Issues): GuardrailsConfig {
  const at = (key: string) => child('mcpMux', key);
  const out: GuardrailsConfig = {};
  for (const key of ['approve', 'approveRedact'] as const) {
    if (raw[key] === undefined) continue;
    const globs = stringArray(raw[key], at(key), issues, { nonEmptyItems: true });
    if (globs) out[key] = globs;
  }
  if (raw.approveDestructive !== undefined) {
    const on = boolean(raw.approveDestructive, at('approveDestructive'), issues);
    if (on !== undefined) out.approveDestructive = on;
  }
  if (raw.approveFallback !== undefined) {
    const fallback = oneOf(raw.approveFallback, at('approveFallback'), issues, [
      'deny',
      'allow',
    ] as const);
    if (fallback) out.approveFallback = fallback;
  }
  if (raw.approveRemember !== undefined) {
    const remember = oneOf(raw.approveRemember, at('approveRemember'), issues, [
      'none',
      'session',
    ] as const);
    if (remember) out.approveRemember = remember;
  }
  if (raw.audit !== undefined) {
    const audit = parseAudit(raw.audit, at('audit'), issues);
    if (audit) out.audit = audit;
  }
  return out;
}

function parseAudit(value: unknown, path: string, issues: Issues): AuditConfig | undefined {
  const raw = object(value, path, issues);
  if (!raw) return undefined;
  knownKeys(raw, path, AUDIT_KEYS, issues);
  const file = string(raw.file, child(path, 'file'), issues, NON_EMPTY);
  const audit: AuditConfig = { file: file ?? '', methods: ['tools/call'], arguments: 'digest' };
  if (raw.methods !== undefined) {
    const methods = stringArray(raw.methods, child(path, 'methods'), issues, {
      nonEmptyItems: true,
    });
    if (methods) audit.methods = methods;
  }
  if (raw.arguments !== undefined) {
    const mode = oneOf(raw.arguments, child(path, 'arguments'), issues, [
      'digest',
      'full',
      'none',
    ] as const);
    if (mode) audit.arguments = mode;
  }
  return file === undefined ? undefined : audit;
}
