/**
 * The CLI's audit trail (`--audit FILE`, `mcpMux.audit`; core/observe/audit.ts): the observer
 * that gathers it, its bounded writer on a worker thread (core/observe/auditThread.ts), SIGHUP reopening the file (logrotate's `postrotate`; the
 * same signal also re-reads the config, bin/watchConfig.ts), and its drop counts on the
 * metrics. The audit's config is read at start: a reload does not change it.
 */
import { DEFAULT_MAX_NAME_LENGTH, exposeName } from '../core/catalog/index.js';
import type { AuditConfig } from '../core/config/index.js';
import type { Logger } from '../core/log/index.js';
import { AuditObserver, AuditThread, type MuxMetrics, memo2 } from '../core/observe/index.js';
import type { RouterConfig } from '../index.js';

export interface Audit {
  readonly observer: AuditObserver;
  /** Flushes and closes the file, and stops listening for SIGHUP. */
  close(): Promise<void>;
}

/** The audit of `config` (the `--audit` flag names the file over `mcpMux.audit.file`). */
export function startAudit(
  config: RouterConfig,
  file: string | undefined,
  log: Logger,
  metrics: MuxMetrics | undefined,
  current: () => RouterConfig = () => config,
): Audit | undefined {
  const audit: AuditConfig | undefined =
    file === undefined
      ? config.audit
      : { methods: ['tools/call'], arguments: 'digest', ...config.audit, file };
  if (audit === undefined) return undefined;
  const writer = new AuditThread({
    file: audit.file,
    arguments: audit.arguments,
    redact: config.approveRedact,
    onError: (error) => log.error(`audit: ${audit.file}: ${error.message}`),
    onDrop: () =>
      log.warn(
        `audit: ${audit.file} cannot keep up; lines are dropped (counted in mcp_mux_audit_dropped_total, marked in the file)`,
      ),
  });
  metrics?.attachAudit(() => writer.stats());
  const observer = new AuditObserver({
    sink: writer,
    methods: audit.methods,
    arguments: audit.arguments,
    exposed: exposedNames(current),
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

/**
 * The exposed name of an upstream's tool, as the config in force names it; kept per config
 * (a reload starts afresh) and bounded, since the same few names come back on every line.
 */
function exposedNames(current: () => RouterConfig): (upstream: string, name: string) => string {
  let config: RouterConfig | undefined;
  let byUpstream = new Map<string, Map<string, string>>();
  let size = 0;
  const make = (upstream: string, name: string): string => {
    const now = config as RouterConfig;
    const prefix = now.upstreams.find((u) => u.name === upstream)?.prefix ?? upstream;
    size++;
    return exposeName(prefix, name, {
      separator: now.separator,
      maxLength: now.maxNameLength ?? DEFAULT_MAX_NAME_LENGTH,
    });
  };
  return (upstream, name) => {
    const now = current();
    if (now !== config || size >= 4096) {
      config = now;
      byUpstream = new Map();
      size = 0;
    }
    return memo2(byUpstream, upstream, name, make);
  };
}
