import type { Logger } from '../core/log/index.js';
import { AuditObserver, type MuxMetrics } from '../core/observe/index.js';
import type { RouterConfig } from '../index.js';
export interface Audit {
    readonly observer: AuditObserver;
    /** Flushes and closes the file, and stops listening for SIGHUP. */
    close(): Promise<void>;
}
/** The audit of `config` (the `--audit` flag names the file over `mcpMux.audit.file`). */
export declare function startAudit(config: RouterConfig, file: string | undefined, log: Logger, metrics: MuxMetrics | undefined, current?: () => RouterConfig): Audit | undefined;
