/** The public surface of actors/router/ (STYLE.md, principle 6): what is not listed here is free to change. */
export { type Candidate, type Choice, chooseSession } from './chooseSession.js';
export {
  ALL_KINDS,
  facadeCapabilities,
  facadeInstructions,
  LIST_KINDS,
  ListChanges,
  logCollisions,
  type UpstreamStatus,
  upstreamStatus,
} from './facade.js';
export { HELD_DEFAULTS, HeldRounds, type HeldRoundsOptions } from './heldRounds.js';
export { type InputRoundsOptions, inputRounds, MAX_ROUNDS } from './inputRounds.js';
export {
  LogLevels,
  type LogLevelsHost,
  type LogSession,
  levelOf,
} from './logLevels.js';
export { ModernCallers } from './modernCallers.js';
export {
  planReload,
  type ReloadHost,
  type ReloadPlan,
  type ReloadResult,
  reloadRouter,
  sameValue,
} from './reload.js';
export { Router, type RouterOptions, VERSION } from './router.js';
export { type Served, serveOn } from './serveOn.js';
export { ServerRequests, type ServerRequestsHost } from './serverRequests.js';
export { SessionUsage, type UsageEntry, type UsageSession } from './sessionUsage.js';
export {
  type Subscriber,
  Subscriptions,
  type SubscriptionsHost,
} from './subscriptions.js';
export {
  type UpstreamInboundHost,
  type UpstreamNotificationHandler,
  type UpstreamRequestHandler,
  upstreamNotifications,
  upstreamRequests,
} from './upstreamInbound.js';
