/** The public surface of core/observe/ (STYLE.md, principle 6). */
export { AuditObserver } from './audit.js';
export { AuditWriter } from './auditWriter.js';
export { composeObservers } from './composeObservers.js';
export { liveness, readiness, } from './health.js';
export { MuxMetrics, } from './metrics.js';
export { outcomeOf } from './outcome.js';
export { REDACTED, redactKeys } from './redact.js';
export { adoptTraceHeaders, formatTraceparent, parseTraceparent, traceHeadersOf, tracingActive, } from './traceContext.js';
export { TrafficCounter } from './traffic.js';
//# sourceMappingURL=index.js.map