/**
 * The CLI's audit trail (`--audit FILE`, `mcpMux.audit`; core/observe/audit.ts): the observer
 * that writes it, its bounded writer, SIGHUP reopening the file (logrotate's `postrotate`; the
 * same signal also re-reads the config, bin/watchConfig.ts), and its drop counts on the
 * metrics. The audit's config is read at start: a reload does not change it.
 */
import { DEFAULT_MAX_NAME_LENGTH, exposeName } from '../core/catalog/index.js';
import { AuditObserver, AuditWriter } from '../core/observe/index.js';
/** The audit of `config` (the `--audit` flag names the file over `mcpMux.audit.file`). */
export function startAudit(config, file, log, metrics, current = () => config) {
    const audit = file === undefined
        ? config.audit
        : { methods: ['tools/call'], arguments: 'digest', ...config.audit, file };
    if (audit === undefined)
        return undefined;
    const writer = new AuditWriter({
        file: audit.file,
        onError: (error) => log.error(`audit: cannot write ${audit.file}: ${error.message}`),
        onDrop: () => log.warn(`audit: ${audit.file} cannot keep up; lines are dropped (counted in mcp_mux_audit_dropped_total, marked in the file)`),
    });
    metrics?.attachAudit(() => writer.stats());
    const observer = new AuditObserver({
        writer,
        methods: audit.methods,
        arguments: audit.arguments,
        redact: config.approveRedact,
        exposed: (upstream, name) => {
            const now = current();
            const prefix = now.upstreams.find((u) => u.name === upstream)?.prefix ?? upstream;
            const options = {
                separator: now.separator,
                maxLength: now.maxNameLength ?? DEFAULT_MAX_NAME_LENGTH,
            };
            return exposeName(prefix, name, options);
        },
    });
    const reopen = () => writer.reopen();
    process.on('SIGHUP', reopen);
    return {
        observer,
        close: () => {
            process.off('SIGHUP', reopen);
            return writer.close();
        },
    };
}
//# sourceMappingURL=audit.js.map