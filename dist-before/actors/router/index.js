/** The public surface of actors/router/ (STYLE.md, principle 6): what is not listed here is free to change. */
export { ConfigChanges } from './configChanges.js';
export { connectSession } from './connectSession.js';
export { RouterEvents, refusalOf } from './events.js';
export { ALL_KINDS, facadeCapabilities, facadeInstructions, LIST_KINDS, ListChanges, logCollisions, upstreamStatus, } from './facade.js';
export { Forwarder } from './forwarder.js';
export { InflightIndex, } from './inflight.js';
export { catalogItems, LibrarySessions, } from './libraryCalls.js';
export { LogLevels, levelOf, } from './logLevels.js';
export { Profiles } from './profiles.js';
export { planReload, reloadRouter, sameValue, } from './reload.js';
export { Router, VERSION } from './router.js';
export { serveOn } from './serveOn.js';
export { withDeadline } from './shutdown.js';
export { Subscriptions, } from './subscriptions.js';
export { upstreamNotifications, upstreamRequests, } from './upstreamInbound.js';
export { UpstreamPool } from './upstreamPool.js';
//# sourceMappingURL=index.js.map