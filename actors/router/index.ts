/** The public surface of actors/router/ (STYLE.md, principle 6): what is not listed here is free to change. */

export { ConfigChanges, type ConfigChangesHost } from './configChanges.js';
export { type ConnectOptions, connectSession } from './connectSession.js';
export { type RefusalReason, type RouterEvent, RouterEvents, refusalOf } from './events.js';
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
export { Forwarder, type ForwarderOptions } from './forwarder.js';
export {
  type InflightHooks,
  InflightIndex,
  type InflightIndexOptions,
  type InflightRequest,
  type RequestInFlight,
} from './inflight.js';
export {
  type CallToolOptions,
  type CatalogItems,
  catalogItems,
  type LibraryCallOptions,
  type LibraryRequestOptions,
  LibrarySessions,
} from './libraryCalls.js';
export {
  LogLevels,
  type LogLevelsHost,
  type LogSession,
  levelOf,
} from './logLevels.js';
export { Profiles, type ProfilesSource } from './profiles.js';
export {
  planReload,
  type ReloadHost,
  type ReloadPlan,
  type ReloadResult,
  reloadRouter,
  sameValue,
} from './reload.js';
export { Router, VERSION } from './router.js';
export type { RouterOptions, RouterStats, UpstreamsView, Viewer } from './routerOptions.js';
export { type Served, serveOn } from './serveOn.js';
export { type CloseOptions, withDeadline } from './shutdown.js';
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
export { UpstreamPool, type UpstreamPoolOptions } from './upstreamPool.js';
