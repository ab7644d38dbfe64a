/**
 * The guardrails' metrics (core/observe/README.md): approvals by upstream and decision
 * (counted when decided, `RouterObserver.approval`), and the audit trail's lines written and
 * dropped (read from the audit writer at scrape time, nothing counted per request).
 */
import { type Registry } from 'prom-client';
import type { ApprovalDecision } from './observer.js';
/** What the audit writer has done so far (auditWriter.ts `stats`). */
export type AuditSource = () => {
    readonly written: number;
    readonly dropped: number;
};
export declare class GuardrailMetrics {
    #private;
    constructor(registry: Registry);
    approval(upstream: string, decision: ApprovalDecision): void;
    /** The audit writer whose counts the scrape reads. */
    attachAudit(source: AuditSource): void;
}
