/**
 * The guardrails' metrics (core/observe/README.md): approvals by upstream and decision
 * (counted when decided, `RouterObserver.approval`), and the audit trail's lines written and
 * dropped (read from the audit writer at scrape time, nothing counted per request).
 */
import type { Counter, Registry } from 'prom-client';
import type { ApprovalDecision } from './observer.js';
import { promClient } from './promClient.js';

/** What the audit writer has done so far (auditWriter.ts `stats`). */
export type AuditSource = () => { readonly written: number; readonly dropped: number };

export class GuardrailMetrics {
  readonly #approvals: Counter<'upstream' | 'decision'>;
  #audit: AuditSource | undefined;

  constructor(registry: Registry) {
    const { Counter } = promClient();
    const registers = [registry];
    this.#approvals = new Counter({
      name: 'mcp_mux_approvals_total',
      help: 'Calls that needed the user approval, by decision (accepted, remembered, fallback, declined)',
      labelNames: ['upstream', 'decision'],
      registers,
    });
    const audit = () => this.#audit?.();
    const line = (name: string, help: string, pick: 'written' | 'dropped') =>
      new Counter({
        name,
        help,
        registers,
        collect() {
          this.reset();
          const stats = audit();
          if (stats) this.inc(stats[pick]);
        },
      });
    line('mcp_mux_audit_lines_total', 'Audit lines written to the audit file', 'written');
    line(
      'mcp_mux_audit_dropped_total',
      'Audit lines dropped because the audit buffer was full (the file could not keep up)',
      'dropped',
    );
  }

  approval(upstream: string, decision: ApprovalDecision): void {
    this.#approvals.labels(upstream, decision).inc();
  }

  /** The audit writer whose counts the scrape reads. */
  attachAudit(source: AuditSource): void {
    this.#audit = source;
  }
}
