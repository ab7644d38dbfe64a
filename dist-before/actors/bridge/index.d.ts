/** The public surface of actors/bridge/ (STYLE.md, principle 6): what is not listed here is free to change. */
export { Bridge, type BridgedUpstream, type BridgeOptions, type BridgeStats } from './bridge.js';
export { type Candidate, type Choice, chooseSession } from './chooseSession.js';
export { HELD_DEFAULTS, HeldRounds, type HeldRoundsOptions } from './heldRounds.js';
export { type InputRoundsOptions, inputRounds, MAX_ROUNDS } from './inputRounds.js';
export { BRIDGED_METHODS, ModernCallers } from './modernCallers.js';
export { ServerRequests, type ServerRequestsHost } from './serverRequests.js';
export { type InflightUse, type InflightView, SessionUsage, type UsageEntry, type UsageSession, } from './sessionUsage.js';
