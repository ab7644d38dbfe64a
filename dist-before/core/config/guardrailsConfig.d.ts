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
import { type Issues } from './configSchema.js';
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
export declare const GUARDRAIL_KEYS: readonly string[];
/** The guardrail keys of `mcpMux` that are set. */
export declare function parseGuardrails(raw: Record<string, unknown>, issues: Issues): GuardrailsConfig;
