/** The public surface of actors/bridge/ (STYLE.md, principle 6): what is not listed here is free to change. */
export { Bridge } from './bridge.js';
export { chooseSession } from './chooseSession.js';
export { HELD_DEFAULTS, HeldRounds } from './heldRounds.js';
export { inputRounds, MAX_ROUNDS } from './inputRounds.js';
export { BRIDGED_METHODS, ModernCallers } from './modernCallers.js';
export { ServerRequests } from './serverRequests.js';
export { SessionUsage, } from './sessionUsage.js';
//# sourceMappingURL=index.js.map