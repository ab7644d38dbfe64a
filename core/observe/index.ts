/** The public surface of core/observe/ (STYLE.md, principle 6). */
export {
  type AuditArguments,
  AuditObserver,
  type AuditOptions,
  type AuditSink,
  lineSink,
} from './audit.js';
export type { AuditEntry } from './auditEntry.js';
export { AuditThread, type AuditThreadOptions } from './auditThread.js';
export { AuditWriter, type AuditWriterOptions } from './auditWriter.js';
export { type ClusterSample, registerClusterMetrics } from './clusterMetrics.js';
export { composeObservers } from './composeObservers.js';
export type { AuditSource } from './guardrailMetrics.js';
export {
  type HealthAnswer,
  type HealthUpstream,
  liveness,
  type ReadinessRule,
  type RequestSummary,
  readiness,
} from './health.js';
export { memo2 } from './memo2.js';
export {
  type MetricsSource,
  MuxMetrics,
  type MuxMetricsOptions,
  type TrafficSource,
  type UpstreamSample,
} from './metrics.js';
export type {
  ApprovalDecision,
  ObservedCaller,
  ObservedSession,
  Outcome,
  RequestObservation,
  RouterObserver,
} from './observer.js';
export { outcomeOf } from './outcome.js';
export { REDACTED, redactKeys } from './redact.js';
export {
  adoptTraceHeaders,
  formatTraceparent,
  parseTraceparent,
  traceHeadersOf,
  tracingActive,
} from './traceContext.js';
export { type CountedSocket, TrafficCounter } from './traffic.js';
