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
import { boolean, child, knownKeys, object, oneOf, string, stringArray, } from './configSchema.js';
export const GUARDRAIL_KEYS = [
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
export function parseGuardrails(raw, issues) {
    const at = (key) => child('mcpMux', key);
    const out = {};
    for (const key of ['approve', 'approveRedact']) {
        if (raw[key] === undefined)
            continue;
        const globs = stringArray(raw[key], at(key), issues, { nonEmptyItems: true });
        if (globs)
            out[key] = globs;
    }
    if (raw.approveDestructive !== undefined) {
        const on = boolean(raw.approveDestructive, at('approveDestructive'), issues);
        if (on !== undefined)
            out.approveDestructive = on;
    }
    if (raw.approveFallback !== undefined) {
        const fallback = oneOf(raw.approveFallback, at('approveFallback'), issues, [
            'deny',
            'allow',
        ]);
        if (fallback)
            out.approveFallback = fallback;
    }
    if (raw.approveRemember !== undefined) {
        const remember = oneOf(raw.approveRemember, at('approveRemember'), issues, [
            'none',
            'session',
        ]);
        if (remember)
            out.approveRemember = remember;
    }
    if (raw.audit !== undefined) {
        const audit = parseAudit(raw.audit, at('audit'), issues);
        if (audit)
            out.audit = audit;
    }
    return out;
}
function parseAudit(value, path, issues) {
    const raw = object(value, path, issues);
    if (!raw)
        return undefined;
    knownKeys(raw, path, AUDIT_KEYS, issues);
    const file = string(raw.file, child(path, 'file'), issues, NON_EMPTY);
    const audit = { file: file ?? '', methods: ['tools/call'], arguments: 'digest' };
    if (raw.methods !== undefined) {
        const methods = stringArray(raw.methods, child(path, 'methods'), issues, {
            nonEmptyItems: true,
        });
        if (methods)
            audit.methods = methods;
    }
    if (raw.arguments !== undefined) {
        const mode = oneOf(raw.arguments, child(path, 'arguments'), issues, [
            'digest',
            'full',
            'none',
        ]);
        if (mode)
            audit.arguments = mode;
    }
    return file === undefined ? undefined : audit;
}
//# sourceMappingURL=guardrailsConfig.js.map