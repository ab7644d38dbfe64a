/** The public surface of actors/downstream/ (STYLE.md, principle 6): what is not listed here is free to change. */
export { cancelOnDisconnect } from './cancelOnDisconnect.js';
export { DownstreamSession } from './downstream.js';
export { downstreamSessionMachine, } from './downstreamSession.js';
export { ListenQuota } from './listenQuota.js';
//# sourceMappingURL=index.js.map