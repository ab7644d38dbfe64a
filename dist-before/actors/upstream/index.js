/** The public surface of actors/upstream/ (STYLE.md, principle 6): what is not listed here is free to change. */
export { Admission, } from './admission.js';
export { backoffCap, backoffDelay } from './backoff.js';
export { realClock } from './clock.js';
export { discoveredServer, handshake, modernKeepalive, PROBE_TIMEOUT_MS, } from './handshake.js';
export { IsolatedUpstreams, } from './isolated.js';
export { LegacyConnections, wantsLegacyConnection, } from './legacyConnections.js';
export { ModernCalls } from './modernCalls.js';
export { listChangeFilter, ModernListen } from './modernListen.js';
export { supervisorMachine, supervisorStatus, } from './supervisor.js';
export { SESSIONLESS_LANE, Upstream, } from './upstream.js';
export { describeClose, explainFailure, isLocalAnswer } from './upstreamErrors.js';
export { initializeUpstream, upstreamSessionMachine, } from './upstreamSession.js';
export { UpstreamSupervisor, } from './upstreamSupervisor.js';
//# sourceMappingURL=index.js.map