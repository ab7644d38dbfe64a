/**
 * What upstreams send to the router on their own: requests (server-to-client) and
 * notifications. Two tables, one handler per MCP method; methods not in the request table
 * get -32601, notifications not in theirs are dropped with a debug line.
 */
import { type Observable, of } from 'rxjs';
import type { Catalog, CatalogKind, TaskIds } from '../../core/catalog/index.js';
import type { RootConfig } from '../../core/config/index.js';
import type { Logger } from '../../core/log/index.js';
import type {
  InboundContext,
  InboundEvent,
  JsonRpcNotification,
  JsonRpcRequest,
} from '../../core/rpc/index.js';
import { methodTable } from '../../core/rpc/index.js';
import type { Bridge } from '../bridge/index.js';
import type { ClientSession } from '../downstream/index.js';
import type { Audience } from './audience.js';
import { type LogLevels, logRecipients } from './logLevels.js';
import type { Subscriptions } from './subscriptions.js';

/** What the handlers need from the router's parts (built by parts.ts). */
export interface UpstreamInboundHost {
  readonly log: Logger;
  readonly catalog: Pick<Catalog, 'exposedUri'>;
  /** Every connected session (log messages from a shared upstream: router/logLevels.ts). */
  readonly sessions: Iterable<ClientSession>;
  /** Server-to-client requests, and who caused what (actors/bridge/). */
  readonly bridge: Pick<Bridge, 'serverRequest$' | 'elicitationComplete' | 'logCauses'>;
  readonly subscriptions: Pick<Subscriptions, 'deliver'>;
  readonly logging: Pick<LogLevels, 'deliver'>;
  /** Who may receive what an upstream sends (`mcpMux.access`): every handler below asks it. */
  readonly audience: Pick<Audience, 'mayReceive' | 'only'>;
  /** Re-fetches some lists of one upstream into the catalog. */
  refresh(upstream: string, kinds: CatalogKind[]): void;
  /** Exposed task ids, for `notifications/tasks/status` (routes/tasks.ts). */
  readonly tasks: Pick<TaskIds<ClientSession | undefined>, 'find'>;
  /** The roots a shared connection to `upstream` is told about (its config's `roots`). */
  rootsOf(upstream: string): readonly RootConfig[];
}

export type UpstreamRequestHandler = (
  router: UpstreamInboundHost,
  upstream: string,
  request: JsonRpcRequest,
  inbound: InboundContext,
  /** The one session an isolated upstream connection serves; undefined on a shared one. */
  session?: ClientSession,
) => Observable<InboundEvent>;

export type UpstreamNotificationHandler = (
  router: UpstreamInboundHost,
  upstream: string,
  notification: JsonRpcNotification,
  /** The one session an isolated upstream connection serves; undefined on a shared one. */
  session?: ClientSession,
) => void;

/**
 * A shared upstream's log message: to the session that caused it when known (logLevels.ts).
 * Modern (session-less) callers in flight there are possible causes too. Either way only to
 * sessions that may receive what `upstream` sends (`mcpMux.access`).
 */
function logTargets(router: UpstreamInboundHost, upstream: string): ClientSession[] {
  const { sessions, modernCallers } = router.bridge.logCauses(upstream);
  return router.audience.only(upstream, logRecipients(sessions, router.sessions, modernCallers));
}

/** The one session of an isolated connection, if it may receive what `upstream` sends. */
const pinnedReceiver = (
  router: UpstreamInboundHost,
  upstream: string,
  session: ClientSession,
): ClientSession[] => (router.audience.mayReceive(session, upstream) ? [session] : []);

const refresh =
  (...kinds: CatalogKind[]): UpstreamNotificationHandler =>
  (router, upstream) =>
    router.refresh(upstream, kinds);

/** Server-to-client requests go to one client session (actors/bridge/serverRequests.ts). */
const toClient: UpstreamRequestHandler = (router, upstream, request, inbound, session) =>
  router.bridge.serverRequest$(upstream, request, inbound, session);

/**
 * `roots/list`: an isolated connection asks its own client. A shared connection serves every
 * client, so it never sees one client's roots on behalf of another: the router answers with
 * the config's roots (none by default) itself (core/config/roots.ts, actors/README.md).
 */
const rootsList: UpstreamRequestHandler = (router, upstream, request, inbound, session) =>
  session
    ? router.bridge.serverRequest$(upstream, request, inbound, session)
    : of<InboundEvent>({ kind: 'result', result: { roots: [...router.rootsOf(upstream)] } });

export const upstreamRequests: Readonly<Record<string, UpstreamRequestHandler>> = methodTable({
  ping: () => of<InboundEvent>({ kind: 'result', result: {} }),
  'sampling/createMessage': toClient,
  'elicitation/create': toClient,
  'roots/list': rootsList,
});

export const upstreamNotifications: Readonly<Record<string, UpstreamNotificationHandler>> =
  methodTable({
    'notifications/tools/list_changed': refresh('tools'),
    'notifications/prompts/list_changed': refresh('prompts'),
    'notifications/resources/list_changed': refresh('resources', 'resourceTemplates'),
    'notifications/elicitation/complete': (router, upstream, notification, session) =>
      router.bridge.elicitationComplete(upstream, notification, session),
    // An isolated connection's messages and updates belong to its one session.
    'notifications/resources/updated': (router, upstream, notification, session) => {
      const params = notification.params ?? {};
      if (!session) router.subscriptions.deliver(upstream, params);
      else if (typeof params.uri === 'string' && router.audience.mayReceive(session, upstream)) {
        const uri = router.catalog.exposedUri(upstream, params.uri);
        session.notifyIfReady(notification.method, { ...params, uri });
      }
    },
    // Only to the session that created the task, with the id it was given.
    'notifications/tasks/status': (router, upstream, notification, session) => {
      const params = notification.params ?? {};
      const known =
        typeof params.taskId === 'string' ? router.tasks.find(upstream, params.taskId) : undefined;
      const owner = known?.owner;
      if (
        !known ||
        !owner ||
        (session && owner !== session) ||
        !router.audience.mayReceive(owner, upstream)
      ) {
        router.log.debug(`upstream ${upstream}: dropped a status of an unknown task`);
        return;
      }
      owner.notifyIfReady(notification.method, { ...params, taskId: known.exposed });
    },
    'notifications/message': (router, upstream, notification, session) => {
      const params = notification.params ?? {};
      router.log.debug(`upstream ${upstream} log`, { level: params.level, data: params.data });
      const targets = session
        ? pinnedReceiver(router, upstream, session)
        : logTargets(router, upstream);
      router.logging.deliver(upstream, params, targets);
    },
  });
