/** The public surface of actors/downstream/ (STYLE.md, principle 6): what is not listed here is free to change. */
export { type CancelOnDisconnectOptions, cancelOnDisconnect } from './cancelOnDisconnect.js';
export { DownstreamSession } from './downstream.js';
export { type DownstreamSessionContext, type DownstreamSessionEvent, downstreamSessionMachine, } from './downstreamSession.js';
export type { Caller, ClientSession, SessionHost } from './host.js';
export { type ListenLimits, ListenQuota } from './listenQuota.js';
