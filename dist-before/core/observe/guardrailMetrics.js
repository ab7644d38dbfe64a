/**
 * The guardrails' metrics (core/observe/README.md): approvals by upstream and decision
 * (counted when decided, `RouterObserver.approval`), and the audit trail's lines written and
 * dropped (read from the audit writer at scrape time, nothing counted per request).
 */
import { Counter } from 'prom-client';
export class GuardrailMetrics {
    #approvals;
    #audit;
    constructor(registry) {
        const registers = [registry];
        this.#approvals = new Counter({
            name: 'mcp_mux_approvals_total',
            help: 'Calls that needed the user approval, by decision (accepted, remembered, fallback, declined)',
            labelNames: ['upstream', 'decision'],
            registers,
        });
        const audit = () => this.#audit?.();
        const line = (name, help, pick) => new Counter({
            name,
            help,
            registers,
            collect() {
                this.reset();
                const stats = audit();
                if (stats)
                    this.inc(stats[pick]);
            },
        });
        line('mcp_mux_audit_lines_total', 'Audit lines written to the audit file', 'written');
        line('mcp_mux_audit_dropped_total', 'Audit lines dropped because the audit buffer was full (the file could not keep up)', 'dropped');
    }
    approval(upstream, decision) {
        this.#approvals.labels(upstream, decision).inc();
    }
    /** The audit writer whose counts the scrape reads. */
    attachAudit(source) {
        this.#audit = source;
    }
}
//# sourceMappingURL=guardrailMetrics.js.map