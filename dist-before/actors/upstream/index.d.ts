/** The public surface of actors/upstream/ (STYLE.md, principle 6): what is not listed here is free to change. */
export { Admission, type AdmissionClock, type AdmissionOptions, type AdmissionStats, type AdmissionTask, type AdmissionTicket, type Admitted, } from './admission.js';
export { backoffCap, backoffDelay, type Random } from './backoff.js';
export { realClock, type UpstreamClock } from './clock.js';
export { discoveredServer, type HandshakeInput, handshake, modernKeepalive, PROBE_TIMEOUT_MS, } from './handshake.js';
export { type IsolatedSession, IsolatedUpstreams, type IsolatedUpstreamsOptions, } from './isolated.js';
export { LegacyConnections, type LegacyConnectionsOptions, wantsLegacyConnection, } from './legacyConnections.js';
export { ModernCalls, type ModernCallsOptions } from './modernCalls.js';
export { listChangeFilter, ModernListen, type ModernListenOptions } from './modernListen.js';
export { type Health, type SessionInput, type SupervisorContext, type SupervisorEvent, type SupervisorInput, type SupervisorPhase, type SupervisorStatus, supervisorMachine, supervisorStatus, } from './supervisor.js';
export { SESSIONLESS_LANE, Upstream, type UpstreamOptions, type UpstreamRequestOptions, type UpstreamState, } from './upstream.js';
export { describeClose, explainFailure, isLocalAnswer } from './upstreamErrors.js';
export { initializeUpstream, type UpstreamServerInfo, type UpstreamSessionEvent, type UpstreamSessionInput, upstreamSessionMachine, } from './upstreamSession.js';
export { type SessionActor, type SessionStateValue, type SupervisorClock, UpstreamSupervisor, type UpstreamSupervisorOptions, } from './upstreamSupervisor.js';
